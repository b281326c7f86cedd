import type { Content, Report } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { ApiError, fetcher } from '../fetcher'
import type { QueryOptions } from '../types'
import { CONTENT_HEADERS, contentPath } from './content-paths'
import { contentKeys } from './keys'

export const REPORT_NOT_FOUND_MESSAGE = 'Report not found'

/** One report by id; a snippet under that id is not a report (404). */
export async function getReport(
  { ref, id }: { ref: string | undefined; id: string | undefined },
  signal?: AbortSignal,
) {
  if (!id) throw new Error('Report id is required')
  const item = await fetcher<Content>(contentPath(ref, `/${encodeURIComponent(id)}`), {
    signal,
    headers: CONTENT_HEADERS,
  })
  if (item.type !== 'report') throw new ApiError(REPORT_NOT_FOUND_MESSAGE, 404)
  return item
}

export function useReportQuery(
  { ref, id }: { ref: string | undefined; id: string | undefined },
  options: QueryOptions<Report> = {},
) {
  return useQuery({
    ...options,
    queryKey: contentKeys.report(ref, id),
    queryFn: ({ signal }) => getReport({ ref, id }, signal),
    enabled: Boolean(ref && id) && (options.enabled ?? true),
  })
}
