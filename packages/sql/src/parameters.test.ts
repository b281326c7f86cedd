import { describe, expect, it } from 'vitest'
import { bindParameters, ParameterBindingError, type ParameterValues, parseParameters } from './parameters'
import { parseSql, scanSql } from './parser'
import { findPlaceholders } from './placeholders'
import { isSafeQuery } from './safety'

// [sql, placeholder names in order]
const placeholderCases: [string, string[]][] = [
  ['select :id', ['id']],
  ['select * from t where a = :a and b = :b', ['a', 'b']],
  ['select :a, :a', ['a', 'a']],
  ['select :x::int', ['x']],
  ['select :limit, :user', ['limit', 'user']],
  ["select 'a' || :name || 'b'", ['name']],
  ['select * from t where d > :since and s = any(:statuses)', ['since', 'statuses']],
  ['select array[:a, :b]', ['a', 'b']],
  ['select array[[:a], [:b]]', ['a', 'b']],
  ['select a[(:i)] from t', ['i']],
  // not placeholders
  ['select a::jsonb from t', []],
  ["select ':x'", []],
  ["select E'\\':x'", []],
  ["select U&':x'", []],
  ['select $$ :x $$', []],
  ['select $fn$ delete :x $fn$', []],
  ['select 1 -- :x', []],
  ['select /* :x */ 1', []],
  ['select ":x" from t', []],
  ['select a[1:2] from t', []],
  ['select a[lo:hi] from t', []],
  ['select a[:hi], a[lo:] from t', []],
  ["select : x, :'quoted'", []],
]

describe('findPlaceholders', () => {
  it.each(placeholderCases)('%j', async (sql, names) => {
    const { tokens } = await scanSql(sql)
    const found = findPlaceholders(tokens)
    expect(found.map((placeholder) => placeholder.name)).toEqual(names)
    for (const { name, start, end } of found) expect(sql.slice(start, end)).toBe(`:${name}`)
  })
})

describe('parseParameters', () => {
  it.each([
    [
      '@set status:active|inactive = active\nselect * from t where status = :status',
      {
        name: 'status',
        value: 'active',
        defaultValue: 'active',
        type: 'enum',
        possibleValues: ['active', 'inactive'],
        occurrences: 1,
      },
    ],
    [
      '@set id:int = 123\nselect :id, :id',
      { name: 'id', value: '123', defaultValue: '123', type: 'int', possibleValues: [], occurrences: 2 },
    ],
    [
      "@set name = O'Brien\nselect :name",
      { name: 'name', value: "O'Brien", defaultValue: "O'Brien", type: undefined, possibleValues: [], occurrences: 1 },
    ],
    [
      "@set name:text = 'O''Brien'\nselect :name",
      { name: 'name', value: "O'Brien", defaultValue: "O'Brien", type: 'text', possibleValues: [], occurrences: 1 },
    ],
    [
      '@set n = 10;\nselect :n',
      { name: 'n', value: '10', defaultValue: '10', type: undefined, possibleValues: [], occurrences: 1 },
    ],
    [
      'select :free',
      { name: 'free', value: '', defaultValue: undefined, type: undefined, possibleValues: [], occurrences: 1 },
    ],
    [
      '@set unused = 1\nselect 1',
      { name: 'unused', value: '1', defaultValue: '1', type: undefined, possibleValues: [], occurrences: 0 },
    ],
    [
      '@set a = 1\n@set a = 2\nselect :a',
      { name: 'a', value: '2', defaultValue: '2', type: undefined, possibleValues: [], occurrences: 1 },
    ],
    [
      '@set s: a | b | c = b\nselect :s',
      { name: 's', value: 'b', defaultValue: 'b', type: 'enum', possibleValues: ['a', 'b', 'c'], occurrences: 1 },
    ],
    [
      '@set since:date\nselect :since',
      { name: 'since', value: '', defaultValue: undefined, type: 'date', possibleValues: [], occurrences: 1 },
    ],
  ])('%j', async (sql, parameter) => {
    const parsed = await parseParameters(sql)
    expect(parsed.parameters).toEqual([parameter])
    expect(parsed.error).toBeUndefined()
  })

  it('removes the @set lines, whatever the line endings', async () => {
    const parsed = await parseParameters('  @set a = 1\r\nselect :a\r\n@set b:x|y = y\nfrom t')
    expect(parsed.sql).toBe('select :a\r\nfrom t')
    expect(parsed.parameters.map((parameter) => parameter.name)).toEqual(['a', 'b'])
  })

  it('lists declared parameters first, then placeholders in order of use', async () => {
    const parsed = await parseParameters('@set b = 1\nselect :c, :a, :b, :c')
    expect(parsed.parameters.map(({ name, occurrences }) => [name, occurrences])).toEqual([
      ['b', 1],
      ['c', 2],
      ['a', 1],
    ])
  })

  it('finds no placeholder in SQL the scanner rejects, and says why', async () => {
    const parsed = await parseParameters("select 'unterminated :x")
    expect(parsed.parameters).toEqual([])
    expect(parsed.error?.message).toMatch(/unterminated quoted string/)
  })
})

describe('bindParameters', () => {
  it.each<[sql: string, values: ParameterValues, text: string, bound: (string | null)[]]>([
    ['select :a, :b, :a', { a: '1', b: '2' }, 'select $1, $2, $1', ['1', '2']],
    ["@set name = O'Brien\nselect * from t where n = :name", {}, 'select * from t where n = $1', ["O'Brien"]],
    ['@set n:int = 5\nselect :n', { n: '7' }, 'select $1', ['7']],
    ['@set s:on|off = on\nselect :s', {}, 'select $1', ['on']],
    ['select :x', { x: null }, 'select $1', [null]],
    ['select :x', { x: '' }, 'select $1', ['']],
    ['select :x::int + 1', { x: '41' }, 'select $1::int + 1', ['41']],
    ["select ':a', :a -- :a", { a: 'v' }, "select ':a', $1 -- :a", ['v']],
    ['select foo:x', { x: '1' }, 'select foo $1', ['1']],
    ['select a[1:2], :b', { b: '1' }, 'select a[1:2], $1', ['1']],
    ['@set unused = 1\nselect 1', {}, 'select 1', []],
    ["select 'broken :a", { a: '1' }, "select 'broken :a", []],
  ])('%j', async (sql, values, text, bound) => {
    expect(await bindParameters(sql, values)).toEqual({ text, values: bound })
  })

  it('binds a quote as a value, never as SQL', async () => {
    const bound = await bindParameters("@set name = O'Brien'); drop table t; --\nselect * from t where n = :name")
    expect(bound.values).toEqual(["O'Brien'); drop table t; --"])
    const parsed = await parseSql(bound.text)
    expect(parsed.error).toBeUndefined()
    expect(isSafeQuery(parsed)).toBe(true)
  })

  it('names every placeholder without a value', async () => {
    const error = await bindParameters('select :a, :b, :c', { b: '1' }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ParameterBindingError)
    expect(error).toMatchObject({ missing: ['a', 'c'], message: 'Missing value for parameter: a, c' })
  })

  it('refuses to mix :name placeholders and $n parameters', async () => {
    await expect(bindParameters('select $1, :a', { a: '1' })).rejects.toThrow(ParameterBindingError)
  })
})
