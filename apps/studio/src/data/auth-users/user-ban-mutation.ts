import { type AuthUser, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { authUsersKeys } from './keys'

/** `banDuration`: a duration such as 24h, or none to lift the ban. */
export type AuthUserBanVariables = { ref: string | undefined; id: string; banDuration: string }

export async function banAuthUser({ ref, id, banDuration }: AuthUserBanVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('PATCH /platform/auth/{ref}/users/{id}', { params: { ref, id }, body: { ban_duration: banDuration } })
}

export function useAuthUserBanMutation(options: MutationOptions<AuthUser, AuthUserBanVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: banAuthUser,
    onSuccess: async (user, variables, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: authUsersKeys.all(variables.ref) })
      return options.onSuccess?.(user, variables, ...rest)
    },
  })
}
