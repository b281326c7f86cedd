import { describe, expect, it } from 'vitest'
import { buildRequestHeaders, readCookie, shouldRedirectOnUnauthorized } from './fetcher'

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('a=1; csrf=abc%3D; b=2', 'csrf')).toBe('abc=')
  })
  it('does not match a cookie whose name only ends with the wanted name', () => {
    expect(readCookie('xcsrf=nope', 'csrf')).toBeUndefined()
  })
  it('returns undefined on an empty cookie string', () => {
    expect(readCookie('', 'csrf')).toBeUndefined()
  })
})

describe('buildRequestHeaders', () => {
  const cookie = 'pgfleet_session=s; csrf=token-1'

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('sends the csrf cookie as x-csrf-token on %s', (method) => {
    expect(buildRequestHeaders(method, false, cookie)['x-csrf-token']).toBe('token-1')
  })
  it('does not send the csrf header on GET', () => {
    expect(buildRequestHeaders('GET', false, cookie)['x-csrf-token']).toBeUndefined()
  })
  it('omits the header when there is no csrf cookie', () => {
    expect(buildRequestHeaders('POST', true, 'other=1')).not.toHaveProperty('x-csrf-token')
  })
  it('sets a JSON content type only with a body', () => {
    expect(buildRequestHeaders('POST', true, '')['content-type']).toBe('application/json')
    expect(buildRequestHeaders('DELETE', false, '')['content-type']).toBeUndefined()
  })
})

describe('shouldRedirectOnUnauthorized', () => {
  it('leaves login, signup and the profile read to their callers', () => {
    expect(shouldRedirectOnUnauthorized('/platform/auth/login')).toBe(false)
    expect(shouldRedirectOnUnauthorized('/platform/auth/signup')).toBe(false)
    expect(shouldRedirectOnUnauthorized('/platform/profile')).toBe(false)
  })
  it('redirects for every other path, including other profile reads', () => {
    expect(shouldRedirectOnUnauthorized('/platform/profile/permissions')).toBe(true)
    expect(shouldRedirectOnUnauthorized('/v1/projects')).toBe(true)
  })
})
