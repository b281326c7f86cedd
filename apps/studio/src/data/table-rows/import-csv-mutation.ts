import { type ImportCsvResponse, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { routeUrl } from '../api'
import { ApiError, buildRequestHeaders, NETWORK_ERROR_MESSAGE } from '../fetcher'
import type { MutationOptions } from '../types'
import { tableRowsKeys } from './keys'

export type ImportCsvVariables = {
  ref: string | undefined
  tableId: number
  file: Blob
  /** for each column of the file, the table column it fills, or null to skip it */
  columns: (string | null)[]
  header: boolean
  /** bytes of the file sent so far, of `total` */
  onProgress?: (sent: number, total: number) => void
  signal?: AbortSignal
}

/** The answer's `row` when the server named the file's failing row. */
export function failedRowOf(error: unknown): number | undefined {
  const row = error instanceof ApiError ? error.body?.row : undefined
  return typeof row === 'number' ? row : undefined
}

/**
 * Sends the file as the request's body. The browser reads it from disk as it sends (it is never loaded into the
 * page), and XMLHttpRequest is used because only it reports an upload's progress.
 */
export function importCsv(variables: ImportCsvVariables): Promise<ImportCsvResponse> {
  const { ref, tableId, file, columns, header, onProgress, signal } = variables
  if (!ref) return Promise.reject(new Error(REQUIRED_VALUE_MESSAGES.projectRef))
  const url = routeUrl('POST /platform/pg-meta/{ref}/tables/{id}/rows/import', {
    params: { ref, id: tableId },
    query: { columns: JSON.stringify(columns), header: header ? 'true' : 'false' },
  })
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest()
    request.open('POST', url)
    for (const [name, value] of Object.entries(buildRequestHeaders('POST', false, document.cookie))) {
      request.setRequestHeader(name, value)
    }
    request.setRequestHeader('content-type', 'text/csv')
    request.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size)
    request.onload = () => {
      let body: Record<string, unknown> = {}
      try {
        body = JSON.parse(request.responseText || '{}') as Record<string, unknown>
      } catch {
        // not JSON: the status text below says what happened
      }
      if (request.status >= 200 && request.status < 300) return resolve(body as ImportCsvResponse)
      const message = typeof body.message === 'string' ? body.message : `Import failed with status ${request.status}`
      reject(new ApiError(message, request.status, undefined, body))
    }
    // the server may close the connection once it has refused a row, before the whole file was sent
    request.onerror = () => reject(new ApiError(NETWORK_ERROR_MESSAGE, 0))
    request.onabort = () => reject(new DOMException('The import was cancelled', 'AbortError'))
    signal?.addEventListener('abort', () => request.abort())
    request.send(file)
  })
}

/** Imports a file; afterwards the table's rows and count are read again. */
export function useImportCsvMutation(options: MutationOptions<ImportCsvResponse, ImportCsvVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: importCsv,
    onSettled: async (data, error, variables, context, mutation) => {
      await queryClient.invalidateQueries({ queryKey: tableRowsKeys.table(variables.ref, variables.tableId) })
      await options.onSettled?.(data, error, variables, context, mutation)
    },
  })
}
