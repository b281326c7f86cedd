import {
  type QueryErrorResponse,
  REQUIRED_VALUE_MESSAGES,
  type RunQueryBody,
  type RunQueryResponse,
} from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { api } from '../api'
import { isApiError } from '../fetcher'
import type { MutationOptions } from '../types'

export type ExecuteSqlVariables = { ref: string | undefined; signal?: AbortSignal } & RunQueryBody

/** Runs SQL on the project's database; every statement's result set comes back (rows as arrays). */
export async function executeSql({ ref, signal, ...body }: ExecuteSqlVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/pg-meta/{ref}/query', { params: { ref }, body, signal })
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
