import type { Profile } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import { profileKeys } from '../profile/keys'
import type { MutationOptions } from '../types'

export type LoginVariables = { email: string; password: string }

export async function login(variables: LoginVariables) {
  return api('POST /platform/auth/login', { body: variables })
}

export function useLoginMutation(options: MutationOptions<Profile, LoginVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: login,
    onSuccess: (profile, ...rest) => {
      // Nothing cached for a previous session may leak into this one.
      queryClient.clear()
      queryClient.setQueryData(profileKeys.profile(), profile)
      return options.onSuccess?.(profile, ...rest)
    },
  })
}
