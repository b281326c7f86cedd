import type { EngineInfo } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { engineKeys } from './keys'

const ENGINES_STALE_TIME_MS = 10 * 60_000

export async function getEngines(signal?: AbortSignal) {
  return api('GET /platform/engines', { signal })
}

export function useEnginesQuery(options: QueryOptions<EngineInfo[]> = {}) {
  return useQuery({
    staleTime: ENGINES_STALE_TIME_MS,
    ...options,
    queryKey: engineKeys.list(),
    queryFn: ({ signal }) => getEngines(signal),
  })
}
