import { AUTH_CONFIG_DEFAULTS, PASSWORD_REQUIRED_CHARACTERS } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import type { AuthError } from './errors'
import { parseBanDuration } from './handle-admin'
import { checkNewPassword, normalizeEmail, normalizePhone } from './validation'

const codeOf = (work: () => unknown) => {
  try {
    work()
  } catch (error) {
    return (error as AuthError).code
  }
  return null
}

describe('input checks', () => {
  it('normalizes addresses and refuses malformed, over-long or NUL-bearing ones', () => {
    expect(normalizeEmail('  Ann@Example.COM ')).toBe('ann@example.com')
    expect(codeOf(() => normalizeEmail('no-at-sign'))).toBe('email_address_invalid')
    expect(codeOf(() => normalizeEmail(`${'a'.repeat(250)}@example.com`))).toBe('email_address_invalid')
    expect(codeOf(() => normalizeEmail('a\u0000b@example.com'))).toBe('email_address_invalid')
    expect(normalizePhone('+1 (555) 010-9999')).toBe('15550109999')
  })

  it('applies the project password rules and names the reasons', () => {
    const strict = {
      ...AUTH_CONFIG_DEFAULTS,
      password_min_length: 8,
      password_required_characters: PASSWORD_REQUIRED_CHARACTERS[2],
    }
    let error: AuthError | null = null
    try {
      checkNewPassword('short', strict)
    } catch (caught) {
      error = caught as AuthError
    }
    expect(error?.code).toBe('weak_password')
    expect(error?.extra).toEqual({ weak_password: { reasons: ['length', 'characters'] } })
    expect(checkNewPassword('Longer1password', strict)).toBe('Longer1password')
  })

  it('reads Go durations for bans', () => {
    expect(parseBanDuration('24h')).toBe(86_400_000)
    expect(parseBanDuration('1h30m')).toBe(5_400_000)
    expect(parseBanDuration('none')).toBe('none')
    expect(() => parseBanDuration('1 day')).toThrow()
    expect(() => parseBanDuration('24hx')).toThrow()
  })
})
