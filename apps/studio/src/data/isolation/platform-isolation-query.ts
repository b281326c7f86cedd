import type { PlatformIsolation } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { isolationKeys } from './keys'

/** Isolation is a property of how the platform was started: it changes only with a restart. */
const ISOLATION_STALE_TIME_MS = 10 * 60_000

export async function getPlatformIsolation(signal?: AbortSignal) {
  return api('GET /platform/isolation', { signal })
}

export function usePlatformIsolationQuery(options: QueryOptions<PlatformIsolation> = {}) {
  return useQuery({
    staleTime: ISOLATION_STALE_TIME_MS,
    ...options,
    queryKey: isolationKeys.platform(),
    queryFn: ({ signal }) => getPlatformIsolation(signal),
  })
}
