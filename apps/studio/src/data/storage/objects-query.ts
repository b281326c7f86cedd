import { type ListObjectsResponse, REQUIRED_VALUE_MESSAGES, STORAGE_LIST_PAGE_SIZE } from '@pgfleet/contracts'
import { useInfiniteQuery } from '@tanstack/react-query'
import { api } from '../api'
import { storageKeys } from './keys'

export type FolderLocation = { ref: string | undefined; bucketId: string; path: string }

export async function listFolderPage(
  { ref, bucketId, path }: FolderLocation,
  offset: number,
  signal?: AbortSignal,
): Promise<ListObjectsResponse> {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/storage/{ref}/buckets/{id}/objects/list', {
    params: { ref, id: bucketId },
    body: { path, offset, limit: STORAGE_LIST_PAGE_SIZE },
    signal,
  })
}

/** One folder of a bucket, a page at a time: the list asks for the next page as it scrolls near the end. */
export function useFolderQuery(location: FolderLocation, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: storageKeys.folder(location.ref, location.bucketId, location.path),
    queryFn: ({ pageParam, signal }) => listFolderPage(location, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.nextOffset ?? undefined,
    enabled: Boolean(location.ref) && enabled,
  })
}
