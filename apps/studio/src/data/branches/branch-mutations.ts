import { type Branch, type CreateBranchBody, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { branchKeys } from './keys'

export type BranchCreateVariables = { ref: string | undefined } & CreateBranchBody
export type BranchActionVariables = { ref: string | undefined; branchId: string; action: 'reset' | 'pull' | 'delete' }

function useInvalidateBranches() {
  const queryClient = useQueryClient()
  return (ref: string | undefined) => queryClient.invalidateQueries({ queryKey: branchKeys.list(ref) })
}

export function useBranchCreateMutation(options: MutationOptions<Branch, BranchCreateVariables> = {}) {
  const invalidate = useInvalidateBranches()
  return useMutation({
    ...options,
    mutationFn: async ({ ref, ...body }: BranchCreateVariables) => {
      if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
      return api('POST /v1/projects/{ref}/branches', { params: { ref }, body })
    },
    onSuccess: (answer, variables, ...rest) => {
      void invalidate(variables.ref)
      return options.onSuccess?.(answer, variables, ...rest)
    },
  })
}

/** Reset (a fresh database, every migration again), pull (new migrations only) or delete one branch. */
export function useBranchActionMutation(options: MutationOptions<Branch, BranchActionVariables> = {}) {
  const invalidate = useInvalidateBranches()
  return useMutation({
    ...options,
    mutationFn: async ({ ref, branchId, action }: BranchActionVariables) => {
      if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
      const params = { ref, branchId }
      if (action === 'delete') return api('DELETE /v1/projects/{ref}/branches/{branchId}', { params })
      if (action === 'reset') return api('POST /v1/projects/{ref}/branches/{branchId}/reset', { params })
      return api('POST /v1/projects/{ref}/branches/{branchId}/pull', { params })
    },
    onSuccess: (answer, variables, ...rest) => {
      void invalidate(variables.ref)
      return options.onSuccess?.(answer, variables, ...rest)
    },
  })
}
