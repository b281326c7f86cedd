import {
  type CountRowsResponse,
  REQUIRED_VALUE_MESSAGES,
  type ReadRowsResponse,
  type RowCursor,
  type RowFilter,
  TABLE_ROWS_PAGE_SIZE,
} from '@pgfleet/contracts'
import { type InfiniteData, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { api } from '../api'
import { type RowsView, tableRowsKeys } from './keys'

export type RowsVariables = { ref: string | undefined; tableId: number } & RowsView

export async function getRowsPage(
  { ref, tableId, sort, filters }: RowsVariables,
  after: RowCursor | undefined,
  signal?: AbortSignal,
): Promise<ReadRowsResponse> {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/pg-meta/{ref}/tables/{id}/rows/query', {
    params: { ref, id: tableId },
    body: { sort, filters, after, limit: TABLE_ROWS_PAGE_SIZE },
    signal,
  })
}

export type RowsPages = InfiniteData<ReadRowsResponse, RowCursor | undefined>

/** A table's rows page by page (keyset cursors): the grid asks for the next page as it scrolls near the end. */
export function useTableRowsQuery(variables: RowsVariables, { enabled = true }: { enabled?: boolean } = {}) {
  const { ref, tableId, sort, filters } = variables
  return useInfiniteQuery({
    queryKey: tableRowsKeys.pages(ref, tableId, { sort, filters }),
    queryFn: ({ pageParam, signal }) => getRowsPage(variables, pageParam, signal),
    initialPageParam: undefined as RowCursor | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: Boolean(ref) && tableId > 0 && enabled,
    // a sort or filter change shows the old rows until the new ones arrive, not an empty grid
    placeholderData: (previous) => previous,
    // a view left behind is dropped: coming back starts at its first page rather than reading again every
    // page that was scrolled through
    gcTime: 0,
  })
}

export async function getRowCount(
  { ref, tableId, filters }: { ref: string | undefined; tableId: number; filters: RowFilter[] },
  signal?: AbortSignal,
): Promise<CountRowsResponse> {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/pg-meta/{ref}/tables/{id}/rows/count', {
    params: { ref, id: tableId },
    body: { filters },
    signal,
  })
}

export function useRowCountQuery(
  variables: { ref: string | undefined; tableId: number; filters: RowFilter[] },
  { enabled = true }: { enabled?: boolean } = {},
) {
  return useQuery({
    queryKey: tableRowsKeys.count(variables.ref, variables.tableId, variables.filters),
    queryFn: ({ signal }) => getRowCount(variables, signal),
    enabled: Boolean(variables.ref) && variables.tableId > 0 && enabled,
  })
}
