import type { Snippet } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { asSnippet, CONTENT_HEADERS, contentRef } from './content-api'
import { contentKeys } from './keys'

const SNIPPET_STALE_TIME_MS = 30_000

export async function getSnippet(
  { ref, id }: { ref: string | undefined; id: string | undefined },
  signal?: AbortSignal,
) {
  if (!id) throw new Error('Snippet id is required')
  const item = await api('GET /platform/projects/{ref}/content/{id}', {
    params: { ref: contentRef(ref), id },
    signal,
    headers: CONTENT_HEADERS,
  })
  return asSnippet(item)
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
