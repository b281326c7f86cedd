import { PG_META_CONNECTION_HEADER, type PgExtension, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { pgMetaKeys } from './keys'

/** Every extension the project's server can install, with the installed version of those that are. */
export async function getExtensions({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/pg-meta/{ref}/extensions', {
    params: { ref },
    signal,
    headers: { [PG_META_CONNECTION_HEADER]: '' },
  })
}

/** Keyed by the 'extensions' list, so CREATE/DROP EXTENSION run from the editor refreshes it. */
export function useExtensionsQuery({ ref }: { ref: string | undefined }, options: QueryOptions<PgExtension[]> = {}) {
  return useQuery({
    ...options,
    queryKey: pgMetaKeys.list(ref, 'extensions'),
    queryFn: ({ signal }) => getExtensions({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}
