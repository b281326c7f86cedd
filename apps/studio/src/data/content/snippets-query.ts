import type { Snippet, SnippetList } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { asSnippet, CONTENT_HEADERS, contentRef } from './content-api'
import { contentKeys } from './keys'

/** The API's page size cap; the sidebar asks page after page until it holds every snippet. */
export const SNIPPETS_PAGE_SIZE = 1000

export type SnippetsPage = { limit: number; offset: number }
export type SnippetsPageFetcher = (page: SnippetsPage) => Promise<SnippetList>

/**
 * Every item of a paged list: pages are asked for until the server's `total` is reached (or a page comes
 * back short). An item that moved between two pages while they were read is kept once.
 */
export async function fetchAllSnippetPages(
  fetchPage: SnippetsPageFetcher,
  pageSize = SNIPPETS_PAGE_SIZE,
): Promise<SnippetList> {
  const byId = new Map<string, Snippet>()
  let offset = 0
  let total = 0
  for (;;) {
    const page = await fetchPage({ limit: pageSize, offset })
    total = page.total
    for (const snippet of page.data) if (!byId.has(snippet.id)) byId.set(snippet.id, snippet)
    offset += page.data.length
    if (page.data.length < pageSize || offset >= page.total) break
  }
  return { data: [...byId.values()], total: Math.max(total, byId.size) }
}

const newestFirst = (a: Snippet, b: Snippet) => b.updated_at.localeCompare(a.updated_at) || a.id.localeCompare(b.id)

/**
 * Every snippet the user may see in the project (theirs and shared ones), most recently updated first.
 * Pages are read by creation date, which a save does not change, so a snippet saved meanwhile keeps its page.
 */
export async function getSnippets({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  const all = await fetchAllSnippetPages(async ({ limit, offset }) => {
    const page = await api('GET /platform/projects/{ref}/content', {
      params: { ref: contentRef(ref) },
      query: { type: 'sql', sort: 'inserted_at', order: 'asc', limit, offset },
      signal,
      headers: CONTENT_HEADERS,
    })
    return { data: page.data.map(asSnippet), total: page.total }
  })
  return { data: all.data.sort(newestFirst), total: all.total }
}

export function useSnippetsQuery({ ref }: { ref: string | undefined }, options: QueryOptions<SnippetList> = {}) {
  return useQuery({
    ...options,
    queryKey: contentKeys.snippets(ref),
    queryFn: ({ signal }) => getSnippets({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}
