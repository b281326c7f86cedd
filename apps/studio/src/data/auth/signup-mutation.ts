import type { Profile } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import { profileKeys } from '../profile/keys'
import type { MutationOptions } from '../types'

export type SignupVariables = { email: string; password: string }

export async function signup(variables: SignupVariables) {
  return fetcher<Profile>('/platform/auth/signup', { method: 'POST', body: variables })
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
