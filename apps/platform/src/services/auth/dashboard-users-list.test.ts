import { describe, expect, it } from 'vitest'
import { decodeCursor, encodeCursor, idPrefixRange, usersPageQueries } from './dashboard-users-list'

const ID = '0b8f7c2e-1111-4222-8333-444455556666'

describe('users list cursors', () => {
  it('reads back what it wrote, only for the same sort and order', () => {
    const cursor = encodeCursor({ sort: 'created_at', order: 'desc', key: '2024-01-01 00:00:00.000001', id: ID })
    expect(decodeCursor(cursor, 'created_at', 'desc')).toEqual({
      sort: 'created_at',
      order: 'desc',
      key: '2024-01-01 00:00:00.000001',
      id: ID,
    })
    expect(() => decodeCursor(cursor, 'created_at', 'asc')).toThrow(/cursor is not valid/)
    expect(() => decodeCursor(cursor, 'email', 'desc')).toThrow(/cursor is not valid/)
  })

  it('refuses a time key that is not a timestamp and an id that is not a UUID', () => {
    const bad = (key: string, id = ID) =>
      Buffer.from(JSON.stringify(['last_sign_in_at', 'asc', key, id])).toString('base64url')
    expect(() => decodeCursor(bad("1' or '1'='1"), 'last_sign_in_at', 'asc')).toThrow(/cursor is not valid/)
    expect(() => decodeCursor(bad('-infinity', 'x'), 'last_sign_in_at', 'asc')).toThrow(/cursor is not valid/)
    expect(decodeCursor(bad('-infinity'), 'last_sign_in_at', 'asc').key).toBe('-infinity')
    expect(() => decodeCursor('not-base64-json', 'email', 'asc')).toThrow(/cursor is not valid/)
  })
})

describe('id prefixes', () => {
  it('covers every id that starts with the hex digits, dashes ignored', () => {
    expect(idPrefixRange('0b8f7c2e-11')).toEqual({
      low: '0b8f7c2e-1100-0000-0000-000000000000',
      high: '0b8f7c2e-11ff-ffff-ffff-ffffffffffff',
    })
    expect(idPrefixRange(ID)).toEqual({ low: ID, high: ID })
    expect(idPrefixRange('ann')).toBeNull()
    expect(idPrefixRange('-')).toBeNull()
  })
})

describe('page queries', () => {
  it('passes every value as a parameter and escapes LIKE wildcards', () => {
    const { page, count } = usersPageQueries({
      search: "50%_o'k\\",
      filter: 'verified',
      provider: 'github',
      sort: 'email',
      order: 'asc',
      perPage: 20,
    })
    expect(page.text).not.toContain("o'k")
    expect(page.values).toEqual(["50\\%\\_o'k\\\\%", 'github', 21])
    expect(count.values).toEqual(["50\\%\\_o'k\\\\%", 'github'])
    expect(page.text).toContain('u.confirmed_at IS NOT NULL')
    expect(page.text).toMatch(/ORDER BY \(coalesce\(lower\(u\.email\), ''\) COLLATE "C"\) ASC, u\.id ASC/)
  })

  it('searches phone numbers and ids only when the text could start one', () => {
    expect(
      usersPageQueries({ search: '+44 20', filter: 'all', sort: 'created_at', order: 'desc', perPage: 5 }).page.values,
    ).toEqual(['+44 20%', '4420%', 6])
    expect(
      usersPageQueries({ search: 'abc', filter: 'all', sort: 'created_at', order: 'desc', perPage: 5 }).page.values,
    ).toEqual(['abc%', 'abc00000-0000-0000-0000-000000000000', 'abcfffff-ffff-ffff-ffff-ffffffffffff', 6])
  })
})
