import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { CONTENT_HEADERS, contentRef } from './content-api'
import { contentKeys } from './keys'

export type FolderDeleteVariables = { ref: string | undefined; id: string }

export async function deleteFolder({ ref, id }: FolderDeleteVariables) {
  await api('DELETE /platform/projects/{ref}/content/folders/{id}', {
    params: { ref: contentRef(ref), id },
    headers: CONTENT_HEADERS,
  })
}

export function useFolderDeleteMutation(options: MutationOptions<void, FolderDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: deleteFolder,
    onSettled: (...args) => {
      // a folder's snippets move out with it
      void queryClient.invalidateQueries({ queryKey: contentKeys.all(args[2].ref) })
      return options.onSettled?.(...args)
    },
  })
}
