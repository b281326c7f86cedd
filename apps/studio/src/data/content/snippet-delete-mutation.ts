import type { SnippetList } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { MutationOptions } from '../types'
import { CONTENT_HEADERS, contentPath } from './content-paths'
import { contentKeys } from './keys'

export type SnippetDeleteVariables = { ref: string | undefined; id: string }

export async function deleteSnippet({ ref, id }: SnippetDeleteVariables) {
  await fetcher<unknown>(contentPath(ref, `/${encodeURIComponent(id)}`), {
    method: 'DELETE',
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
