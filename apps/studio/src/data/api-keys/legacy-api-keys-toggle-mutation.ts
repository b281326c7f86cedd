import { type LegacyApiKeysResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { apiKeysKeys } from './keys'

export type LegacyApiKeysToggleVariables = { ref: string | undefined; enabled: boolean }

/** Turns the legacy JWT keys on or off. */
export async function toggleLegacyApiKeys({ ref, enabled }: LegacyApiKeysToggleVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('PUT /v1/projects/{ref}/api-keys/legacy', {
    params: { ref },
    query: { enabled: enabled ? 'true' : 'false' },
  })
}

export function useLegacyApiKeysToggleMutation(
  options: MutationOptions<LegacyApiKeysResponse, LegacyApiKeysToggleVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: toggleLegacyApiKeys,
    onSuccess: async (data, variables, ...rest) => {
      queryClient.setQueryData(apiKeysKeys.legacyStatus(variables.ref), data)
      // turning them off gives a project its default keys if it never had them
      await queryClient.invalidateQueries({ queryKey: apiKeysKeys.list(variables.ref) })
      await options.onSuccess?.(data, variables, ...rest)
    },
  })
}
