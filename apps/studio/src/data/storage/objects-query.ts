import { type ListObjectsResponse, REQUIRED_VALUE_MESSAGES, STORAGE_LIST_PAGE_SIZE } from '@pgfleet/contracts'
import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { api } from '../api'
import { NETWORK_ERROR_MESSAGE } from '../fetcher'
import { storageKeys } from './keys'
import { signObject } from './object-mutations'

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
    // pages are never edited in place: comparing thousands of entries on every new page buys nothing
    structuralSharing: false,
    enabled: Boolean(location.ref) && enabled,
  })
}

/** A short-lived signed URL to show an object (preview); renewed before it runs out. */
export function usePreviewUrlQuery({
  ref,
  bucketId,
  path,
  expiresIn,
}: {
  ref: string | undefined
  bucketId: string
  path: string | null
  expiresIn: number
}) {
  return useQuery({
    queryKey: [...storageKeys.objects(ref, bucketId), 'preview-url', path],
    queryFn: () => signObject({ ref, bucketId, path: path ?? '', expiresIn }),
    enabled: Boolean(ref) && path !== null,
    staleTime: (expiresIn * 1000) / 2,
    retry: 1,
  })
}

/**
 * The bytes of an object from its signed URL, as text or as a Blob. The URL is the project's Storage API, not
 * the platform API, so it is read with a plain fetch; a failure still becomes a message to show.
 */
export async function readObject(url: string, as: 'text' | 'blob', signal?: AbortSignal): Promise<string | Blob> {
  let response: Response
  try {
    response = await fetch(url, { signal })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new Error(NETWORK_ERROR_MESSAGE)
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null
    throw new Error(
      typeof body?.message === 'string' ? body.message : `The object could not be read (${response.status})`,
    )
  }
  return as === 'text' ? response.text() : response.blob()
}

export function useObjectContentQuery(url: string | undefined, as: 'text' | 'blob') {
  return useQuery({
    queryKey: ['storage-object-content', url, as],
    queryFn: ({ signal }) => readObject(url ?? '', as, signal),
    enabled: Boolean(url),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30_000,
    retry: 1,
  })
}
