import { CSRF_HEADER, SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { droppedTenantResponseHeaders, withoutPlatformCredentials } from './platform-credentials'

describe('withoutPlatformCredentials', () => {
  const headers = {
    accept: '*/*',
    cookie: `a=1; ${SESSION_COOKIE}=s; ${SECURE_SESSION_COOKIE}=t; csrf=c; b=2`,
    [CSRF_HEADER]: 'c',
  }

  it('passes no cookie at all on the platform origin, and never the CSRF header', () => {
    expect(withoutPlatformCredentials(headers, 'platform-origin')).toEqual({ accept: '*/*' })
  })

  it("keeps the project's own cookies on its own host", () => {
    expect(withoutPlatformCredentials(headers, 'project-host')).toEqual({ accept: '*/*', cookie: 'a=1; b=2' })
    expect(withoutPlatformCredentials({ cookie: `${SESSION_COOKIE}=s` })).toEqual({})
  })

  it('drops Set-Cookie only on the platform origin', () => {
    expect(droppedTenantResponseHeaders('platform-origin')).toEqual(['set-cookie'])
    expect(droppedTenantResponseHeaders('project-host')).toEqual([])
  })
})
