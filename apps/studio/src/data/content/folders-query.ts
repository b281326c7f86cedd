import type { FolderTree } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { CONTENT_HEADERS, contentRef } from './content-api'
import { contentKeys } from './keys'

/** The user's folders in the project, as a tree. */
export async function getFolders({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  return api('GET /platform/projects/{ref}/content/folders', {
    params: { ref: contentRef(ref) },
    signal,
    headers: CONTENT_HEADERS,
  })
}

export function useFoldersQuery({ ref }: { ref: string | undefined }, options: QueryOptions<FolderTree> = {}) {
  return useQuery({
    ...options,
    queryKey: contentKeys.folders(ref),
    queryFn: ({ signal }) => getFolders({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}
