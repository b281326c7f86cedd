import { describe, expect, it } from 'vitest'
import { loadSqlAnalyzer, parseSql, scanSql } from './parser'

describe('loadSqlAnalyzer', () => {
  it('loads the parser once', async () => {
    expect(loadSqlAnalyzer()).toBe(loadSqlAnalyzer())
    const analyzer = await loadSqlAnalyzer()
    expect((await analyzer.parse('select 1')).statements).toHaveLength(1)
  })
})

describe('parseSql', () => {
  it.each([
    ['selec 1', 'syntax error at or near "selec"', 0],
    ["select 'éé😀' frm x", 'syntax error at or near "x"', 18],
    ["select '日本' from", 'syntax error at end of input', 16],
    ["select 'abc", 'unterminated quoted string at or near "\'abc"', 7],
  ])('reports %j at a string index', async (sql, message, position) => {
    const parsed = await parseSql(sql)
    expect(parsed.error).toEqual({ message, position })
    expect(parsed.statements).toEqual([])
  })

  it('keeps the tokens of Postgres scanner, comments included, at string indexes', async () => {
    const sql = "/* é */ select '😀' -- x"
    const { tokens } = await parseSql(sql)
    expect(tokens.map((token) => [token.kind, sql.slice(token.start, token.end)])).toEqual([
      ['C_COMMENT', '/* é */'],
      ['SELECT', 'select'],
      ['SCONST', "'😀'"],
      ['SQL_COMMENT', '-- x'],
    ])
  })

  it('scans text that is not valid SQL', async () => {
    const scanned = await scanSql('select :a')
    expect(scanned.error).toBeUndefined()
    expect(scanned.tokens.map((token) => token.kind)).toEqual(['SELECT', 'ASCII_58', 'IDENT'])
  })
})
