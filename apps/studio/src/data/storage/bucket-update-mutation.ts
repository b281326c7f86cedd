import { type Bucket, REQUIRED_VALUE_MESSAGES, type UpdateBucketBody } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { storageKeys } from './keys'

export type BucketUpdateVariables = { ref: string | undefined; id: string; changes: UpdateBucketBody }

export async function updateBucket({ ref, id, changes }: BucketUpdateVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('PATCH /platform/storage/{ref}/buckets/{id}', { params: { ref, id }, body: changes })
}

export function useBucketUpdateMutation(options: MutationOptions<Bucket, BucketUpdateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: updateBucket,
    onSuccess: async (bucket, variables, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: storageKeys.buckets(variables.ref) })
      return options.onSuccess?.(bucket, variables, ...rest)
    },
  })
}
