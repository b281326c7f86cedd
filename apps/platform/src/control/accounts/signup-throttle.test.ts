import { describe, expect, it } from 'vitest'
import { SIGNUP_WINDOW_MS, SignupThrottle } from './signup-throttle'

describe('SignupThrottle', () => {
  it('allows so many sign-ups per address an hour, then answers the wait', () => {
    let now = 1_000_000
    const throttle = new SignupThrottle(2, () => now)
    expect(throttle.take('6.6.6.6')).toBe(0)
    now += 1_000
    expect(throttle.take('6.6.6.6')).toBe(0)
    expect(throttle.take('6.6.6.6')).toBe(SIGNUP_WINDOW_MS - 1_000)
    expect(throttle.take('7.7.7.7')).toBe(0)
    now += SIGNUP_WINDOW_MS - 1_000
    expect(throttle.take('6.6.6.6')).toBe(0)
  })
})
