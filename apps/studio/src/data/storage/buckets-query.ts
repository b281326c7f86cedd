import {
  type Bucket,
  isTenantConfigNotFound,
  REQUIRED_VALUE_MESSAGES,
  STORAGE_BUCKETS_MAX_RETRIES,
} from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import { getErrorMessage } from '../fetcher'
import { useProjectDetailQuery } from '../projects/project-detail-query'
import type { QueryOptions } from '../types'
import { storageKeys } from './keys'

export async function getBuckets({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('GET /platform/storage/{ref}/buckets', { params: { ref }, signal })
}

/** Up to 3 retries, none for a missing storage tenant ('Tenant config … not found'). */
export function shouldRetryBuckets(failureCount: number, error: unknown): boolean {
  if (isTenantConfigNotFound(getErrorMessage(error, ''))) return false
  return failureCount < STORAGE_BUCKETS_MAX_RETRIES
}

/** The project's buckets; asked only while the project is ACTIVE_HEALTHY (storage needs its database). */
export function useBucketsQuery({ ref }: { ref: string | undefined }, options: QueryOptions<Bucket[]> = {}) {
  const project = useProjectDetailQuery({ ref })
  const running = project.data?.status === 'ACTIVE_HEALTHY'
  return useQuery({
    retry: shouldRetryBuckets,
    ...options,
    queryKey: storageKeys.buckets(ref),
    queryFn: ({ signal }) => getBuckets({ ref }, signal),
    enabled: Boolean(ref) && running && (options.enabled ?? true),
  })
}
