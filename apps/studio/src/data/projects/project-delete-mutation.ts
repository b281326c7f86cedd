import { type Project, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import { backupKeys } from '../backups/keys'
import { organizationKeys } from '../organizations/keys'
import type { MutationOptions } from '../types'
import { removeProjectFromLists } from './forget-project'
import { projectKeys } from './keys'

/** `deleteBranches`: the user has seen the project's preview branches listed and agrees they go with it. */
export type ProjectDeleteVariables = { ref: string | undefined; deleteBranches?: boolean }

/** Answers the project in status GOING_DOWN; it disappears once the deletion job has finished. */
export async function deleteProject({ ref, deleteBranches }: ProjectDeleteVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('DELETE /platform/projects/{ref}', {
    params: { ref },
    query: deleteBranches ? { delete_branches: 'true' } : undefined,
  })
}

export function useProjectDeleteMutation(options: MutationOptions<Project, ProjectDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: deleteProject,
    onSuccess: (project, ...rest) => {
      queryClient.setQueryData(projectKeys.detail(project.ref), project)
      removeProjectFromLists(queryClient, project.ref)
      void queryClient.invalidateQueries({ queryKey: organizationKeys.freeLimitMembers(project.organization_slug) })
      queryClient.removeQueries({ queryKey: backupKeys.downloadable(project.ref) })
      return options.onSuccess?.(project, ...rest)
    },
  })
}
