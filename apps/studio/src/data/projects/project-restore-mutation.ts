import { type Project, REQUIRED_VALUE_MESSAGES, type RestoreProjectBody } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { applyProjectOperationResult } from './project-operation-cache'

export type ProjectRestoreVariables = { ref: string | undefined; body: RestoreProjectBody }

export async function restoreProject({ ref, body }: ProjectRestoreVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/projects/{ref}/restore', { params: { ref }, body })
}

export function useProjectRestoreMutation(options: MutationOptions<Project, ProjectRestoreVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: restoreProject,
    onSuccess: (project, ...rest) => {
      applyProjectOperationResult(queryClient, project)
      return options.onSuccess?.(project, ...rest)
    },
  })
}
