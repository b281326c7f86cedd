import { type ProjectOverview, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { resourceKeys } from './keys'

/** The home page's figures move slowly: every 30 s is live enough and cheap for the database. */
export const PROJECT_OVERVIEW_REFETCH_INTERVAL_MS = 30_000

export async function getProjectOverview({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/projects/{ref}/overview', { params: { ref }, signal })
}

export function useProjectOverviewQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<ProjectOverview> = {},
) {
  return useQuery({
    refetchInterval: PROJECT_OVERVIEW_REFETCH_INTERVAL_MS,
    ...options,
    queryKey: resourceKeys.overview(ref),
    queryFn: ({ signal }) => getProjectOverview({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}
