import { describe, expect, it } from 'vitest'
import { REDIRECT_URL_DUPLICATE, REDIRECT_URL_HAS_COMMA, REDIRECT_URL_INVALID } from './auth-settings.constants'
import {
  callbackUrlOf,
  changedFields,
  invalidNumberMessage,
  joinRedirectUrls,
  numberDraft,
  parseRedirectUrls,
  redirectUrlProblem,
  renderTemplatePreview,
} from './auth-settings.utils'

describe('a settings draft', () => {
  it('sends only what differs from the stored settings', () => {
    const stored = { site_url: 'http://localhost:3000', jwt_exp: 3600, smtp_host: null }
    expect(changedFields({ site_url: 'http://localhost:3000', jwt_exp: 600, smtp_host: '' }, stored)).toEqual({
      jwt_exp: 600,
      smtp_host: '',
    })
    expect(changedFields({ smtp_host: null }, stored)).toEqual({})
  })

  it('keeps numbers as numbers and names a field that is not one', () => {
    expect(numberDraft(' 42 ')).toBe(42)
    expect(numberDraft('4.2')).toBe('4.2')
    expect(invalidNumberMessage({ jwt_exp: '1h', site_url: 'x' }, { jwt_exp: 'Access token expiry' })).toBe(
      'Access token expiry must be a whole number',
    )
    expect(invalidNumberMessage({ jwt_exp: 60 }, { jwt_exp: 'Access token expiry' })).toBeNull()
  })
})

describe('the redirect allow list', () => {
  it('round-trips the stored comma-separated text', () => {
    expect(parseRedirectUrls(' https://a.test/x , ,myapp://cb ')).toEqual(['https://a.test/x', 'myapp://cb'])
    expect(parseRedirectUrls(null)).toEqual([])
    expect(joinRedirectUrls(['https://a.test/x', 'myapp://cb'])).toBe('https://a.test/x,myapp://cb')
  })

  it('accepts URLs, app schemes and patterns, and says why it refuses', () => {
    expect(redirectUrlProblem('https://app.example.com/welcome', [])).toBeNull()
    expect(redirectUrlProblem('com.example.app://callback', [])).toBeNull()
    expect(redirectUrlProblem('https://*.example.com/**', [])).toBeNull()
    expect(redirectUrlProblem('example.com', [])).toBe(REDIRECT_URL_INVALID)
    expect(redirectUrlProblem('*', [])).toBe(REDIRECT_URL_INVALID)
    expect(redirectUrlProblem('https://a.test/x,https://b.test', [])).toBe(REDIRECT_URL_HAS_COMMA)
    expect(redirectUrlProblem('https://a.test/x', ['https://a.test/x'])).toBe(REDIRECT_URL_DUPLICATE)
  })
})

describe('the template preview', () => {
  it('fills known variables with escaped sample values and leaves the rest', () => {
    const html = renderTemplatePreview(
      '<a href="{{ .ConfirmationURL }}">Go</a> {{.Token}} {{ .Unknown }} {{ if .Data }}',
      {
        ConfirmationURL: 'https://x.test/?a=1&b="2"',
        Token: '123456',
      },
    )
    expect(html).toBe('<a href="https://x.test/?a=1&amp;b=&quot;2&quot;">Go</a> 123456 {{ .Unknown }} {{ if .Data }}')
  })
})

describe('the OAuth callback', () => {
  it('is the auth server under the project URL', () => {
    expect(callbackUrlOf('http://127.0.0.1:8080/p/abc/')).toBe('http://127.0.0.1:8080/p/abc/auth/v1/callback')
  })
})
