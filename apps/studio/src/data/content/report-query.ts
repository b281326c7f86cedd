import type { Report } from '@pgfleet/contracts'
import { useQuery } from '@tanstack/react-query'
import { api } from '../api'
import type { QueryOptions } from '../types'
import { asReport, CONTENT_HEADERS, contentRef } from './content-api'
import { contentKeys } from './keys'

/** One report by id; a snippet under that id is not a report (404). */
export async function getReport(
  { ref, id }: { ref: string | undefined; id: string | undefined },
  signal?: AbortSignal,
) {
  if (!id) throw new Error('Report id is required')
  const item = await api('GET /platform/projects/{ref}/content/{id}', {
    params: { ref: contentRef(ref), id },
    signal,
    headers: CONTENT_HEADERS,
  })
  return asReport(item)
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
