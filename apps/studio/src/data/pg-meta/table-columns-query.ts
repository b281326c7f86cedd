import { PG_META_CONNECTION_HEADER, type PgColumn, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { type QueryClient, queryOptions } from '@tanstack/react-query'
import { api } from '../api'
import { pgMetaKeys } from './keys'

type ColumnsVariables = { ref: string | undefined; tableId: number | undefined }

/** Columns of one table, view, materialized view or foreign table (its id from the table-names list). */
export async function getTableColumns({ ref, tableId }: ColumnsVariables, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  if (!tableId) throw new Error('Table id is required')
  return api('GET /platform/pg-meta/{ref}/columns', {
    params: { ref },
    query: { table_id: tableId },
    signal,
    headers: { [PG_META_CONNECTION_HEADER]: '' },
  })
}

/** A table's columns change rarely, and SQL that changes them refreshes this cache (it sits under tables). */
const COLUMNS_STALE_TIME_MS = 5 * 60_000

const tableColumnsOptions = ({ ref, tableId }: ColumnsVariables) =>
  queryOptions({
    queryKey: pgMetaKeys.columns(ref, tableId ?? 0),
    queryFn: ({ signal }) => getTableColumns({ ref, tableId }, signal),
    staleTime: COLUMNS_STALE_TIME_MS,
  })

/** The cached columns, fetched once per table; for code outside React (the editor's completion). */
export function fetchTableColumns(queryClient: QueryClient, variables: ColumnsVariables): Promise<PgColumn[]> {
  return queryClient.fetchQuery(tableColumnsOptions(variables))
}

/** The cached columns when known, without fetching. */
export function cachedTableColumns(queryClient: QueryClient, variables: ColumnsVariables): PgColumn[] | undefined {
  const state = queryClient.getQueryState<PgColumn[]>(tableColumnsOptions(variables).queryKey)
  return state && !state.isInvalidated ? state.data : undefined
}
