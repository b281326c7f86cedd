import { type AuthEmailSentResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { authUsersKeys } from './keys'

/** The emails the dashboard sends through the project's auth server. */
export type AuthUserEmailKind = 'invite' | 'magiclink' | 'recover'

export type AuthUserEmailVariables = { ref: string | undefined; kind: AuthUserEmailKind; email: string }

export async function sendAuthUserEmail({ ref, kind, email }: AuthUserEmailVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  const options = { params: { ref }, body: { email } }
  if (kind === 'invite') return api('POST /platform/auth/{ref}/invite', options)
  if (kind === 'magiclink') return api('POST /platform/auth/{ref}/magiclink', options)
  return api('POST /platform/auth/{ref}/recover', options)
}

export function useAuthUserEmailMutation(options: MutationOptions<AuthEmailSentResponse, AuthUserEmailVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: sendAuthUserEmail,
    onSuccess: async (answer, variables, ...rest) => {
      // an invitation makes a user; every email records when it was sent
      await queryClient.invalidateQueries({ queryKey: authUsersKeys.all(variables.ref) })
      return options.onSuccess?.(answer, variables, ...rest)
    },
  })
}
