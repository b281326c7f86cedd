import type { ExportLinkResponse, ExportQueryBody } from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { MutationOptions } from '../types'
import { queryPath } from './sql-paths'

export type QueryExportFormat = 'csv' | 'json'
export type QueryExportVariables = { ref: string | undefined; format: QueryExportFormat } & ExportQueryBody

/**
 * Asks for a single-use download address of every row of one query (checked by the platform first, so
 * errors answer here). The caller hands it to the browser, which streams the file to disk: a large export
 * never sits in the page's memory.
 */
export async function exportQuery({ ref, format, ...body }: QueryExportVariables) {
  return fetcher<ExportLinkResponse>(queryPath(ref, `/export-url?format=${format}`), { method: 'POST', body })
}

export function useQueryExportMutation(options: MutationOptions<ExportLinkResponse, QueryExportVariables> = {}) {
  return useMutation({ ...options, mutationFn: exportQuery })
}
