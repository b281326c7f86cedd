import type { Report, ReportCard, ReportList, SnippetVisibility } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import { isApiError } from '../fetcher'
import type { MutationOptions } from '../types'
import { asReport, CONTENT_HEADERS, contentRef } from './content-api'
import { contentKeys } from './keys'
import { getReport } from './report-query'

/** The fields a change sets, computed from the report as the server has it. */
export type ReportFields = { name?: string; visibility?: SnippetVisibility; layout?: ReportCard[] }

export type ReportUpdateVariables = {
  ref: string | undefined
  id: string
  /** applied to the current report; applied again to the newer one when another tab or user saved meanwhile */
  change: (report: Report) => ReportFields
}

function toBody(fields: ReportFields, version: number) {
  const { layout, ...rest } = fields
  return { ...rest, ...(layout ? { content: { layout } } : {}), version }
}

const conflictCurrent = (error: unknown): Report | undefined => {
  if (!isApiError(error) || error.status !== 409) return undefined
  const current = error.body?.current as Report | undefined
  return current?.type === 'report' ? current : undefined
}

/**
 * Saves one change with the version it was based on. A 409 (someone saved in between) re-applies the change
 * to their version once, so adding a card never drops a card added elsewhere.
 */
export async function updateReport(
  { ref, id, change }: ReportUpdateVariables,
  known: Report | undefined,
): Promise<Report> {
  let current = known ?? (await getReport({ ref, id }))
  for (let attempt = 0; ; attempt++) {
    try {
      const item = await api('PATCH /platform/projects/{ref}/content/{id}', {
        params: { ref: contentRef(ref), id },
        body: toBody(change(current), current.version),
        headers: CONTENT_HEADERS,
      })
      return asReport(item)
    } catch (error) {
      const newer = conflictCurrent(error)
      if (!newer || attempt > 0) throw error
      current = newer
    }
  }
}

/** Changes to one report run one after another (each based on the answer of the one before). */
export function useReportUpdateMutation(
  { ref, id }: { ref: string | undefined; id: string | undefined },
  options: MutationOptions<Report, ReportUpdateVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    scope: { id: `report:${ref}:${id}` },
    mutationFn: (variables) => {
      const cached =
        queryClient.getQueryData<Report>(contentKeys.report(variables.ref, variables.id)) ??
        queryClient
          .getQueryData<ReportList>(contentKeys.reports(variables.ref))
          ?.data.find((report) => report.id === variables.id)
      return updateReport(variables, cached)
    },
    onSuccess: (report, variables, ...rest) => {
      queryClient.setQueryData(contentKeys.report(variables.ref, report.id), report)
      queryClient.setQueryData<ReportList>(contentKeys.reports(variables.ref), (list) =>
        list ? { ...list, data: list.data.map((item) => (item.id === report.id ? report : item)) } : list,
      )
      return options.onSuccess?.(report, variables, ...rest)
    },
  })
}
