import { describe, expect, it } from 'vitest'
import {
  growingDelayMs,
  LOGIN_ACCOUNT_MAX_HOLD_MS,
  LOGIN_ADDRESS_MAX_DELAY_MS,
  LOGIN_FIRST_DELAY_MS,
  LOGIN_FIRST_HOLD_MS,
  LOGIN_FREE_FAILURES_PER_ACCOUNT,
  LOGIN_FREE_FAILURES_PER_ADDRESS,
  LOGIN_FREE_FAILURES_PER_PAIR,
  LOGIN_PAIR_WINDOW_MS,
  LoginThrottle,
} from './login-throttle'

describe('growingDelayMs', () => {
  it('is free up to the allowance, then doubles up to the cap', () => {
    const rule = { free: 2, firstMs: 100, maxMs: 500 }
    expect([0, 1, 2, 3, 4, 5, 60].map((n) => growingDelayMs(n, rule))).toEqual([0, 0, 100, 200, 400, 500, 500])
  })
})

describe('LoginThrottle', () => {
  it('slows one address guessing one account with doubling delays, not a lock', () => {
    let now = 1_000_000
    const throttle = new LoginThrottle(() => now)
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_PAIR; i++) {
      expect(throttle.retryAfterMs('A@x.io', '6.6.6.6')).toBe(0)
      throttle.failed('a@x.io ', '6.6.6.6')
    }
    expect(throttle.retryAfterMs('a@x.io', '6.6.6.6')).toBe(LOGIN_FIRST_DELAY_MS)
    now += LOGIN_FIRST_DELAY_MS
    expect(throttle.retryAfterMs('a@x.io', '6.6.6.6')).toBe(0)
    throttle.failed('a@x.io', '6.6.6.6')
    expect(throttle.retryAfterMs('a@x.io', '6.6.6.6')).toBe(2 * LOGIN_FIRST_DELAY_MS)
    // another address is not refused on this account (its answers are only held back)
    expect(throttle.retryAfterMs('a@x.io', '7.7.7.7')).toBe(0)
    now += LOGIN_PAIR_WINDOW_MS
    expect(throttle.retryAfterMs('a@x.io', '6.6.6.6')).toBe(0)
  })

  it('slows an address guessing across many accounts, up to a short cap', () => {
    let now = 5_000_000
    const throttle = new LoginThrottle(() => now)
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ADDRESS; i++) throttle.failed(`user${i}@x.io`, '6.6.6.6')
    expect(throttle.retryAfterMs('fresh@x.io', '6.6.6.6')).toBe(LOGIN_FIRST_DELAY_MS)
    expect(throttle.retryAfterMs('fresh@x.io', '7.7.7.7')).toBe(0)
    for (let i = 0; i < 20; i++) {
      now += 1_000
      throttle.failed(`more${i}@x.io`, '6.6.6.6')
    }
    expect(throttle.retryAfterMs('fresh@x.io', '6.6.6.6')).toBe(LOGIN_ADDRESS_MAX_DELAY_MS)
  })

  it('holds answers on a guessed account back for a bounded time, and a success clears the hold', () => {
    const now = 9_000_000
    const throttle = new LoginThrottle(() => now)
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ACCOUNT; i++) {
      expect(throttle.holdMs('a@x.io')).toBe(0)
      throttle.failed('a@x.io', `10.0.0.${i}`)
    }
    expect(throttle.holdMs('a@x.io')).toBe(LOGIN_FIRST_HOLD_MS)
    for (let i = 0; i < 1_000; i++) throttle.failed('a@x.io', `10.0.${i % 200}.${i % 250}`)
    expect(throttle.holdMs('A@x.io')).toBe(LOGIN_ACCOUNT_MAX_HOLD_MS)
    // the owner, from an address of their own, is held but never refused
    expect(throttle.retryAfterMs('a@x.io', '198.51.100.7')).toBe(0)
    throttle.succeeded('a@x.io', '198.51.100.7')
    expect(throttle.holdMs('a@x.io')).toBe(0)
  })
})
