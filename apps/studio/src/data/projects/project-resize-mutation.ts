import { type ComputeSize, type Project, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { applyProjectOperationResult } from './project-operation-cache'

export type ProjectResizeVariables = { ref: string | undefined; computeSize: ComputeSize }

export async function resizeProject({ ref, computeSize }: ProjectResizeVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/projects/{ref}/resize', { params: { ref }, body: { compute_size: computeSize } })
}

export function useProjectResizeMutation(options: MutationOptions<Project, ProjectResizeVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: resizeProject,
    onSuccess: (project, ...rest) => {
      applyProjectOperationResult(queryClient, project)
      return options.onSuccess?.(project, ...rest)
    },
  })
}
