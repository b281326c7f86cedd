import { describe, expect, it } from 'vitest'
import { type DestructiveKind, destructiveStatements, isDestructive } from './destructive'
import { parseSql } from './parser'

// [sql, expected operations as "statement:kind" or "statement:drop(object)"]
const cases: [string, string[]][] = [
  ['drop table t', ['0:drop(table)']],
  ['DROP FUNCTION f()', ['0:drop(function)']],
  ['drop schema s cascade', ['0:drop(schema)']],
  ['drop index if exists i', ['0:drop(index)']],
  ['drop policy p on t', ['0:drop(policy)']],
  ['drop view v', ['0:drop(view)']],
  ['drop database d', ['0:drop(database)']],
  ['drop role r', ['0:drop(role)']],
  ['drop owned by r', ['0:drop(owned)']],
  ['delete from t where id = 1', ['0:delete']],
  ['delete from t', ['0:delete']],
  ['truncate t', ['0:truncate']],
  ['truncate table a, b restart identity', ['0:truncate']],
  ['update t set a = 1', ['0:update-without-where']],
  ['update t set a = 1 where id = 2', []],
  ['update t set a = 1 from u where u.id = t.id', []],
  // a leading comment does not hide an UPDATE without WHERE
  ['-- harmless\nupdate t set a = 1', ['0:update-without-where']],
  ['/* note */ update t set a = 1;', ['0:update-without-where']],
  ['alter table t drop column c', ['0:drop-column']],
  ['alter table t drop constraint k', ['0:drop-constraint']],
  ['alter table t drop column a, drop column b', ['0:drop-column', '0:drop-column']],
  ['alter table t add column c int', []],
  ['alter domain d drop constraint c', ['0:drop-constraint']],
  // data-modifying CTEs
  ['with x as (delete from t returning *) select * from x', ['0:delete']],
  ['with x as (update t set a = 1 returning *) select * from x', ['0:update-without-where']],
  ['with x as (update t set a = 1 where id = 1 returning *) select * from x', []],
  ['merge into t using s on t.id = s.id when matched then delete', ['0:delete']],
  ['merge into t using s on t.id = s.id when matched then update set a = s.a', []],
  ['explain analyze delete from t', ['0:delete']],
  ['explain delete from t', []],
  ['copy (delete from t returning *) to stdout', ['0:delete']],
  ['select 1; drop table a; delete from b', ['1:drop(table)', '2:delete']],
  // a `--` inside a string is no comment: it hides nothing after it
  ["select '--'; drop table t", ['1:drop(table)']],
  // text that is never run
  ["select 'drop table x'", []],
  ["select 'delete from t'", []],
  ['select $$ drop table t $$', []],
  ['/* drop table x */ select 1', []],
  ['select 1 -- drop table x', []],
  ['/* delete from t */ select 1', []],
  ['select "delete" from t', []],
  ['create table t (deleted_at timestamptz, updated boolean, created_at timestamptz)', []],
  ['create function f() returns void language sql as $$ delete from t $$', []],
  ['create function f() returns void language plpgsql as $body$ begin delete from t; drop table x; end $body$', []],
  ['create function f() returns int begin atomic delete from t; select 1; end', []],
  ['prepare p as delete from t', []],
  ['create rule r as on insert to t do also delete from u', []],
  // DO bodies are PL/pgSQL source, not parsed: not inspected (see README)
  ['do $$ begin delete from t; end $$', []],
  // a syntax error runs nothing
  ['drop table', []],
]

const describeOperation = ({
  statement,
  kind,
  objectType,
}: {
  statement: number
  kind: DestructiveKind
  objectType?: string
}) => (objectType ? `${statement}:${kind}(${objectType})` : `${statement}:${kind}`)

describe('destructiveStatements', () => {
  it.each(cases)('%j', async (sql, expected) => {
    const parsed = await parseSql(sql)
    expect(destructiveStatements(parsed).map(describeOperation)).toEqual(expected)
    expect(isDestructive(parsed)).toBe(expected.length > 0)
  })

  it('returns the text of the statement', async () => {
    const [operation] = destructiveStatements(await parseSql('select 1;\n-- cleanup\ndelete from t where a = 1;'))
    expect(operation).toEqual({ statement: 1, kind: 'delete', text: 'delete from t where a = 1' })
  })
})
