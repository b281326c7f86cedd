import type { Profile } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import { profileKeys } from '../profile/keys'
import type { MutationOptions } from '../types'

export type SignupVariables = { email: string; password: string }

export async function signup(variables: SignupVariables) {
  return api('POST /platform/auth/signup', { body: variables })
}

export function useSignupMutation(options: MutationOptions<Profile, SignupVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: signup,
    onSuccess: (profile, ...rest) => {
      queryClient.clear()
      queryClient.setQueryData(profileKeys.profile(), profile)
      return options.onSuccess?.(profile, ...rest)
    },
  })
}
