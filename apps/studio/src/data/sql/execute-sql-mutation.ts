import type { QueryErrorResponse, RunQueryBody, RunQueryResponse } from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { fetcher, isApiError } from '../fetcher'
import type { MutationOptions } from '../types'
import { queryPath } from './sql-paths'

export type ExecuteSqlVariables = { ref: string | undefined; signal?: AbortSignal } & RunQueryBody

/** Runs SQL on the project's database; every statement's result set comes back (rows as arrays). */
export async function executeSql({ ref, signal, ...body }: ExecuteSqlVariables) {
  return fetcher<RunQueryResponse>(queryPath(ref), { method: 'POST', body, signal })
}

/** The details of a query Postgres refused (400), or undefined for any other failure. */
export function queryErrorDetails(error: unknown): QueryErrorResponse | undefined {
  if (!isApiError(error) || error.status !== 400 || !error.body) return undefined
  const { formattedError } = error.body
  return typeof formattedError === 'string' ? (error.body as QueryErrorResponse) : undefined
}

export function useExecuteSqlMutation(options: MutationOptions<RunQueryResponse, ExecuteSqlVariables> = {}) {
  return useMutation({ ...options, mutationFn: executeSql })
}
