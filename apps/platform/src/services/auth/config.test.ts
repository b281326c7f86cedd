import { AUTH_CONFIG_DEFAULTS, AUTH_SECRET_MASK } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { applyAuthConfigPatch, publicAuthConfig, resolveAuthConfig } from './config'

describe('auth settings', () => {
  it('stores only what differs from the defaults', () => {
    expect(applyAuthConfigPatch({}, { site_url: 'https://app.example.com', disable_signup: false })).toEqual({
      site_url: 'https://app.example.com',
    })
  })

  it('accepts back the whole object GET answered, keeping a masked secret', () => {
    const stored = applyAuthConfigPatch({}, { smtp_pass: 'hunter2', smtp_host: 'smtp.example.com' })
    const answered = publicAuthConfig(resolveAuthConfig(stored))
    expect(answered.smtp_pass).toBe(AUTH_SECRET_MASK)
    const again = applyAuthConfigPatch(stored, { ...answered, mfa_totp_enroll_enabled: false, saml_enabled: false })
    expect(again.smtp_pass).toBe('hunter2')
    expect(again).toEqual(stored)
  })

  it('refuses an unsupported field set to other than its default, naming it', () => {
    expect(() => applyAuthConfigPatch({}, { saml_enabled: true })).toThrow(/saml_enabled/)
    expect(() => applyAuthConfigPatch({}, { made_up_field: 'x' })).toThrow(/made_up_field/)
    expect(applyAuthConfigPatch({}, { made_up_field: null })).toEqual({})
  })

  it('refuses values out of range, of the wrong type, or with NUL, naming each field', () => {
    expect(() => applyAuthConfigPatch({}, { jwt_exp: 5, password_min_length: 'x', site_url: 'a\u0000b' })).toThrow(
      /jwt_exp.*password_min_length.*site_url/,
    )
  })

  it('falls back to the default for a stored value that no longer validates', () => {
    expect(resolveAuthConfig({ jwt_exp: -1 }).jwt_exp).toBe(AUTH_CONFIG_DEFAULTS.jwt_exp)
  })
})
