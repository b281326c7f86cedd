import { type CancelQueryResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'

export type QueryCancelVariables = { ref: string | undefined; queryId: string }

/** Cancels a running query by the id its run was sent with. */
export async function cancelQuery({ ref, queryId }: QueryCancelVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/pg-meta/{ref}/query/cancel', { params: { ref }, body: { queryId } })
}

export function useQueryCancelMutation(options: MutationOptions<CancelQueryResponse, QueryCancelVariables> = {}) {
  return useMutation({ ...options, mutationFn: cancelQuery })
}
