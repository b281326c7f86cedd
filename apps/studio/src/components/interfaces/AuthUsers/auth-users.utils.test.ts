import { describe, expect, it } from 'vitest'
import { describeUserAgent, isBanned, statusOf, userLabel, usersQueryOf } from './auth-users.utils'

const NOW = Date.parse('2025-01-01T00:00:00Z')
const base = { banned_until: null, is_anonymous: false, confirmed_at: null, invited_at: null }

describe('a user row', () => {
  it('shows the most pressing status', () => {
    expect(statusOf({ ...base, banned_until: '2025-01-02T00:00:00Z', confirmed_at: 'x' }, NOW)).toBe('banned')
    expect(statusOf({ ...base, banned_until: '2024-12-31T00:00:00Z', confirmed_at: 'x' }, NOW)).toBe('confirmed')
    expect(statusOf({ ...base, is_anonymous: true }, NOW)).toBe('anonymous')
    expect(statusOf({ ...base, invited_at: '2024-12-31T00:00:00Z' }, NOW)).toBe('invited')
    expect(statusOf(base, NOW)).toBe('unconfirmed')
  })

  it('knows a ban that ended is no ban', () => {
    expect(isBanned('2024-01-01T00:00:00Z', NOW)).toBe(false)
    expect(isBanned(undefined, NOW)).toBe(false)
    expect(isBanned('not a date', NOW)).toBe(false)
  })

  it('is named by its address, number or id', () => {
    expect(userLabel({ id: 'u1', email: 'a@b.c', phone: '44' })).toBe('a@b.c')
    expect(userLabel({ id: 'u1', email: '', phone: '4420' })).toBe('+4420')
    expect(userLabel({ id: 'u1', email: null, phone: null })).toBe('u1')
  })

  it('names the browser and system of a session', () => {
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
      ),
    ).toBe('Chrome on Mac OS X')
    expect(describeUserAgent('node')).toBe('node')
    expect(describeUserAgent(null)).toBe('—')
  })
})

describe('the list query', () => {
  it('leaves out what is empty', () => {
    const query = { search: '  ', filter: 'all', provider: '', sort: 'created_at', order: 'desc', perPage: 50 } as const
    expect(usersQueryOf({ ...query, cursor: null })).toEqual({
      filter: 'all',
      sort: 'created_at',
      order: 'desc',
      per_page: 50,
    })
    expect(usersQueryOf({ ...query, search: ' ann ', provider: 'github', cursor: 'abc' })).toMatchObject({
      search: 'ann',
      provider: 'github',
      cursor: 'abc',
    })
  })
})
