import { type ApiKeyResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { apiKeysKeys } from './keys'

export type ApiKeyDeleteVariables = { ref: string | undefined; id: string }

/** Revokes a key: requests carrying it are refused from then on. */
export async function deleteApiKey({ ref, id }: ApiKeyDeleteVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('DELETE /v1/projects/{ref}/api-keys/{id}', { params: { ref, id } })
}

export function useApiKeyDeleteMutation(options: MutationOptions<ApiKeyResponse, ApiKeyDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: deleteApiKey,
    onSuccess: async (data, variables, ...rest) => {
      queryClient.removeQueries({ queryKey: apiKeysKeys.revealed(variables.ref, variables.id) })
      await queryClient.invalidateQueries({ queryKey: apiKeysKeys.list(variables.ref) })
      await options.onSuccess?.(data, variables, ...rest)
    },
  })
}
