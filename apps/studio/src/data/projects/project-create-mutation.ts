import type { CreateProjectBody, Project } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import { organizationKeys } from '../organizations/keys'
import type { MutationOptions } from '../types'
import { projectKeys } from './keys'
import { getProjectDetail } from './project-detail-query'

/**
 * Creates the project through the management API, then reads it as the dashboard's routes give it (the management
 * answer names the project by its ref in `id`; the dashboard keeps the numeric id), still in status COMING_UP.
 */
export async function createProject(body: CreateProjectBody): Promise<Project> {
  const created = await api('POST /v1/projects', { body })
  return getProjectDetail({ ref: created.ref })
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
