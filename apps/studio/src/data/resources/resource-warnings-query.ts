import { type ProjectResourceWarning, RESOURCE_WARNINGS_STALE_TIME_MS } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { resourceKeys } from './keys'

export async function getResourceWarnings(signal?: AbortSignal) {
  return api('GET /platform/projects-resource-warnings', { signal })
}

/** Every visible project's warnings: fresh for 30 minutes, then fetched again (also while the tab stays open). */
export function useResourceWarningsQuery(options: QueryOptions<ProjectResourceWarning[]> = {}) {
  return useQuery({
    staleTime: RESOURCE_WARNINGS_STALE_TIME_MS,
    refetchInterval: RESOURCE_WARNINGS_STALE_TIME_MS,
    ...options,
    queryKey: resourceKeys.warnings(),
    queryFn: ({ signal }) => getResourceWarnings(signal),
  })
}
