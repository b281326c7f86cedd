import { describe, expect, it } from 'vitest'
import { caretLines, formatPostgresError, originalIndex, originalPosition, toSqlQueryError } from './query-errors'

describe('originalIndex', () => {
  it.each([
    // [original, sent, a place in sent, the same place in original]
    ['select x', 'select x', 'x', 'x'],
    ['@set a = 1\nselect :a, bad', 'select $1, bad', 'bad', 'bad'],
    ['@set a = 1\r\n@set b:int = 2\nselect :a + :b, bad', 'select $1 + $2, bad', 'bad', 'bad'],
    ['select x:a, bad', 'select x $1, bad', 'bad', 'bad'],
    ['select :a, :a::int, bad', 'select $1, $1::int, bad', 'bad', 'bad'],
    ['select :long_name, bad', 'select $1, bad', '$1', ':long_name'],
    ["select ':x', :y, bad", "select ':x', $1, bad", 'bad', 'bad'],
  ])('%j → %j', (original, sent, sentNeedle, originalNeedle) => {
    expect(originalIndex(original, sent, sent.indexOf(sentNeedle))).toBe(original.indexOf(originalNeedle))
  })

  it('maps text the server appended (an auto limit) to the end', () => {
    expect(originalIndex('select 1;', 'select 1 limit 101', 12)).toBeLessThanOrEqual('select 1;'.length)
  })

  it('counts positions in characters like Postgres, and skips a prefix the server added', () => {
    const original = "select 'é😀', nope"
    const sent = `DECLARE c CURSOR FOR ${original}`
    const position = [...sent.slice(0, sent.indexOf('nope'))].length + 1
    expect(originalPosition(position, { original, sent, prefixLength: 'DECLARE c CURSOR FOR '.length })).toBe(
      [...original.slice(0, original.indexOf('nope'))].length + 1,
    )
  })
})

describe('formatting', () => {
  it('draws the caret under the error like psql', () => {
    expect(caretLines('select 1\nfrom nope', 15)).toEqual(['LINE 2: from nope', '             ^'])
  })

  it('shows a window of a very long line', () => {
    const sql = `select ${'a, '.repeat(100)}nope`
    const [line, caret] = caretLines(sql, sql.indexOf('nope') + 1)
    expect(line?.startsWith('LINE 1: ...')).toBe(true)
    expect(line?.length).toBeLessThan(120)
    expect(line?.slice(caret?.indexOf('^'))).toMatch(/^nope/)
  })

  it('adds detail, hint, the inner query and context', () => {
    const text = formatPostgresError(
      {
        message: 'boom',
        severity: 'ERROR',
        code: 'P0001',
        detail: 'd',
        hint: 'h',
        internalQuery: 'select 1/0',
        internalPosition: '9',
        where: 'PL/pgSQL function f() line 3',
      },
      'select f()',
      null,
    )
    expect(text).toBe(
      [
        'ERROR:  P0001: boom',
        'DETAIL:  d',
        'HINT:  h',
        'QUERY:  select 1/0',
        'LINE 1: select 1/0',
        '                ^',
        'CONTEXT:  PL/pgSQL function f() line 3',
      ].join('\n'),
    )
  })

  it('builds the 400 body with the position in the SQL as written', () => {
    const error = toSqlQueryError(
      { message: 'column "nope" does not exist', severity: 'ERROR', code: '42703', position: '12' },
      { original: '@set a = 1\nselect :a, nope', sent: 'select $1, nope' },
    )
    expect(error.body).toEqual({
      message: 'column "nope" does not exist',
      formattedError: 'ERROR:  42703: column "nope" does not exist\nLINE 2: select :a, nope\n                   ^',
      position: 23,
      hint: null,
      detail: null,
      code: '42703',
    })
  })
})
