import { describe, expect, it } from 'vitest'
import { loadConfig } from '../config'
import { assertSitesSeparate, siteOf } from './site-separation'

describe('siteOf', () => {
  it('is the registrable domain, or the host itself for addresses and bare names', () => {
    expect(siteOf('app.example.com')).toBe('example.com')
    expect(siteOf('a.b.example.co.uk')).toBe('example.co.uk')
    expect(siteOf('abc.github.io')).toBe('abc.github.io')
    expect(siteOf('127.0.0.1')).toBe('127.0.0.1')
    expect(siteOf('localhost')).toBe('localhost')
  })
})

describe('assertSitesSeparate', () => {
  it("refuses projects' hosts in the dashboard's site", () => {
    expect(() => assertSitesSeparate('app.example.com', 'example.com')).toThrow(/same site as the dashboard/)
    expect(() => assertSitesSeparate('app.example.com', 'projects.example.com')).toThrow(/PGFLEET_DOMAIN/)
    expect(() => assertSitesSeparate('example.com', 'p.example.com')).toThrow(/PGFLEET_DOMAIN/)
  })

  it('accepts a domain of their own, and addresses', () => {
    expect(() => assertSitesSeparate('app.example.com', 'example-projects.net')).not.toThrow()
    expect(() => assertSitesSeparate('127.0.0.1', 'localhost')).not.toThrow()
    expect(() => assertSitesSeparate('localhost', 'localhost')).not.toThrow()
    expect(() => assertSitesSeparate('app.example.com', undefined)).not.toThrow()
  })

  it('is checked when the configuration loads', () => {
    expect(() =>
      loadConfig({ PGFLEET_PUBLIC_URL: 'https://studio.example.com', PGFLEET_DOMAIN: 'apps.example.com' }),
    ).toThrow(/same site as the dashboard/)
    expect(loadConfig({ PGFLEET_PUBLIC_URL: 'https://studio.example.com', PGFLEET_DOMAIN: 'example.net' }).domain).toBe(
      'example.net',
    )
  })
})
