import { type CreateGitConnectionBody, type GitConnection, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions, QueryOptions } from '../types'
import { branchKeys } from './keys'

export async function getGitConnections({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}/git-connections', { params: { ref }, signal })
}

export function useGitConnectionsQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<GitConnection[]> = {},
) {
  return useQuery({
    ...options,
    queryKey: branchKeys.connections(ref),
    queryFn: ({ signal }) => getGitConnections({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}

export type GitConnectionCreateVariables = { ref: string | undefined } & CreateGitConnectionBody

export function useGitConnectionCreateMutation(
  options: MutationOptions<GitConnection, GitConnectionCreateVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: async ({ ref, ...body }: GitConnectionCreateVariables) => {
      if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
      return api('POST /platform/projects/{ref}/git-connections', { params: { ref }, body })
    },
    onSuccess: (answer, variables, ...rest) => {
      void queryClient.invalidateQueries({ queryKey: branchKeys.connections(variables.ref) })
      return options.onSuccess?.(answer, variables, ...rest)
    },
  })
}

/** Whether the connection's repository has the branch: the answer, or an ApiError (404 when it has not). */
export function checkGitBranch({ connectionId, branchName }: { connectionId: number; branchName: string }) {
  return api('GET /platform/integrations/github/branches/{connectionId}/{branchName}', {
    params: { connectionId, branchName },
  })
}
