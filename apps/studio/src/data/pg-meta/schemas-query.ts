import { PG_META_CONNECTION_HEADER, type PgSchema, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { pgMetaKeys } from './keys'

/** The project's schemas (system schemas left out), sorted by name. */
export async function getSchemas({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/pg-meta/{ref}/schemas', {
    params: { ref },
    signal,
    headers: { [PG_META_CONNECTION_HEADER]: '' },
  })
}

export function useSchemasQuery({ ref }: { ref: string | undefined }, options: QueryOptions<PgSchema[]> = {}) {
  return useQuery({
    ...options,
    queryKey: pgMetaKeys.list(ref, 'schemas'),
    queryFn: ({ signal }) => getSchemas({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}
