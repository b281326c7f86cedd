import type { CreateFolderBody, Folder, FolderTree } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { CONTENT_HEADERS, contentRef } from './content-api'
import { contentKeys } from './keys'

export type FolderCreateVariables = { ref: string | undefined } & CreateFolderBody

export async function createFolder({ ref, name, parentId }: FolderCreateVariables) {
  return api('POST /platform/projects/{ref}/content/folders', {
    params: { ref: contentRef(ref) },
    body: { name, parentId },
    headers: CONTENT_HEADERS,
  })
}

export function useFolderCreateMutation(options: MutationOptions<Folder, FolderCreateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: createFolder,
    onSuccess: (folder, variables, ...rest) => {
      queryClient.setQueryData<FolderTree>(contentKeys.folders(variables.ref), (tree) =>
        tree ? { data: [...tree.data, { ...folder, children: [] }] } : tree,
      )
      void queryClient.invalidateQueries({ queryKey: contentKeys.folders(variables.ref) })
      return options.onSuccess?.(folder, variables, ...rest)
    },
  })
}
