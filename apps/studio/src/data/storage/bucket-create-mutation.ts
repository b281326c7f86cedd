import { type Bucket, type CreateBucketBody, REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'
import { storageKeys } from './keys'

export type BucketCreateVariables = { ref: string | undefined; bucket: CreateBucketBody }

export async function createBucket({ ref, bucket }: BucketCreateVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/storage/{ref}/buckets', { params: { ref }, body: bucket })
}

export function useBucketCreateMutation(options: MutationOptions<Bucket, BucketCreateVariables> = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    ...options,
    mutationFn: createBucket,
    onSuccess: async (bucket, variables, ...rest) => {
      await queryClient.invalidateQueries({ queryKey: storageKeys.buckets(variables.ref) })
      return options.onSuccess?.(bucket, variables, ...rest)
    },
  })
}
