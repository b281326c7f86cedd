import { describe, expect, it } from 'vitest'
import { formatUtcInstant, isWithinWindow, parseDateTimeLocal, toDateTimeLocalValue, toUnixSeconds } from './pitr.utils'

describe('point-in-time picker values', () => {
  it('round-trips a local instant to the second', () => {
    const date = new Date(2026, 10, 26, 9, 5, 7)
    expect(toDateTimeLocalValue(date)).toBe('2026-11-26T09:05:07')
    expect(parseDateTimeLocal('2026-11-26T09:05:07')?.getTime()).toBe(date.getTime())
    expect(parseDateTimeLocal('2026-11-26T09:05')?.getSeconds()).toBe(0)
  })

  it('refuses values that are not instants', () => {
    for (const value of ['', '2026-11-26', '2026-02-30T10:00:00', 'yesterday', '2026-11-26T25:00:00']) {
      expect(parseDateTimeLocal(value), value).toBeNull()
    }
  })

  it('compares with the window in whole seconds, and names the instant in UTC', () => {
    const earliest = new Date('2026-11-26T10:00:00.700Z')
    const latest = new Date('2026-11-26T11:00:00.000Z')
    expect(isWithinWindow(new Date('2026-11-26T10:00:00.000Z'), earliest, latest)).toBe(true)
    expect(isWithinWindow(new Date('2026-11-26T09:59:59.000Z'), earliest, latest)).toBe(false)
    expect(isWithinWindow(new Date('2026-11-26T11:00:01.000Z'), earliest, latest)).toBe(false)
    expect(toUnixSeconds(new Date('2026-11-26T10:00:00.999Z'))).toBe(1_795_687_200)
    expect(formatUtcInstant(new Date('2026-11-26T10:05:07.123Z'))).toBe('2026-11-26 10:05:07')
  })
})
