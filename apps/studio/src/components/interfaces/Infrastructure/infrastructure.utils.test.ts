import type { EngineInfo } from '@pgfleet/contracts'
import { describe, expect, it } from 'vitest'
import { engineRows, formatDateTime, newerMajors } from './infrastructure.utils'

const engine = (major: number, source: EngineInfo['source'] = 'embedded'): EngineInfo => ({
  major,
  version: `${major}.4`,
  postgres_engine: String(major),
  source,
  release_channel: 'ga',
})

describe('infrastructure utils', () => {
  it('lists engines newest first and marks the project’s major', () => {
    const rows = engineRows([engine(15), engine(17), engine(15, 'system')], 15)
    expect(rows.map((row) => [row.major, row.source, row.current])).toEqual([
      [17, 'embedded', false],
      [15, 'embedded', true],
      [15, 'system', true],
    ])
  })

  it('names the newer majors the platform could run', () => {
    const engines = [engine(15), engine(17), engine(16), engine(17, 'system')]
    expect(newerMajors(engines, 15)).toEqual([16, 17])
    expect(newerMajors(engines, 17)).toEqual([])
  })

  it('formats a timestamp, or keeps a value that is not one', () => {
    expect(formatDateTime('not a date')).toBe('not a date')
    expect(formatDateTime('2026-01-02T03:04:05Z')).toBe(new Date('2026-01-02T03:04:05Z').toLocaleString())
  })
})
