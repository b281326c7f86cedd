import type { ReportList } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { QueryOptions } from '../types'
import { CONTENT_HEADERS, contentPath } from './content-paths'
import { contentKeys } from './keys'

/** The project's reports the user may see (theirs and shared ones), newest first; never snippets. */
export async function getReports({ ref }: { ref: string | undefined }, signal?: AbortSignal) {
  return fetcher<ReportList>(contentPath(ref, '?type=report&sort=inserted_at&order=desc&limit=1000'), {
    signal,
    headers: CONTENT_HEADERS,
  })
}

export function useReportsQuery({ ref }: { ref: string | undefined }, options: QueryOptions<ReportList> = {}) {
  return useQuery({
    ...options,
    queryKey: contentKeys.reports(ref),
    queryFn: ({ signal }) => getReports({ ref }, signal),
    enabled: Boolean(ref) && (options.enabled ?? true),
  })
}
