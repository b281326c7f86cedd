import { type ApiKeyResponse, type CreateApiKeyBody, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { apiKeysKeys } from './keys'

export type ApiKeyCreateVariables = { ref: string | undefined } & CreateApiKeyBody

/** Creates a publishable or secret key; the answer carries the new key's value, shown once to its creator. */
export async function createApiKey({ ref, ...body }: ApiKeyCreateVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /v1/projects/{ref}/api-keys', { params: { ref }, query: { reveal: 'true' }, body })
}

export function useApiKeyCreateMutation(options: MutationOptions<ApiKeyResponse, ApiKeyCreateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: createApiKey,
    onSuccess: async (data, variables, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: apiKeysKeys.list(variables.ref) })
      await options.onSuccess?.(data, variables, ...rest)
    },
  })
}
