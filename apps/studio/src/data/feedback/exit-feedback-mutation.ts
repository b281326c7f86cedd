import type { ExitFeedbackBody } from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { MutationOptions } from '../types'

/** Why a project was deleted (paid plans), stored by the platform. */
export async function sendExitFeedback(body: ExitFeedbackBody) {
  return fetcher<Record<string, never>>('/platform/feedback/exit', { method: 'POST', body })
}

export function useExitFeedbackMutation(options: MutationOptions<Record<string, never>, ExitFeedbackBody> = {}) {
  return useMutation({ ...options, mutationFn: sendExitFeedback })
}
