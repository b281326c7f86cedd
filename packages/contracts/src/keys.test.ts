import { describe, expect, it } from 'vitest'
import {
  CUSTOM_DOMAIN_NOT_ALLOWED_MESSAGE,
  CustomHostname,
  customHostnameStatusFromError,
  NO_CUSTOM_HOSTNAME_MESSAGE,
} from './keys'
import { PgMetaListQuery } from './pg-meta'

describe('customHostnameStatusFromError', () => {
  it('maps the two known error texts and leaves other errors alone', () => {
    expect(customHostnameStatusFromError('Org is not allowed to set up custom domain')).toBe('0_not_allowed')
    expect(customHostnameStatusFromError('no custom hostname configuration found')).toBe('0_no_hostname_configured')
    expect(customHostnameStatusFromError('Something went wrong on the server')).toBeNull()
  })

  it('maps the platform’s own messages', () => {
    expect(customHostnameStatusFromError(CUSTOM_DOMAIN_NOT_ALLOWED_MESSAGE)).toBe('0_not_allowed')
    expect(customHostnameStatusFromError(NO_CUSTOM_HOSTNAME_MESSAGE('abc'))).toBe('0_no_hostname_configured')
  })
})

describe('CustomHostname', () => {
  it('accepts a subdomain, lowercased and trimmed', () => {
    expect(CustomHostname.parse(' API.Example.com ')).toBe('api.example.com')
    expect(CustomHostname.parse('db-1.eu.example.co.uk')).toBe('db-1.eu.example.co.uk')
  })

  it('refuses URLs, apex domains, IP addresses and bad labels', () => {
    for (const bad of [
      'https://api.example.com',
      'example.com',
      '192.168.0.1',
      'a_b.example.com',
      'api.example.com:443',
    ]) {
      expect(CustomHostname.safeParse(bad).success, bad).toBe(false)
    }
  })
})

describe('PgMetaListQuery', () => {
  it('splits comma-separated schemas and reads booleans the hosted API way', () => {
    expect(PgMetaListQuery.parse({ included_schemas: 'public, app,', include_columns: 'false' })).toMatchObject({
      included_schemas: ['public', 'app'],
      include_columns: false,
      include_system_schemas: false,
    })
    expect(PgMetaListQuery.parse({}).include_columns).toBe(true)
    expect(PgMetaListQuery.safeParse({ include_columns: 'yes' }).success).toBe(false)
  })
})
