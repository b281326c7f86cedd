import { type Project, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { applyProjectOperationResult } from './project-operation-cache'

export type ProjectPauseVariables = { ref: string | undefined }

export async function pauseProject({ ref }: ProjectPauseVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/projects/{ref}/pause', { params: { ref } })
}

export function useProjectPauseMutation(options: MutationOptions<Project, ProjectPauseVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: pauseProject,
    onSuccess: (project, ...rest) => {
      applyProjectOperationResult(queryClient, project)
      return options.onSuccess?.(project, ...rest)
    },
  })
}
