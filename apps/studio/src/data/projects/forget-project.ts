import type { Project } from '@pgfleet/contracts'
import type { QueryClient } from '@tanstack/react-query'
import { projectKeys } from './keys'

/** A deleted project leaves every cached list at once, before the list is fetched again. */
export function removeProjectFromLists(queryClient: QueryClient, ref: string) {
  queryClient.setQueryData<Project[]>(projectKeys.list(), (projects) =>
    projects?.filter((project) => project.ref !== ref),
  )
  void queryClient.invalidateQueries({ queryKey: projectKeys.list() })
}
