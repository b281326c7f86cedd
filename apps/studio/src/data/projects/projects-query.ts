import type { Project } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { projectKeys } from './keys'

/** Projects of every organization the user belongs to. */
export async function getProjects(signal?: AbortSignal) {
  return api('GET /platform/projects', { signal })
}

/**
 * A project being deleted is gone for the user: lists leave it out. The query keeps it (a poll on transitional
 * statuses sees it), so a deletion that fails and leaves it in another status brings it back.
 */
export function withoutDeletedProjects(projects: Project[]): Project[] {
  return projects.filter((project) => project.status !== 'GOING_DOWN')
}

export function useProjectsQuery(options: QueryOptions<Project[]> = {}) {
  return useQuery({
    select: withoutDeletedProjects,
    ...options,
    queryKey: projectKeys.list(),
    queryFn: ({ signal }) => getProjects(signal),
  })
}
