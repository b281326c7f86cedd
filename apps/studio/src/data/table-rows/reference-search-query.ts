import { REFERENCE_SEARCH_PAGE_SIZE, REQUIRED_VALUE_MESSAGES, type ReferenceSearchResponse } from '@pgfleet/contracts'
import { useInfiniteQuery } from '@tanstack/react-query'
import { api } from '../api'
import { tableRowsKeys } from './keys'

export type ReferenceSearchVariables = { ref: string | undefined; tableId: number; column: string; search: string }

export async function searchReferences(
  { ref, tableId, column, search }: ReferenceSearchVariables,
  after: string | undefined,
  signal?: AbortSignal,
): Promise<ReferenceSearchResponse> {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/pg-meta/{ref}/tables/{id}/rows/reference-search', {
    params: { ref, id: tableId },
    body: { column, search, after, limit: REFERENCE_SEARCH_PAGE_SIZE },
    signal,
  })
}

/** The choices of a foreign-key cell, searched on the server, a page at a time. */
export function useReferenceSearchQuery(variables: ReferenceSearchVariables) {
  const { ref, tableId, column, search } = variables
  return useInfiniteQuery({
    queryKey: [...tableRowsKeys.table(ref, tableId), 'references', { column, search }] as const,
    queryFn: ({ pageParam, signal }) => searchReferences(variables, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    enabled: Boolean(ref) && tableId > 0,
    placeholderData: (previous) => previous,
  })
}
