import type { ComputeSizeInfo } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { projectKeys } from './keys'

const COMPUTE_SIZES_STALE_TIME_MS = 60 * 60_000

export async function getComputeSizes(signal?: AbortSignal) {
  return api('GET /platform/compute-sizes', { signal })
}

export function useComputeSizesQuery(options: QueryOptions<ComputeSizeInfo[]> = {}) {
  return useQuery({
    staleTime: COMPUTE_SIZES_STALE_TIME_MS,
    ...options,
    queryKey: projectKeys.computeSizes(),
    queryFn: ({ signal }) => getComputeSizes(signal),
  })
}
