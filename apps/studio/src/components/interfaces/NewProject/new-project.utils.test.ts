import type { EngineInfo } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { GENERATED_PASSWORD_ALPHABET } from './new-project.constants'
import { engineOptions, generateDatabasePassword, pickDefaultEngine, toCreateProjectBody } from './new-project.utils'

const engine = (major: number, version: string, release_channel = 'ga'): EngineInfo => ({
  major,
  version,
  postgres_engine: String(major),
  source: 'embedded',
  release_channel,
})

describe('generateDatabasePassword', () => {
  it('has the requested length and only alphabet characters', () => {
    const password = generateDatabasePassword(32)
    expect(password).toHaveLength(32)
    expect([...password].every((char) => GENERATED_PASSWORD_ALPHABET.includes(char))).toBe(true)
  })
  it('skips values that would bias the distribution', () => {
    let call = 0
    const random = (array: Uint32Array) => {
      array.fill(call++ === 0 ? 0xffff_ffff : 1)
      return array
    }
    expect(generateDatabasePassword(3, 'ab', random)).toBe('bbb')
  })
})

describe('pickDefaultEngine', () => {
  it('picks the highest major, then the highest version', () => {
    expect(pickDefaultEngine([engine(15, '15.8'), engine(17, '17.2'), engine(17, '17.10')])?.version).toBe('17.10')
  })
  it('is undefined without engines', () => {
    expect(pickDefaultEngine([])).toBeUndefined()
    expect(pickDefaultEngine(undefined)).toBeUndefined()
  })
})

describe('engineOptions', () => {
  it('lists each major once, newest first, naming non-GA channels', () => {
    expect(engineOptions([engine(15, '15.8'), engine(17, '17.2', 'preview'), engine(15, '15.2')])).toEqual([
      { value: '17', label: 'Postgres 17.2 (preview)' },
      { value: '15', label: 'Postgres 15.8' },
    ])
  })
})

describe('toCreateProjectBody', () => {
  const values = {
    name: ' shop ',
    organizationSlug: 'acme',
    password: 'long-enough',
    postgresMajor: '17',
    region: 'local',
  }

  it('builds the request body', () => {
    expect(toCreateProjectBody(values).body).toEqual({
      name: 'shop',
      organization_slug: 'acme',
      db_pass: 'long-enough',
      region: 'local',
      postgres_major: 17,
    })
  })
  it('leaves the version to the server when none is chosen', () => {
    expect(toCreateProjectBody({ ...values, postgresMajor: '' }).body?.postgres_major).toBeUndefined()
  })
  it('reports the first error of each field', () => {
    expect(toCreateProjectBody({ ...values, name: '', password: 'short' }).errors).toEqual({
      name: 'Project name is required',
      db_pass: 'Database password must be at least 8 characters',
    })
  })
})
