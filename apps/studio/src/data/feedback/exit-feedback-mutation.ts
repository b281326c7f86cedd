import type { EmptyResponse, ExitFeedbackBody } from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'

/** Why a project was deleted (paid plans), stored by the platform. */
export async function sendExitFeedback(body: ExitFeedbackBody) {
  return api('POST /platform/feedback/exit', { body })
}

export function useExitFeedbackMutation(options: MutationOptions<EmptyResponse, ExitFeedbackBody> = {}) {
  return useMutation({ ...options, mutationFn: sendExitFeedback })
}
