import { describe, expect, it } from 'vitest'
import type { AppContext } from '../../context'
import { appConfig } from './project-config'

const contextWith = (domain: string | undefined) =>
  ({ config: { domain, rest: { schemas: ['public', 'api'] } } }) as unknown as AppContext

describe('appConfig', () => {
  it('puts the project under the platform at /p/{ref} without a domain', () => {
    expect(appConfig(contextWith(undefined), 'abc', 'http://127.0.0.1:8080')).toEqual({
      protocol: 'http',
      endpoint: '127.0.0.1:8080/p/abc',
      db_schema: 'public, api',
    })
  })

  it('gives the project its own host with PGFLEET_DOMAIN, keeping the platform port and protocol', () => {
    expect(appConfig(contextWith('pgfleet.test'), 'abc', 'https://dash.pgfleet.test').endpoint).toBe('abc.pgfleet.test')
    expect(appConfig(contextWith('localhost'), 'abc', 'http://localhost:8080')).toMatchObject({
      protocol: 'http',
      endpoint: 'abc.localhost:8080',
    })
  })
})
