import { describe, expect, it } from 'vitest'
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  LOGIN_WINDOW_MS,
  LoginThrottle,
} from './login-throttle'

describe('LoginThrottle', () => {
  it('stops an account after its failures, until the oldest leaves the window', () => {
    let now = 1_000_000
    const throttle = new LoginThrottle(() => now)
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT; i++) {
      expect(throttle.retryAfterMs('A@x.io', '1.1.1.1')).toBe(0)
      throttle.failed('a@x.io ', `10.0.0.${i}`)
      now += 1_000
    }
    expect(throttle.retryAfterMs('a@x.io', '9.9.9.9')).toBe(LOGIN_WINDOW_MS - LOGIN_FAILURES_PER_ACCOUNT * 1_000)
    now += LOGIN_WINDOW_MS
    expect(throttle.retryAfterMs('a@x.io', '9.9.9.9')).toBe(0)
  })

  it('stops an address guessing across many accounts, and a success clears only the account', () => {
    const now = 5_000_000
    const throttle = new LoginThrottle(() => now)
    for (let i = 0; i < LOGIN_FAILURES_PER_ADDRESS; i++) throttle.failed(`user${i}@x.io`, '6.6.6.6')
    expect(throttle.retryAfterMs('fresh@x.io', '6.6.6.6')).toBeGreaterThan(0)
    expect(throttle.retryAfterMs('fresh@x.io', '7.7.7.7')).toBe(0)
    throttle.succeeded('user1@x.io')
    expect(throttle.retryAfterMs('user1@x.io', '7.7.7.7')).toBe(0)
    expect(throttle.retryAfterMs('user1@x.io', '6.6.6.6')).toBeGreaterThan(0)
  })
})
