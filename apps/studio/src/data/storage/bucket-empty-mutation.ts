import { REQUIRED_VALUE_MESSAGES } from '@pgfleet/contracts'
import { useMutation } from '@tanstack/react-query'
import { api } from '../api'
import type { MutationOptions } from '../types'

export type BucketEmptyVariables = { ref: string | undefined; id: string }

/** Deletes every object of the bucket (rows and files); the bucket stays. */
export async function emptyBucket({ ref, id }: BucketEmptyVariables) {
  if (!ref) throw new Error(REQUIRED_VALUE_MESSAGES.projectRef)
  return api('POST /platform/storage/{ref}/buckets/{id}/empty', { params: { ref, id } })
}

export function useBucketEmptyMutation(options: MutationOptions<{ message: string }, BucketEmptyVariables> = {}) {
  return useMutation({ ...options, mutationFn: emptyBucket })
}
