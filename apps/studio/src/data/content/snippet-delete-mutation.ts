import type { SnippetList } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { CONTENT_HEADERS, contentRef } from './content-api'
import { contentKeys } from './keys'

export type SnippetDeleteVariables = { ref: string | undefined; id: string }

export async function deleteSnippet({ ref, id }: SnippetDeleteVariables) {
  await api('DELETE /platform/projects/{ref}/content/{id}', {
    params: { ref: contentRef(ref), id },
    headers: CONTENT_HEADERS,
  })
}

export function useSnippetDeleteMutation(options: MutationOptions<void, SnippetDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: deleteSnippet,
    onSuccess: (data, variables, ...rest) => {
      queryClient.setQueryData<SnippetList>(contentKeys.snippets(variables.ref), (list) =>
        list ? { data: list.data.filter((s) => s.id !== variables.id), total: list.total - 1 } : list,
      )
      queryClient.removeQueries({ queryKey: contentKeys.snippet(variables.ref, variables.id) })
      return options.onSuccess?.(data, variables, ...rest)
    },
  })
}
