import { describe, expect, it } from 'vitest'
import { analyzeSql } from './analyze'

describe('analyzeSql', () => {
  it('answers everything the editor needs from one parse', async () => {
    const analysis = await analyzeSql('select * from users', { limit: 101 })
    expect(analysis).toEqual({
      statements: [{ index: 0, type: 'SelectStmt', start: 0, end: 19, text: 'select * from users' }],
      safety: { safe: true },
      destructive: [],
      category: null,
      invalidates: [],
      autoLimit: { sql: 'select * from users limit 101', applied: true },
    })
  })

  it('passes the syntax error on and applies nothing', async () => {
    const analysis = await analyzeSql('delete frm t', { limit: 100 })
    expect(analysis).toMatchObject({
      statements: [],
      safety: { safe: false, reason: 'invalid' },
      destructive: [],
      category: null,
      invalidates: [],
      autoLimit: { sql: 'delete frm t', applied: false, skipped: 'invalid' },
      error: { message: 'syntax error at or near "frm"', position: 7 },
    })
  })

  it('flags a script that drops and writes', async () => {
    const analysis = await analyzeSql('alter table t drop column c; create policy p on t using (true)')
    expect(analysis.safety).toEqual({ safe: false, reason: 'write' })
    expect(analysis.destructive.map((operation) => operation.kind)).toEqual(['drop-column'])
    expect(analysis.category).toBe('rls-policies')
    expect(analysis.invalidates).toEqual(['tables', 'policies', 'indexes'])
    expect(analysis.autoLimit.applied).toBe(false)
  })
})
