import type { Report, ReportCard, ReportList, SnippetVisibility } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { asReport, CONTENT_HEADERS, contentRef } from './content-api'
import { contentKeys } from './keys'

export type ReportCreateVariables = {
  ref: string | undefined
  /** chosen by the client, so a retried create never makes a second report */
  id: string
  name: string
  visibility?: SnippetVisibility
  layout?: ReportCard[]
}

/** PUT under the client's id: creates the report, or answers the one a first attempt already made. */
export async function createReport({ ref, id, name, visibility, layout = [] }: ReportCreateVariables) {
  const item = await api('PUT /platform/projects/{ref}/content/{id}', {
    params: { ref: contentRef(ref), id },
    body: { type: 'report', name, visibility, content: { layout } },
    headers: CONTENT_HEADERS,
  })
  return asReport(item)
}

export function useReportCreateMutation(options: MutationOptions<Report, ReportCreateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: createReport,
    onSuccess: (report, variables, ...rest) => {
      queryClient.setQueryData(contentKeys.report(variables.ref, report.id), report)
      queryClient.setQueryData<ReportList>(contentKeys.reports(variables.ref), (list) =>
        list && !list.data.some((item) => item.id === report.id)
          ? { data: [report, ...list.data], total: list.total + 1 }
          : list,
      )
      return options.onSuccess?.(report, variables, ...rest)
    },
  })
}
