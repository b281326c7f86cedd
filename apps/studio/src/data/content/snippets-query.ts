import type { SnippetList } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { QueryOptions } from '../types'
import { CONTENT_HEADERS, contentPath } from './content-paths'
import { contentKeys } from './keys'

/** The API's page size cap: the sidebar holds at most this many snippets. */
export const SNIPPETS_PAGE_SIZE = 1000

/** Every snippet the user may see in the project (theirs and shared ones); sorting happens in the sidebar. */
export async function getSnippets({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  return fetcher<SnippetList>(contentPath(ref, `?type=sql&sort=updated_at&limit=${SNIPPETS_PAGE_SIZE}`), {
    signal,
    headers: CONTENT_HEADERS,
  })
}

export function useSnippetsQuery({ ref }: { ref: string | undefined }, options: QueryOptions<SnippetList> = {}) {
  return useQuery({
    ...options,
    queryKey: contentKeys.snippets(ref),
    queryFn: ({ signal }) => getSnippets({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}
