import { REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { storageKeys } from './keys'

export type StorageArchiveCreateVariables = { ref: string | undefined }

/** Starts building the archive of the project's storage objects (a job); poll useStorageArchiveQuery for it. */
export async function createStorageArchive({ ref }: StorageArchiveCreateVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/storage/{ref}/archive', { params: { ref } })
}

export function useStorageArchiveCreateMutation(
  options: MutationOptions<{ message: string }, StorageArchiveCreateVariables> = {},
) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: createStorageArchive,
    onSuccess: (answer, variables, ...rest) => {
      // the previous archive is gone: polling must not find its stale fileUrl in the cache
      queryClient.removeQueries({ queryKey: storageKeys.archive(variables.ref) })
      return options.onSuccess?.(answer, variables, ...rest)
    },
  })
}
