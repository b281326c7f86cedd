import { describe, expect, it } from 'vitest'
import { DEFAULT_QUERY_ERROR_TITLE, firstErrorLine, syntaxErrorReport } from './errors'

describe('firstErrorLine', () => {
  it.each<[string | null | undefined, string]>([
    ['relation "x" does not exist', 'relation "x" does not exist'],
    ['syntax error at or near "x"\nLINE 1: selec x\n        ^', 'syntax error at or near "x"'],
    ['\n\n  permission denied for table t  \nmore', 'permission denied for table t'],
    ['first\r\nsecond', 'first'],
    ['', DEFAULT_QUERY_ERROR_TITLE],
    ['   \n  ', DEFAULT_QUERY_ERROR_TITLE],
    [undefined, DEFAULT_QUERY_ERROR_TITLE],
    [null, DEFAULT_QUERY_ERROR_TITLE],
  ])('%j', (message, title) => {
    expect(firstErrorLine(message)).toBe(title)
  })

  it('falls back to the product text', () => {
    expect(DEFAULT_QUERY_ERROR_TITLE).toBe('Error running SQL query')
  })
})

describe('syntaxErrorReport', () => {
  it('reports the position with a caret, like Postgres', () => {
    expect(
      syntaxErrorReport('selec 1', 'selec 1', { message: 'syntax error at or near "selec"', position: 0 }),
    ).toEqual({
      message: 'syntax error at or near "selec"',
      formattedError: 'ERROR:  42601: syntax error at or near "selec"\nLINE 1: selec 1\n        ^',
      position: 1,
      hint: null,
      detail: null,
      code: '42601',
    })
  })

  it('points into the SQL as written when parameters were bound', () => {
    const original = '@set who = Ann\nselect :who,\nfrom t'
    const sent = 'select $1,\nfrom t'
    const report = syntaxErrorReport(original, sent, { message: 'syntax error at or near "from"', position: 11 })
    expect(report.position).toBe(original.indexOf('from') + 1)
    expect(report.formattedError.split('\n').slice(1)).toEqual(['LINE 3: from t', '        ^'])
  })

  it('counts characters, not UTF-16 units', () => {
    const sql = "select '😀' selec x"
    const report = syntaxErrorReport(sql, sql, { message: 'syntax error', position: sql.indexOf('x') })
    expect(report.position).toBe([...sql.slice(0, sql.indexOf('x'))].length + 1)
  })
})
