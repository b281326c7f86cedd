import type { Folder, UpdateFolderBody } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { CONTENT_HEADERS, contentRef } from './content-api'
import { contentKeys } from './keys'

export type FolderUpdateVariables = { ref: string | undefined; id: string } & UpdateFolderBody

export async function updateFolder({ ref, id, name, parentId }: FolderUpdateVariables) {
  return api('PATCH /platform/projects/{ref}/content/folders/{id}', {
    params: { ref: contentRef(ref), id },
    body: { name, parentId },
    headers: CONTENT_HEADERS,
  })
}

export function useFolderUpdateMutation(options: MutationOptions<Folder, FolderUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: updateFolder,
    onSettled: (...args) => {
      void queryClient.invalidateQueries({ queryKey: contentKeys.folders(args[2].ref) })
      return options.onSettled?.(...args)
    },
  })
}
