import { describe, expect, it } from 'vitest'
import { ApiError } from '../fetcher'
import { shouldRetryBuckets } from './buckets-query'

describe('buckets query retries', () => {
  it('retries up to 3 times', () => {
    const error = new ApiError('Could not connect', 503)
    expect([0, 1, 2, 3].map((count) => shouldRetryBuckets(count, error))).toEqual([true, true, true, false])
  })

  it("never retries a missing tenant: 'Tenant config' … 'not found'", () => {
    expect(shouldRetryBuckets(0, new ApiError('Tenant config abc not found', 404))).toBe(false)
    expect(shouldRetryBuckets(0, new ApiError('Tenant config abc was found', 500))).toBe(true)
    expect(shouldRetryBuckets(0, new ApiError('Bucket not found', 404))).toBe(true)
  })
})
