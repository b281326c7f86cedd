import { PG_META_CONNECTION_HEADER, type PgTable, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { pgMetaKeys } from './keys'

/** One table with its columns (types, defaults, identity, enum labels) and primary key. */
export async function getTable({ ref, id }: { ref: string | undefined; id: number }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/pg-meta/{ref}/tables/{id}', {
    params: { ref, id },
    signal,
    headers: { [PG_META_CONNECTION_HEADER]: '' },
  })
}

export function useTableQuery(
  { ref, id }: { ref: string | undefined; id: number },
  options: QueryOptions<PgTable> = {},
) {
  return useQuery({
    ...options,
    // under the tables list, so SQL that changes tables refreshes it too
    queryKey: [...pgMetaKeys.list(ref, 'tables'), 'detail', id] as const,
    queryFn: ({ signal }) => getTable({ ref, id }, signal),
    enabled: Boolean(ref) && id > 0 && (options.enabled ?? true),
  })
}
