import type { EmptyResponse } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { accessTokenKeys } from './keys'

export type AccessTokenDeleteVariables = { id: number }

export async function deleteAccessToken({ id }: AccessTokenDeleteVariables) {
  return api('DELETE /platform/profile/access-tokens/{id}', { params: { id } })
}

export function useAccessTokenDeleteMutation(options: MutationOptions<EmptyResponse, AccessTokenDeleteVariables> = {}) {
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
