import type { CreateProjectBody, Project } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import { organizationKeys } from '../organizations/keys'
import type { MutationOptions } from '../types'
import { projectKeys } from './keys'

export async function createProject(body: CreateProjectBody) {
  return api('POST /v1/projects', { body })
}

export function useProjectCreateMutation(options: MutationOptions<Project, CreateProjectBody> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: createProject,
    onSuccess: (project, ...rest) => {
      // The project page opens at once on the answer (status COMING_UP) instead of fetching it again.
      queryClient.setQueryData(projectKeys.detail(project.ref), project)
      void queryClient.invalidateQueries({ queryKey: projectKeys.list() })
      void queryClient.invalidateQueries({ queryKey: organizationKeys.freeLimitMembers(project.organization_slug) })
      return options.onSuccess?.(project, ...rest)
    },
  })
}
