import { PG_META_CONNECTION_HEADER, type PgRole, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { pgMetaKeys } from './keys'

/** The project's database roles, without Postgres's built-in pg_* roles. */
export async function getRoles({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/pg-meta/{ref}/roles', {
    params: { ref },
    signal,
    headers: { [PG_META_CONNECTION_HEADER]: '' },
  })
}

/** Keyed by the 'roles' list, so CREATE/ALTER/DROP ROLE run from the editor refreshes it. */
export function useRolesQuery({ ref }: { ref: string | undefined }, options: QueryOptions<PgRole[]> = {}) {
  return useQuery({
    ...options,
    queryKey: pgMetaKeys.list(ref, 'roles'),
    queryFn: ({ signal }) => getRoles({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}
