import type { FeatureFlags } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { featureFlagKeys } from './keys'

const FEATURE_FLAGS_STALE_TIME_MS = 5 * 60_000

export async function getFeatureFlags(signal?: AbortSignal) {
  return api('GET /platform/feature-flags', { signal })
}

export function useFeatureFlagsQuery(options: QueryOptions<FeatureFlags> = {}) {
  return useQuery({
    staleTime: FEATURE_FLAGS_STALE_TIME_MS,
    ...options,
    queryKey: featureFlagKeys.list(),
    queryFn: ({ signal }) => getFeatureFlags(signal),
  })
}
