import { type MessageResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { authUsersKeys } from './keys'

export type AuthUserSessionsDeleteVariables = { ref: string | undefined; id: string }

/** Signs the user out everywhere. */
export async function deleteAuthUserSessions({ ref, id }: AuthUserSessionsDeleteVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('DELETE /platform/auth/{ref}/users/{id}/sessions', { params: { ref, id } })
}

export function useAuthUserSessionsDeleteMutation(
  options: MutationOptions<MessageResponse, AuthUserSessionsDeleteVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: deleteAuthUserSessions,
    onSuccess: async (answer, variables, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: authUsersKeys.detail(variables.ref, variables.id) })
      return options.onSuccess?.(answer, variables, ...rest)
    },
  })
}
