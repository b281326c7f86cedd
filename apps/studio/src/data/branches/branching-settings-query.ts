import { type BranchingSettings, type EnableBranchingBody, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions, QueryOptions } from '../types'
import { branchKeys } from './keys'

export function useBranchingSettingsQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<BranchingSettings> = {},
) {
  return useQuery({
    ...options,
    queryKey: branchKeys.settings(ref),
    queryFn: ({ signal }) => {
      if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
      return api('GET /platform/projects/{ref}/branching', { params: { ref }, signal })
    },
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

export type EnableBranchingVariables = { ref: string | undefined } & EnableBranchingBody

export function useEnableBranchingMutation(options: MutationOptions<BranchingSettings, EnableBranchingVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: async ({ ref, ...body }: EnableBranchingVariables) => {
      if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
      return api('PUT /platform/projects/{ref}/branching', { params: { ref }, body })
    },
    onSuccess: (answer, variables, ...rest) => {
      queryClient.setQueryData(branchKeys.settings(variables.ref), answer)
      return options.onSuccess?.(answer, variables, ...rest)
    },
  })
}
