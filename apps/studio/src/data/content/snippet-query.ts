import type { Snippet } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { QueryOptions } from '../types'
import { CONTENT_HEADERS, contentPath } from './content-paths'
import { contentKeys } from './keys'

const SNIPPET_STALE_TIME_MS = 30_000

export async function getSnippet(
  { ref, id }: { ref: string | undefined; id: string | undefined },
  signal?: AbortSignal,
) {
  if (!id) throw new Error('Snippet id is required')
  return fetcher<Snippet>(contentPath(ref, `/${encodeURIComponent(id)}`), { signal, headers: CONTENT_HEADERS })
}

export function useSnippetQuery(
  { ref, id }: { ref: string | undefined; id: string | undefined },
  options: QueryOptions<Snippet> = {},
) {
  return useQuery({
    // the editor keeps its own copy; a newer server version only replaces a copy without unsaved edits
    staleTime: SNIPPET_STALE_TIME_MS,
    ...options,
    queryKey: contentKeys.snippet(ref, id),
    queryFn: ({ signal }) => getSnippet({ ref, id }, signal),
    enabled: Boolean(ref && id) && (options.enabled ?? true),
  })
}
