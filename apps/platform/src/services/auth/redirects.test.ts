import { AUTH_CONFIG_DEFAULTS } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { isAllowedRedirect, redirectTarget } from './redirects'

const config = {
  ...AUTH_CONFIG_DEFAULTS,
  site_url: 'https://app.example.com',
  uri_allow_list: 'https://preview.example.org/callback, https://*.vercel.app/**, myapp://auth',
}

describe('redirect allow list', () => {
  it.each([
    'https://app.example.com/welcome',
    'https://app.example.com',
    'https://preview.example.org/callback',
    'https://preview.example.org/callback/deeper?x=1',
    'https://my-branch.vercel.app/auth/done',
    'myapp://auth',
  ])('allows %s', (url) => {
    expect(isAllowedRedirect(config, url)).toBe(true)
  })

  it.each([
    ['a look-alike host', 'https://app.example.com.evil.test/'],
    ['a host that only starts alike', 'https://app.example.community/'],
    ['another scheme on the site host', 'http://app.example.com/'],
    ['a scheme-relative URL', '//evil.test/'],
    ['a backslash trick', 'https://app.example.com\\@evil.test/'],
    ['user info before the host', 'https://app.example.com@evil.test/'],
    ['user info naming the allowed host', 'https://evil.test:pw@app.example.com/'],
    ['an encoded dot in the host', 'https://app%2eexample%2ecom/'],
    ['a wildcard crossing a dot', 'https://evil.test.vercel.app/x'],
    ['a path outside the allowed one', 'https://preview.example.org/elsewhere'],
    ['a javascript URL', 'javascript:alert(1)'],
    ['whitespace', ' https://app.example.com/'],
    ['a newline', 'https://app.example.com/\nLocation: https://evil.test'],
  ])('refuses %s', (_name, url) => {
    expect(isAllowedRedirect(config, url)).toBe(false)
  })

  it('falls back to the site URL', () => {
    expect(redirectTarget(config, 'https://evil.test/')).toBe('https://app.example.com')
    expect(redirectTarget(config, null)).toBe('https://app.example.com')
  })
})
