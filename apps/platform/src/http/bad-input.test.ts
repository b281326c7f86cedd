import { describe, expect, it } from 'vitest'
import { cleanText, isCleanUrl, jsonHasNul } from './bad-input'

describe('bad input', () => {
  it.each([
    ['/platform/projects', true],
    ['/p/abc/rest/v1/t?name=eq.caf%C3%A9', true],
    ['/p/abc/rest/v1/t?name=like.50%', true],
    ['/p/abc/rest/v1/t?name=eq.a%00b', false],
    ['/platform/projects/a%00', false],
    ['/x?q=%C3%28', false],
    ['/x?q=%ff', false],
    ['/x\0y', false],
  ])('%s is clean: %s', (url, clean) => {
    expect(isCleanUrl(url)).toBe(clean)
  })

  it('refuses invalid UTF-8 and NUL in text', () => {
    expect(cleanText(Buffer.from('héllo'))).toBe('héllo')
    expect(cleanText(Buffer.from([0xc3, 0x28]))).toBeNull()
    expect(cleanText(Buffer.from('a\0b'))).toBeNull()
  })

  it('finds the NUL escape in JSON text, not an escaped backslash before u0000', () => {
    expect(jsonHasNul('{"a":"x\\u0000"}')).toBe(true)
    expect(jsonHasNul('{"a":"\\U0000"}')).toBe(true)
    expect(jsonHasNul('{"a":"x\\\\u0000"}')).toBe(false)
    expect(jsonHasNul('{"a":"x\\\\\\u0000"}')).toBe(true)
  })
})
