import {
  type CsvFormulaMode,
  type ExportLinkResponse,
  type ExportQueryBody,
  REQUIRED_VALUE_MESSAGES,
} from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'

export type QueryExportFormat = 'csv' | 'json'
export type QueryExportVariables = {
  ref: string | undefined
  format: QueryExportFormat
  /** CSV only: `keep` writes cells a spreadsheet would run as formulas as they are (default `escape`) */
  formulas?: CsvFormulaMode
} & ExportQueryBody

/**
 * Asks for a single-use download address of every row of one query (checked by the platform first, so
 * errors answer here). The caller hands it to the browser, which streams the file to disk: a large export
 * never sits in the page's memory.
 */
export async function exportQuery({ ref, format, formulas = 'escape', ...body }: QueryExportVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/pg-meta/{ref}/query/export-url', { params: { ref }, query: { format, formulas }, body })
}

export function useQueryExportMutation(options: MutationOptions<ExportLinkResponse, QueryExportVariables> = {}) {
  return useMutation({ ...options, mutationFn: exportQuery })
}
