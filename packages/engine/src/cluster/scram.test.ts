import { describe, expect, it } from 'vitest'
import { isPasswordVerifier, scramSha256Verifier } from './scram'

describe('scramSha256Verifier', () => {
  // That Postgres accepts logins against these verifiers is checked in driver/local.test.ts.
  it('has the format Postgres stores in pg_authid', () => {
    const salt = Buffer.from('0123456789abcdef')
    const verifier = scramSha256Verifier('pencil', salt)
    expect(verifier).toMatch(/^SCRAM-SHA-256\$4096:MDEyMzQ1Njc4OWFiY2RlZg==\$[A-Za-z0-9+/]{43}=:[A-Za-z0-9+/]{43}=$/)
    expect(isPasswordVerifier(verifier ?? '')).toBe(true)
  })

  it('leaves non-ASCII passwords to the server, whose SASLprep may change them', () => {
    expect(scramSha256Verifier('pässword')).toBeNull()
  })

  it('tells verifiers from passwords', () => {
    expect(isPasswordVerifier('correct horse battery staple')).toBe(false)
    expect(isPasswordVerifier(`md5${'a'.repeat(32)}`)).toBe(true)
  })
})
