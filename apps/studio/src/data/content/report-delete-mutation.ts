import type { ReportList } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { CONTENT_HEADERS, contentRef } from './content-api'
import { contentKeys } from './keys'

export type ReportDeleteVariables = { ref: string | undefined; id: string }

export async function deleteReport({ ref, id }: ReportDeleteVariables) {
  await api('DELETE /platform/projects/{ref}/content/{id}', {
    params: { ref: contentRef(ref), id },
    headers: CONTENT_HEADERS,
  })
}

export function useReportDeleteMutation(options: MutationOptions<void, ReportDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: deleteReport,
    onSuccess: (data, variables, ...rest) => {
      queryClient.setQueryData<ReportList>(contentKeys.reports(variables.ref), (list) =>
        list ? { data: list.data.filter((r) => r.id !== variables.id), total: list.total - 1 } : list,
      )
      queryClient.removeQueries({ queryKey: contentKeys.report(variables.ref, variables.id) })
      return options.onSuccess?.(data, variables, ...rest)
    },
  })
}
