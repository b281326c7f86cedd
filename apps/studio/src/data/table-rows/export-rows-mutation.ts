import { type ExportLinkResponse, type ExportRowsBody, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'

export type ExportRowsVariables = { ref: string | undefined; tableId: number } & ExportRowsBody

/**
 * A single-use download address of the rows of a sort and filter as CSV; the browser streams the file to disk,
 * so a million rows never sit in the page.
 */
export async function exportRows({ ref, tableId, sort, filters, formulas }: ExportRowsVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/pg-meta/{ref}/tables/{id}/rows/export-url', {
    params: { ref, id: tableId },
    body: { sort, filters, formulas },
  })
}

export function useExportRowsMutation(options: MutationOptions<ExportLinkResponse, ExportRowsVariables> = {}) {
  return useMutation({ ...options, mutationFn: exportRows })
}
