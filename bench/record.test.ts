import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BenchRecord, describeChange } from './record'

describe('describeChange', () => {
  it('says when a figure lost more than 10% of the recorded one, whichever way is better', () => {
    const rate = { value: 1000, unit: 'req/s', better: 'higher' as const }
    expect(describeChange(950, rate)).toEqual({ text: 'recorded 1,000 req/s, −5%', lost: false })
    expect(describeChange(850, rate)).toEqual({
      text: 'recorded 1,000 req/s, −15%: LOST 15% (more than 10%)',
      lost: true,
    })
    expect(describeChange(1500, rate).lost).toBe(false)
    const time = { value: 0.56, unit: 's', better: 'lower' as const }
    expect(describeChange(1.9, time)).toEqual({ text: 'recorded 0.56 s, +239%: LOST 239% (more than 10%)', lost: true })
    expect(describeChange(0.5, time)).toEqual({ text: 'recorded 0.56 s, −11%', lost: false })
  })

  it('has nothing to compare with before a first full run', () => {
    expect(describeChange(3, undefined)).toEqual({ text: 'nothing recorded yet', lost: false })
  })
})

describe('BenchRecord', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
    vi.restoreAllMocks()
  })

  it('prints each figure beside the recorded one and records the new figures', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-record-'))
    dirs.push(dir)
    const printed: string[] = []
    vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line))

    const first = new BenchRecord('demo', dir)
    first.figure('ratio to pg direct', 0.41, { unit: '×', better: 'higher' })
    first.save()
    expect(printed[0]).toBe('  ratio to pg direct: 0.41×  (nothing recorded yet)')
    const saved = JSON.parse(readFileSync(path.join(dir, 'demo.json'), 'utf8'))
    expect(saved.figures).toEqual({ 'ratio to pg direct': { value: 0.41, unit: '×', better: 'higher' } })

    printed.length = 0
    const second = new BenchRecord('demo', dir)
    second.figure('ratio to pg direct', 0.3, { unit: '×', better: 'higher' })
    second.save()
    expect(printed[0]).toBe('  ratio to pg direct: 0.30×  (recorded 0.41×, −27%: LOST 27% (more than 10%))')
    expect(printed).toContain('✖ demo: 1 figure(s) lost more than 10%')
  })
})
