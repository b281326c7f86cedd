import type { ExportQueryBody } from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { fetchResponse } from '../fetcher'
import type { MutationOptions } from '../types'
import { queryPath } from './sql-paths'

export type QueryExportFormat = 'csv' | 'json'
export type QueryExportVariables = { ref: string | undefined; format: QueryExportFormat } & ExportQueryBody

/**
 * Exports every row of one query: the platform streams it from a cursor, without the row cap of a run.
 * The answer is read as a Blob, which the browser keeps out of the page's memory (on disk when large).
 */
export async function exportQuery({ ref, format, ...body }: QueryExportVariables) {
  const response = await fetchResponse(queryPath(ref, `/export?format=${format}`), { method: 'POST', body })
  return { blob: await response.blob(), filename: `query-result.${format}` }
}

export function useQueryExportMutation(
  options: MutationOptions<{ blob: Blob; filename: string }, QueryExportVariables> = {},
) {
  return useMutation({ ...options, mutationFn: exportQuery })
}
