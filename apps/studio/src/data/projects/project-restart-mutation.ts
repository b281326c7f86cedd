import { type Project, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { applyProjectOperationResult } from './project-operation-cache'

export type ProjectRestartVariables = { ref: string | undefined }

export async function restartProject({ ref }: ProjectRestartVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/projects/{ref}/restart', { params: { ref } })
}

export function useProjectRestartMutation(options: MutationOptions<Project, ProjectRestartVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: restartProject,
    onSuccess: (project, ...rest) => {
      applyProjectOperationResult(queryClient, project)
      return options.onSuccess?.(project, ...rest)
    },
  })
}
