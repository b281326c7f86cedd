import type { AccessTokenCreated as AccessTokenCreatedSchema } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { fetcher } from '../fetcher'
import type { MutationOptions } from '../types'
import { accessTokenKeys } from './keys'

/** The only answer that carries the token itself; the list shows an alias. */
export type AccessTokenCreated = z.infer<typeof AccessTokenCreatedSchema>
export type AccessTokenCreateVariables = { name: string }

export async function createAccessToken(variables: AccessTokenCreateVariables) {
  return fetcher<AccessTokenCreated>('/platform/profile/access-tokens', { method: 'POST', body: variables })
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
