import { REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import type { AuthConfig } from './auth-config-query'
import { authConfigKeys } from './keys'

export type AuthConfigUpdateVariables = { ref: string | undefined; changes: Partial<AuthConfig> }

/** Sends only the fields that changed; the server answers every field, as stored. */
export async function updateAuthConfig({ ref, changes }: AuthConfigUpdateVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return (await api('PATCH /v1/projects/{ref}/config/auth', { params: { ref }, body: changes })) as AuthConfig
}

/** Saves and puts the server's answer in the cache, so every settings page shows what was stored. */
export function useAuthConfigUpdateMutation(options: MutationOptions<AuthConfig, AuthConfigUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: updateAuthConfig,
    onSuccess: (config, variables, ...rest) => {
      queryClient.setQueryData(authConfigKeys.config(variables.ref), config)
      return options.onSuccess?.(config, variables, ...rest)
    },
  })
}
