import { REQUIRED_VALUE_MESSAGES, type ResetDbPasswordBody } from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'

export type DbPasswordResetVariables = { ref: string | undefined } & ResetDbPasswordBody
export type DbPasswordResetResponse = { result: string }

export async function resetDbPassword({ ref, password }: DbPasswordResetVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/projects/{ref}/db-password', { params: { ref }, body: { password } })
}

export function useDbPasswordResetMutation(
  options: MutationOptions<DbPasswordResetResponse, DbPasswordResetVariables> = {},
) {
  return useMutation({ ...options, mutationFn: resetDbPassword })
}
