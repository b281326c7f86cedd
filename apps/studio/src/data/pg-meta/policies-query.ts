import { PG_META_CONNECTION_HEADER, type PgPolicy, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { pgMetaKeys } from './keys'

/** The project's row-level security policies (system schemas left out). */
export async function getPolicies({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/pg-meta/{ref}/policies', {
    params: { ref },
    signal,
    headers: { [PG_META_CONNECTION_HEADER]: '' },
  })
}

/** Keyed by the 'policies' list, so SQL run from the editor that changes policies refreshes it. */
export function usePoliciesQuery({ ref }: { ref: string | undefined }, options: QueryOptions<PgPolicy[]> = {}) {
  return useQuery({
    ...options,
    queryKey: pgMetaKeys.list(ref, 'policies'),
    queryFn: ({ signal }) => getPolicies({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}
