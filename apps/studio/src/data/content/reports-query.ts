import type { ReportList } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { asReport, CONTENT_HEADERS, contentRef } from './content-api'
import { contentKeys } from './keys'

/** The project's reports the user may see (theirs and shared ones), newest first; never snippets. */
export async function getReports({ ref }: { ref: string | undefined }, signal?: AbortSignal): Promise<ReportList> {
  const list = await api('GET /platform/projects/{ref}/content', {
    params: { ref: contentRef(ref) },
    query: { type: 'report', sort: 'inserted_at', order: 'desc', limit: 1000 },
    signal,
    headers: CONTENT_HEADERS,
  })
  return { data: list.data.map(asReport), total: list.total }
}

export function useReportsQuery({ ref }: { ref: string | undefined }, options: QueryOptions<ReportList> = {}) {
  return useQuery({
    ...options,
    queryKey: contentKeys.reports(ref),
    queryFn: ({ signal }) => getReports({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}
