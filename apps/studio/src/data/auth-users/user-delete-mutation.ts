import { type MessageResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { authUsersKeys } from './keys'

export type AuthUserDeleteVariables = { ref: string | undefined; id: string }

export async function deleteAuthUser({ ref, id }: AuthUserDeleteVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('DELETE /platform/auth/{ref}/users/{id}', { params: { ref, id } })
}

export function useAuthUserDeleteMutation(options: MutationOptions<MessageResponse, AuthUserDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: deleteAuthUser,
    onSuccess: async (answer, variables, ...rest) => {
      queryClient.removeQueries({ queryKey: authUsersKeys.detail(variables.ref, variables.id) })
      await queryClient.invalidateQueries({ queryKey: authUsersKeys.all(variables.ref) })
      return options.onSuccess?.(answer, variables, ...rest)
    },
  })
}
