import { type ProjectUsage, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { resourceKeys } from './keys'

/** Samples arrive once a minute by default: refetching faster would show nothing new. */
const USAGE_REFETCH_INTERVAL_MS = 60_000

export async function getProjectUsage({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}/usage', { params: { ref }, signal })
}

export function useProjectUsageQuery({ ref }: { ref: string | undefined }, options: QueryOptions<ProjectUsage> = {}) {
  return useQuery({
    refetchInterval: USAGE_REFETCH_INTERVAL_MS,
    ...options,
    queryKey: resourceKeys.usage(ref),
    queryFn: ({ signal }) => getProjectUsage({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}
