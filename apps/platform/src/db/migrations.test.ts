import { describe, expect, it } from 'vitest'
import { MIGRATIONS } from './kysely'

/** 006 never shipped; every later migration must follow the last one without a gap. */
const SHIPPED_GAPS = new Set([6])

describe('control-plane migrations', () => {
  it('are named NNN-name, sorted, unique and contiguous but for the gap that shipped', () => {
    const names = Object.keys(MIGRATIONS)
    expect(names.every((name) => /^\d{3}-[a-z0-9-]+$/.test(name))).toBe(true)
    expect([...names].sort()).toEqual(names)
    const numbers = names.map((name) => Number(name.slice(0, 3)))
    expect(new Set(numbers).size).toBe(numbers.length)
    for (let n = 1; n <= Math.max(...numbers); n++) {
      expect({ n, present: numbers.includes(n) }).toEqual({ n, present: !SHIPPED_GAPS.has(n) })
    }
  })
})
