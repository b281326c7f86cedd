import type { RouteResponse } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { accessTokenKeys } from './keys'

/** The only answer that carries the token itself; the list shows an alias. */
export type AccessTokenCreated = RouteResponse<'POST /platform/profile/access-tokens'>
export type AccessTokenCreateVariables = { name: string }

export async function createAccessToken(variables: AccessTokenCreateVariables) {
  return api('POST /platform/profile/access-tokens', { body: variables })
}

export function useAccessTokenCreateMutation(
  options: MutationOptions<AccessTokenCreated, AccessTokenCreateVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: createAccessToken,
    onSuccess: async (token, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: accessTokenKeys.list() })
      return options.onSuccess?.(token, ...rest)
    },
  })
}
