import { type AuthUser, type CreateAuthUserBody, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { authUsersKeys } from './keys'

export type AuthUserCreateVariables = { ref: string | undefined; user: CreateAuthUserBody }

export async function createAuthUser({ ref, user }: AuthUserCreateVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/auth/{ref}/users', { params: { ref }, body: user })
}

export function useAuthUserCreateMutation(options: MutationOptions<AuthUser, AuthUserCreateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: createAuthUser,
    onSuccess: async (user, variables, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: authUsersKeys.all(variables.ref) })
      return options.onSuccess?.(user, variables, ...rest)
    },
  })
}
