import { useMutation, useQueryClient } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { MutationOptions } from '../types'
import { accessTokenKeys } from './keys'

export type AccessTokenDeleteVariables = { id: number }

export async function deleteAccessToken({ id }: AccessTokenDeleteVariables) {
  return fetcher<Record<string, never>>(`/platform/profile/access-tokens/${id}`, { method: 'DELETE' })
}

export function useAccessTokenDeleteMutation(
  options: MutationOptions<Record<string, never>, AccessTokenDeleteVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: deleteAccessToken,
    onSuccess: async (answer, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: accessTokenKeys.list() })
      return options.onSuccess?.(answer, ...rest)
    },
  })
}
