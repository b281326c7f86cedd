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
 * How long the first render may wait for the data index.html asked for. Usually it is in before the code has
 * run; a slow answer gets the page's skeletons after this long instead of a blank page.
 */
export const EARLY_DATA_WAIT_MS = 300

/**
 * A table opened by its address (a reload, a link): its code, its description and its first rows are asked for
 * as the app starts, beside the project layout's, instead of one after the other once each parent has rendered.
 * The queries use the keys and fetchers the table view reads, so it finds them in the cache.
 *
 * Answers, on a table editor address, when the first render can show the page in one pass: the page's code is
 * in (or failed to load: the page reports it) and the data its first paint needs (session, project, rows, table)
 * is in the cache, or EARLY_DATA_WAIT_MS have passed. Undefined on other pages.
 */
export function preloadTableEditor(pathname: string, queryClient: QueryClient): Promise<void> | undefined {
  const match = TABLE_EDITOR_PATH.exec(pathname)
  if (!match) return undefined
  // the layout's code waits for the session check otherwise, the editor's for the layout to render
  // a failure shows when the page renders and asks again
  const code = Promise.all([projectLayoutCode.preload(), projectEditorCode.preload()]).catch(() => undefined)
  const [, ref, id] = match
  if (!ref) return code.then(() => undefined)
  // the session check and the project's status come before the page renders: ask for them now too
  // (a prefetch settles, never rejects: a failure is the page's to show)
  const firstPaintData: Promise<void>[] = [
    queryClient.prefetchQuery({ queryKey: profileKeys.profile(), queryFn: ({ signal }) => getProfile(signal) }),
    queryClient.prefetchQuery({
      queryKey: projectKeys.detail(ref),
      queryFn: ({ signal }) => getProjectDetail({ ref }, signal),
    }),
  ]
  if (id) {
    const tableId = Number(id)
    firstPaintData.push(
      queryClient.prefetchInfiniteQuery({
        queryKey: tableRowsKeys.pages(ref, tableId, { sort: undefined, filters: [] }),
        queryFn: ({ pageParam, signal }) => getRowsPage({ ref, tableId, filters: [] }, pageParam, signal),
        initialPageParam: undefined,
        gcTime: PREFETCH_KEEP_MS,
      }),
      queryClient.prefetchQuery({
        queryKey: [...pgMetaKeys.list(ref, 'tables'), 'detail', tableId] as const,
        queryFn: ({ signal }) => getTable({ ref, id: tableId }, signal),
        gcTime: PREFETCH_KEEP_MS,
      }),
    )
    // the count is not waited for: an exact count of a mid-sized table can take a while
    void queryClient.prefetchQuery({
      queryKey: tableRowsKeys.count(ref, tableId, []),
      queryFn: ({ signal }) => getRowCount({ ref, tableId, filters: [] }, signal),
      gcTime: PREFETCH_KEEP_MS,
    })
  }
  const data = Promise.race([
    Promise.all(firstPaintData),
    new Promise((resolve) => setTimeout(resolve, EARLY_DATA_WAIT_MS)),
  ])
  return Promise.all([code, data]).then(() => undefined)
}
