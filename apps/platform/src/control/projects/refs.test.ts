import { describe, expect, it } from 'vitest'
import { generateProjectRef } from './refs'

describe('generateProjectRef', () => {
  it('is 20 lowercase letters and varies', () => {
    const refs = new Set(Array.from({ length: 50 }, generateProjectRef))
    expect(refs.size).toBe(50)
    for (const ref of refs) expect(ref).toMatch(/^[a-z]{20}$/)
  })
})
