import { AUTH_CONFIG_DEFAULTS } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { AuthRateLimits } from './rate-limits'

const config = { ...AUTH_CONFIG_DEFAULTS, rate_limit_signups_signins: 3, rate_limit_email_sent: 2 }

describe('AuthRateLimits', () => {
  it('allows the limit per key and window, then refuses; other keys and projects are not touched', () => {
    let now = 1_000_000_000_000
    const limits = new AuthRateLimits(() => now)
    const take = (ref = 'a', key = '1.1.1.1') => limits.take(ref, 'signups_signins', key, config)
    expect([take(), take(), take(), take()]).toEqual([true, true, true, false])
    expect(take('a', '2.2.2.2')).toBe(true)
    expect(take('b')).toBe(true)
    // a whole window later the old count has slid out
    now += 10 * 60_000
    expect(take()).toBe(true)
  })

  it('weighs the previous window by how much of it still overlaps', () => {
    let now = 0
    const limits = new AuthRateLimits(() => now)
    const take = () => limits.take('a', 'email_sent', 'project', config)
    expect([take(), take(), take()]).toEqual([true, true, false])
    now = 60 * 60_000 + 1
    expect(take()).toBe(false)
    now = 60 * 60_000 + 40 * 60_000
    expect(take()).toBe(true)
  })
})
