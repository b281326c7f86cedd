import { describe, expect, it } from 'vitest'
import { PerUserRateLimit } from './per-user-rate-limit'

describe('PerUserRateLimit', () => {
  it('allows the limit per minute per user, then tells how long to wait', () => {
    let now = 1_000_000
    const limit = new PerUserRateLimit(3, () => now)
    expect([limit.take(1), limit.take(1), limit.take(1)]).toEqual([0, 0, 0])
    now += 10_000
    expect(limit.take(1)).toBe(50_000)
    expect(limit.take(2)).toBe(0)
    now += 50_000
    expect(limit.take(1)).toBe(0)
  })
})
