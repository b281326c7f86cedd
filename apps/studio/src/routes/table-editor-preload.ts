import type { QueryClient } from '@tanstack/react-query'
import { pgMetaKeys } from '../data/pg-meta/keys'
import { getTable } from '../data/pg-meta/table-query'
import { profileKeys } from '../data/profile/keys'
import { getProfile } from '../data/profile/profile-query'
import { projectKeys } from '../data/projects/keys'
import { getProjectDetail } from '../data/projects/project-detail-query'
import { tableRowsKeys } from '../data/table-rows/keys'
import { getRowCount, getRowsPage } from '../data/table-rows/rows-query'
import { projectEditorCode, projectLayoutCode } from './preloadable-pages'

const TABLE_EDITOR_PATH = /^\/project\/([^/]+)\/editor(?:\/(\d+))?\/?$/
/** Long enough for the page's code to arrive and take the prefetched rows over. */
const PREFETCH_KEEP_MS = 15_000

/**
 * A table opened by its address (a reload, a link): its code, its description and its first rows are asked for
 * as the app starts, beside the project layout's, instead of one after the other once each parent has rendered.
 * The queries use the keys and fetchers the table view reads, so it finds them in the cache.
 */
export function preloadTableEditor(pathname: string, queryClient: QueryClient): void {
  const match = TABLE_EDITOR_PATH.exec(pathname)
  if (!match) return
  // the layout's code waits for the session check otherwise, the editor's for the layout to render
  // a failure shows when the page renders and asks again
  projectLayoutCode.preload().catch(() => {})
  projectEditorCode.preload().catch(() => {})
  const [, ref, id] = match
  if (!ref) return
  // the session check and the project's status come before the page renders: ask for them now too
  void queryClient.prefetchQuery({ queryKey: profileKeys.profile(), queryFn: ({ signal }) => getProfile(signal) })
  void queryClient.prefetchQuery({
    queryKey: projectKeys.detail(ref),
    queryFn: ({ signal }) => getProjectDetail({ ref }, signal),
  })
  if (!id) return
  const tableId = Number(id)
  const filters = [] as const
  void queryClient.prefetchInfiniteQuery({
    queryKey: tableRowsKeys.pages(ref, tableId, { sort: undefined, filters: [] }),
    queryFn: ({ pageParam, signal }) => getRowsPage({ ref, tableId, filters: [...filters] }, pageParam, signal),
    initialPageParam: undefined,
    gcTime: PREFETCH_KEEP_MS,
  })
  void queryClient.prefetchQuery({
    queryKey: [...pgMetaKeys.list(ref, 'tables'), 'detail', tableId] as const,
    queryFn: ({ signal }) => getTable({ ref, id: tableId }, signal),
    gcTime: PREFETCH_KEEP_MS,
  })
  void queryClient.prefetchQuery({
    queryKey: tableRowsKeys.count(ref, tableId, []),
    queryFn: ({ signal }) => getRowCount({ ref, tableId, filters: [] }, signal),
    gcTime: PREFETCH_KEEP_MS,
  })
}
