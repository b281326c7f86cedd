import { describe, expect, it } from 'vitest'
import { parseSql } from './parser'
import { splitStatements } from './statements'

const cases: [string, string[]][] = [
  ['select 1; select 2', ['select 1', 'select 2']],
  ["select 'a;b'; select 2", ["select 'a;b'", 'select 2']],
  ['select "a;b" from t; select 2', ['select "a;b" from t', 'select 2']],
  ["select E'\\';' ; select 2", ["select E'\\';'", 'select 2']],
  ['select 1 -- ; not a split\n; select 2', ['select 1', 'select 2']],
  ['/* a; b */ select 1;', ['select 1']],
  ['select 1; -- trailing\n-- comment', ['select 1']],
  [
    'create function f() returns int language sql as $$ select 1; select 2 $$; select 3',
    ['create function f() returns int language sql as $$ select 1; select 2 $$', 'select 3'],
  ],
  [
    'create function f() returns int begin atomic select 1; select 2; end; select 3',
    ['create function f() returns int begin atomic select 1; select 2; end', 'select 3'],
  ],
  ['select 1;;;select 2;', ['select 1', 'select 2']],
  ["select 'é'; select '😀'; drop table x", ["select 'é'", "select '😀'", 'drop table x']],
  ['\n\n  update t set a = 1\n  where b = 2 ;\n', ['update t set a = 1\n  where b = 2']],
  ['', []],
  ['  \n  ', []],
  ['-- only comment', []],
  ['selec 1; select 2', []],
]

describe('splitStatements', () => {
  it.each(cases)('%j', async (sql, texts) => {
    const statements = splitStatements(await parseSql(sql))
    expect(statements.map((statement) => statement.text)).toEqual(texts)
    for (const { start, end, text } of statements) expect(sql.slice(start, end)).toBe(text)
  })

  it('numbers statements and names their type', async () => {
    const statements = splitStatements(await parseSql('select 1; insert into t values (1); create table u (a int)'))
    expect(statements.map(({ index, type }) => [index, type])).toEqual([
      [0, 'SelectStmt'],
      [1, 'InsertStmt'],
      [2, 'CreateStmt'],
    ])
  })
})
