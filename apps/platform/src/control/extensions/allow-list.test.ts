import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { EXTENSION_NAME_PATTERN, EXTENSION_UNAVAILABLE_MESSAGE } from '@pgfleet/contracts'
import { discoverEngines } from '@pgfleet/engine'
import { describe, expect, it } from 'vitest'
import {
  availabilityOf,
  NEVER_OFFERED,
  NOT_ALLOW_LISTED_REASON,
  PLATFORM_EXTENSIONS,
  preloads,
  RAW_STORAGE_REASON,
  SERVER_ACCESS_REASON,
} from './allow-list'

describe('availabilityOf', () => {
  it('lets the tenant create trusted extensions themselves', () => {
    expect(availabilityOf('pgcrypto', true)).toEqual({ availability: 'trusted', reason: null })
  })

  it('offers allow-listed extensions through the platform, with what they are for', () => {
    for (const name of ['dblink', 'postgres_fdw', 'pg_stat_statements']) {
      const { availability, reason } = availabilityOf(name, false)
      expect(availability).toBe('platform')
      expect(reason).toBe(PLATFORM_EXTENSIONS.find((e) => e.name === name)?.purpose)
    }
  })

  it('never offers untrusted languages, file access or raw storage, even if a control file said trusted', () => {
    for (const name of ['plperlu', 'pltclu', 'plpython3u', 'jsonb_plperlu', 'file_fdw', 'adminpack']) {
      expect(availabilityOf(name, false)).toEqual({ availability: 'unavailable', reason: SERVER_ACCESS_REASON })
      expect(availabilityOf(name, true).availability).toBe('unavailable')
    }
    expect(availabilityOf('pageinspect', false)).toEqual({ availability: 'unavailable', reason: RAW_STORAGE_REASON })
  })

  it('treats names that exist on every object as plain names', () => {
    expect(availabilityOf('constructor', false).reason).toBe(NOT_ALLOW_LISTED_REASON)
    expect(availabilityOf('__proto__', true).availability).toBe('trusted')
  })

  it('refuses any other untrusted extension', () => {
    expect(availabilityOf('amcheck', false)).toEqual({ availability: 'unavailable', reason: NOT_ALLOW_LISTED_REASON })
    expect(availabilityOf('something_new', false).availability).toBe('unavailable')
  })

  it('says plainly why, in one sentence', () => {
    expect(EXTENSION_UNAVAILABLE_MESSAGE('plperlu', SERVER_ACCESS_REASON)).toBe(
      'Extension "plperlu" is not available on pgfleet: it could run code or read files on the server',
    )
  })

  it('keeps the allow-list and the never-offered list apart', () => {
    for (const { name } of PLATFORM_EXTENSIONS) {
      expect(NEVER_OFFERED[name]).toBeUndefined()
      expect(name).toMatch(EXTENSION_NAME_PATTERN)
    }
  })
})

describe('preloads', () => {
  it('reads shared_preload_libraries as Postgres lists it', () => {
    expect(preloads('pg_stat_statements', 'pg_stat_statements')).toBe(true)
    expect(preloads('auto_explain, "pg_stat_statements"', 'pg_stat_statements')).toBe(true)
    expect(preloads('', 'pg_stat_statements')).toBe(false)
    expect(preloads('pg_stat_statements_extra', 'pg_stat_statements')).toBe(false)
  })
})

describe('the allow-list against the installed engines', async () => {
  const engines = await discoverEngines()
  const extensionDirs = engines
    .map((engine) => ({ major: engine.major, dir: path.join(engine.binDir, '..', 'share', 'postgresql', 'extension') }))
    .filter(({ dir }) => existsSync(dir))

  it('finds at least one engine with its extension directory', () => {
    expect(extensionDirs.length).toBeGreaterThan(0)
  })

  it.each(PLATFORM_EXTENSIONS.map((e) => [e.name]))(
    '%s exists in every engine, is not trusted and requires no other extension',
    (name) => {
      for (const { major, dir } of extensionDirs) {
        const control = readFileSync(path.join(dir, `${name}.control`), 'utf8')
        expect(control, `${name} on ${major}`).not.toMatch(/^\s*trusted\s*=\s*true/m)
        expect(control, `${name} on ${major}`).not.toMatch(/^\s*requires\s*=/m)
      }
    },
  )
})
