import type { Folder, UpdateFolderBody } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { fetcher } from '../fetcher'
import type { MutationOptions } from '../types'
import { CONTENT_HEADERS, contentPath } from './content-paths'
import { contentKeys } from './keys'

export type FolderUpdateVariables = { ref: string | undefined; id: string } & UpdateFolderBody

export async function updateFolder({ ref, id, name, parentId }: FolderUpdateVariables) {
  return fetcher<Folder>(contentPath(ref, `/folders/${encodeURIComponent(id)}`), {
    method: 'PATCH',
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
