import type { DatabaseExtension } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { canToggle, filterExtensions, isEnabled, sortExtensions } from './database-extensions.utils'

const extension = (overrides: Partial<DatabaseExtension>): DatabaseExtension => ({
  name: 'x',
  default_version: '1.0',
  installed_version: null,
  schema: null,
  comment: null,
  availability: 'trusted',
  reason: null,
  ...overrides,
})

const pgcrypto = extension({ name: 'pgcrypto', comment: 'cryptographic functions' })
const dblink = extension({ name: 'dblink', availability: 'platform', comment: 'connect to other databases' })
const plperlu = extension({ name: 'plperlu', availability: 'unavailable', reason: 'it could run code' })
const plpgsql = extension({ name: 'plpgsql', installed_version: '1.0', schema: 'pg_catalog' })

describe('the extensions list', () => {
  it('searches names and descriptions, ignoring case and surrounding spaces', () => {
    expect(filterExtensions([pgcrypto, dblink], ' CRYPTO ').map((e) => e.name)).toEqual(['pgcrypto'])
    expect(filterExtensions([pgcrypto, dblink], 'other databases').map((e) => e.name)).toEqual(['dblink'])
    expect(filterExtensions([pgcrypto, dblink], '')).toHaveLength(2)
  })

  it('shows enabled extensions first and unavailable ones last', () => {
    expect(sortExtensions([plperlu, pgcrypto, plpgsql, dblink]).map((e) => e.name)).toEqual([
      'plpgsql',
      'dblink',
      'pgcrypto',
      'plperlu',
    ])
  })

  it('gives a toggle only to members who may write, and never for unavailable extensions', () => {
    expect(canToggle(pgcrypto, true)).toBe(true)
    expect(canToggle(dblink, true)).toBe(true)
    expect(canToggle(plperlu, true)).toBe(false)
    expect(canToggle(pgcrypto, false)).toBe(false)
    expect(canToggle(plpgsql, true)).toBe(false)
    expect(isEnabled(plpgsql)).toBe(true)
    expect(isEnabled(pgcrypto)).toBe(false)
  })
})
