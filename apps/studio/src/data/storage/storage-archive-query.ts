import {
  REQUIRED_VALUE_MESSAGES,
  STORAGE_ARCHIVE_NOT_FOUND,
  STORAGE_ARCHIVE_POLL_INTERVAL_MS,
  type StorageArchiveResponse,
} from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import { getErrorMessage } from '../fetcher'
import type { QueryOptions } from '../types'
import { storageKeys } from './keys'

/** An error containing 'Storage archive not found' means the project has no archive yet: answered as null. */
export async function getStorageArchive(
  { ref }: { ref: string | undefined },
  signal?: AbortSignal,
): Promise<StorageArchiveResponse | null> {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  try {
    return await api('GET /platform/storage/{ref}/archive', { params: { ref }, signal })
  } catch (error) {
    if (getErrorMessage(error, '').includes(STORAGE_ARCHIVE_NOT_FOUND)) return null
    throw error
  }
}

/** Polls every 5000 ms until the archive has a fileUrl. */
export function useStorageArchiveQuery(
  { ref }: { ref: string | undefined },
  options: QueryOptions<StorageArchiveResponse | null> = {},
) {
  return useQuery({
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.fileUrl || query.state.status === 'error' ? false : STORAGE_ARCHIVE_POLL_INTERVAL_MS,
    ...options,
    queryKey: storageKeys.archive(ref),
    queryFn: ({ signal }) => getStorageArchive({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? false),
  })
}
