import { REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { storageKeys } from './keys'

export type BucketDeleteVariables = { ref: string | undefined; id: string }

/** Refused (409) while the bucket holds objects; see useBucketEmptyMutation. */
export async function deleteBucket({ ref, id }: BucketDeleteVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('DELETE /platform/storage/{ref}/buckets/{id}', { params: { ref, id } })
}

export function useBucketDeleteMutation(options: MutationOptions<{ message: string }, BucketDeleteVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: deleteBucket,
    onSuccess: async (answer, variables, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: storageKeys.buckets(variables.ref) })
      return options.onSuccess?.(answer, variables, ...rest)
    },
  })
}
