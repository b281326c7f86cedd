import {
  type CellValue,
  type DeleteRowsResponse,
  REQUIRED_VALUE_MESSAGES,
  type RowKey,
  type RowResponse,
} from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { tableRowsKeys } from './keys'
import type { RowsPages } from './rows-query'

type TableVariables = { ref: string | undefined; tableId: number }
export type UpdateRowVariables = TableVariables & { key: RowKey; values: Record<string, CellValue> }
export type InsertRowVariables = TableVariables & { values: Record<string, CellValue> }
export type DeleteRowsVariables = TableVariables & { keys: RowKey[] }

export async function updateRow({ ref, tableId, key, values }: UpdateRowVariables): Promise<RowResponse> {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('PATCH /platform/pg-meta/{ref}/tables/{id}/rows', { params: { ref, id: tableId }, body: { key, values } })
}

export async function insertRow({ ref, tableId, values }: InsertRowVariables): Promise<RowResponse> {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/pg-meta/{ref}/tables/{id}/rows', { params: { ref, id: tableId }, body: { values } })
}

export async function deleteRows({ ref, tableId, keys }: DeleteRowsVariables): Promise<DeleteRowsResponse> {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/pg-meta/{ref}/tables/{id}/rows/delete', { params: { ref, id: tableId }, body: { keys } })
}

/** Whether a loaded row is the one with this key. */
export function rowMatchesKey(columns: { name: string }[], row: CellValue[], key: RowKey): boolean {
  return Object.entries(key).every(([name, value]) => row[columns.findIndex((c) => c.name === name)] === value)
}

/** Every loaded page of the table with the row of `key` replaced by `change(row, columns)`. */
function replaceRow(
  data: RowsPages | undefined,
  key: RowKey,
  change: (row: CellValue[], columns: { name: string }[]) => CellValue[],
): RowsPages | undefined {
  return (
    data && {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        rows: page.rows.map((row) => (rowMatchesKey(page.columns, row, key) ? change(row, page.columns) : row)),
      })),
    }
  )
}

/**
 * Saves a cell. The grid shows the new value at once, then the row as the database stored it (defaults,
 * triggers, normalised JSON), in place in every loaded page: the pages are not read again, so a big table's
 * scroll position stays. A refused change puts the old value back.
 */
export function useUpdateRowMutation(options: MutationOptions<RowResponse, UpdateRowVariables> = {}) {
  const queryClient = useQueryClient()
  const pagesOf = (variables: UpdateRowVariables) => ({
    queryKey: [...tableRowsKeys.table(variables.ref, variables.tableId), 'pages'],
  })
  return useMutation({
    ...options,
    mutationFn: updateRow,
    onMutate: (variables) => {
      const before = queryClient.getQueriesData<RowsPages>(pagesOf(variables))
      queryClient.setQueriesData<RowsPages>(pagesOf(variables), (data) =>
        replaceRow(data, variables.key, (row, columns) =>
          row.map((value, i) => {
            const name = columns[i]?.name ?? ''
            return Object.hasOwn(variables.values, name) ? (variables.values[name] ?? null) : value
          }),
        ),
      )
      return before
    },
    onError: (error, variables, before, ...rest) => {
      for (const [queryKey, data] of before ?? []) queryClient.setQueryData(queryKey, data)
      options.onError?.(error, variables, before, ...rest)
    },
    onSuccess: async (answer, variables, ...rest) => {
      queryClient.setQueriesData<RowsPages>(pagesOf(variables), (data) =>
        replaceRow(data, variables.key, () => answer.row),
      )
      await options.onSuccess?.(answer, variables, ...rest)
    },
  })
}

/** Inserts and deletes change which rows each page holds: the table's pages and counts are read again. */
function useInvalidatingMutation<TData, TVariables extends TableVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  options: MutationOptions<TData, TVariables>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn,
    onSuccess: async (answer, variables, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: tableRowsKeys.table(variables.ref, variables.tableId) })
      await options.onSuccess?.(answer, variables, ...rest)
    },
  })
}

export const useInsertRowMutation = (options: MutationOptions<RowResponse, InsertRowVariables> = {}) =>
  useInvalidatingMutation(insertRow, options)

export const useDeleteRowsMutation = (options: MutationOptions<DeleteRowsResponse, DeleteRowsVariables> = {}) =>
  useInvalidatingMutation(deleteRows, options)
