import { type QueryPerformanceReport, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { resourceKeys } from './keys'

export async function getQueryPerformance({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}/reports/query-performance', { params: { ref }, signal })
}

/** The database's slowest and most frequent statements (refreshed on demand: the page has a Refresh button). */
export function useQueryPerformanceQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<QueryPerformanceReport> = {},
) {
  return useQuery({
    ...options,
    queryKey: resourceKeys.queryPerformance(ref),
    queryFn: ({ signal }) => getQueryPerformance({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}
