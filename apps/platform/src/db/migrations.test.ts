import { readdirSync } from 'node:fs'
import path from 'node:path'
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

  it('are every file of the migrations folder, each under its own name', async () => {
    // a migration file nobody registered would never run, and the numbering above would not see it
    const files = readdirSync(path.join(import.meta.dirname, 'migrations'))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => file.slice(0, -'.ts'.length))
    expect(files.sort()).toEqual(Object.keys(MIGRATIONS))
    for (const name of files) expect(MIGRATIONS[name], name).toBe(await import(`./migrations/${name}.ts`))
  })
})
