import { describe, expect, it } from 'vitest'
import { classifySql, type SqlCategory, sqlCategories } from './classify'
import { parseSql } from './parser'

const FUNCTION = 'create function is_admin() returns boolean language sql as $$ select true $$'

const cases: [string, SqlCategory | null][] = [
  ['create function f() returns int language sql as $$ select 1 $$', 'functions'],
  ['create or replace function f() returns trigger language plpgsql as $$ begin return new; end $$', 'functions'],
  ['create procedure p() language sql as $$ select 1 $$', 'functions'],
  ['alter function f() security definer', 'functions'],
  ['drop function f()', 'functions'],
  ['create policy p on t for select using (true)', 'rls-policies'],
  ['alter policy p on t using (false)', 'rls-policies'],
  ['drop policy p on t', 'rls-policies'],
  ['alter table t enable row level security', 'rls-policies'],
  ['alter table t enable row level security; create policy p on t using (true)', 'rls-policies'],
  [`${FUNCTION}; create policy p on t using (is_admin())`, 'functions'],
  ['create table t (id int)', null],
  ['create trigger tr after insert on t for each row execute function f()', null],
  ["select 'create function f()'", null],
  ['-- create policy p\nselect 1', null],
  ['create functio f()', null],
]

describe('classifySql', () => {
  it.each(cases)('%j', async (sql, category) => {
    expect(classifySql(await parseSql(sql))).toBe(category)
  })

  it('lists every category in order of appearance', async () => {
    const parsed = await parseSql(`${FUNCTION}; alter table t force row level security; drop function is_admin()`)
    expect(sqlCategories(parsed)).toEqual(['functions', 'rls-policies'])
  })
})
