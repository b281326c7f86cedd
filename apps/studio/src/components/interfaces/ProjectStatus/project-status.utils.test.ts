import { describe, expect, it } from 'vitest'
import {
  CONNECTING_POLL_INTERVAL_MS,
  PAUSING_POLL_INTERVAL_MS,
  PAUSING_POLL_START_DELAY_MS,
  RESIZING_POLL_INTERVAL_MS,
  RESTARTING_POLL_INTERVAL_MS,
  RESTORING_POLL_INTERVAL_MS,
} from './project-status.constants'
import {
  buildSupportLink,
  hasLeftStatus,
  isOnlineByStatusProbe,
  nextConnectingProbe,
  operationFailureToAnnounce,
} from './project-status.utils'

describe('hasLeftStatus', () => {
  it('waits while the poll has not answered or answers the same status', () => {
    expect(hasLeftStatus('PAUSING', undefined)).toBe(false)
    expect(hasLeftStatus('PAUSING', 'PAUSING')).toBe(false)
  })
  it('hands over on any other status', () => {
    expect(hasLeftStatus('PAUSING', 'INACTIVE')).toBe(true)
    expect(hasLeftStatus('PAUSING', 'PAUSE_FAILED')).toBe(true)
    expect(hasLeftStatus('RESTARTING', 'ACTIVE_HEALTHY')).toBe(true)
    expect(hasLeftStatus('RESIZING', 'ACTIVE_HEALTHY')).toBe(true)
  })
})

describe('operationFailureToAnnounce', () => {
  it('announces the error of an operation that failed back into a running or unknown status', () => {
    expect(operationFailureToAnnounce({ status: 'ACTIVE_HEALTHY', error: 'Resizing to small failed: no memory' })).toBe(
      'Resizing to small failed: no memory',
    )
    expect(operationFailureToAnnounce({ status: 'UNKNOWN', error: 'restart failed' })).toBe('restart failed')
  })
  it('stays quiet on success and where a failure screen shows the error', () => {
    expect(operationFailureToAnnounce({ status: 'ACTIVE_HEALTHY', error: null })).toBeUndefined()
    expect(operationFailureToAnnounce({ status: 'INACTIVE' })).toBeUndefined()
    expect(operationFailureToAnnounce({ status: 'PAUSE_FAILED', error: 'disk full' })).toBeUndefined()
    expect(operationFailureToAnnounce(undefined)).toBeUndefined()
  })
})

describe('connecting probe', () => {
  it('falls back to the status when the REST route is missing', () => {
    expect(nextConnectingProbe('rest', 404)).toBe('status')
  })
  it('keeps probing REST on timeouts and server errors, and never goes back', () => {
    expect(nextConnectingProbe('rest', 0)).toBe('rest')
    expect(nextConnectingProbe('rest', 503)).toBe('rest')
    expect(nextConnectingProbe('rest', undefined)).toBe('rest')
    expect(nextConnectingProbe('status', undefined)).toBe('status')
  })
  it('counts a healthy status as online', () => {
    expect(isOnlineByStatusProbe('ACTIVE_HEALTHY')).toBe(true)
    expect(isOnlineByStatusProbe('RESTARTING')).toBe(false)
    expect(isOnlineByStatusProbe(undefined)).toBe(false)
  })
})

describe('intervals', () => {
  it('are the documented values', () => {
    expect([RESTARTING_POLL_INTERVAL_MS, RESIZING_POLL_INTERVAL_MS, RESTORING_POLL_INTERVAL_MS]).toEqual([
      4000, 4000, 4000,
    ])
    expect(CONNECTING_POLL_INTERVAL_MS).toBe(4000)
    expect(PAUSING_POLL_START_DELAY_MS).toBe(4000)
    expect(PAUSING_POLL_INTERVAL_MS).toBe(2000)
  })
})

describe('buildSupportLink', () => {
  it('prefills category, ref and subject', () => {
    expect(
      buildSupportLink({
        category: 'Database_unresponsive',
        ref: 'abcdefghijklmnopqrst',
        subject: 'Pausing "x" failed',
      }),
    ).toBe('/support/new?category=Database_unresponsive&ref=abcdefghijklmnopqrst&subject=Pausing+%22x%22+failed')
  })
})
