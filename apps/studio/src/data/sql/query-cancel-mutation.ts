import type { CancelQueryResponse } from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { MutationOptions } from '../types'
import { queryPath } from './sql-paths'

export type QueryCancelVariables = { ref: string | undefined; queryId: string }

/** Cancels a running query by the id its run was sent with. */
export async function cancelQuery({ ref, queryId }: QueryCancelVariables) {
  return fetcher<CancelQueryResponse>(queryPath(ref, '/cancel'), { method: 'POST', body: { queryId } })
}

export function useQueryCancelMutation(options: MutationOptions<CancelQueryResponse, QueryCancelVariables> = {}) {
  return useMutation({ ...options, mutationFn: cancelQuery })
}
