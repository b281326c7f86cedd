import { describe, expect, it } from 'vitest'
import { CACHED_LISTS, type CachedList, invalidatedLists } from './invalidation'
import { parseSql } from './parser'

const TABLE_AND_CONTENTS: CachedList[] = ['tables', 'triggers', 'policies', 'indexes']
const EXTENSION: CachedList[] = ['tables', 'functions', 'types', 'extensions']
const FUNCTION = 'create function f() returns int language sql as $$ select 1 $$'

const cases: [string, CachedList[]][] = [
  ['create table t (id int)', ['tables']],
  ['create table t (id int primary key)', ['tables', 'indexes']],
  ['create table t (id int, unique (id))', ['tables', 'indexes']],
  ['create view v as select 1', ['tables']],
  ['create materialized view mv as select 1', ['tables']],
  ['create table t2 as select 1', ['tables']],
  ['alter table t add column c text', ['tables']],
  ['alter table t add column id int primary key', ['tables', 'indexes']],
  ['alter table t enable row level security', ['tables', 'policies']],
  ['alter table t add constraint u unique (c)', ['tables', 'indexes']],
  ['alter table t add constraint c check (a > 0)', ['tables']],
  ['alter table t disable trigger all', ['tables', 'triggers']],
  ['alter table t owner to r', ['tables']],
  ['alter table t rename to u', TABLE_AND_CONTENTS],
  ['alter table t set schema s', TABLE_AND_CONTENTS],
  ['drop table t', TABLE_AND_CONTENTS],
  ['drop view v', TABLE_AND_CONTENTS],
  ['create schema s', ['schemas']],
  ['create schema s create table t (a int)', ['tables', 'schemas']],
  ['drop schema s cascade', ['tables', 'schemas', 'functions', 'triggers', 'policies', 'types', 'indexes']],
  ['alter schema s rename to s2', ['tables', 'schemas', 'functions', 'triggers', 'policies', 'types', 'indexes']],
  [FUNCTION, ['functions']],
  ['alter function f() rename to g', ['functions']],
  ['drop procedure p()', ['functions']],
  ['create trigger tr after insert on t for each row execute function f()', ['triggers']],
  ['drop trigger tr on t', ['triggers']],
  ['create policy p on t using (true)', ['policies']],
  ['drop policy p on t', ['policies']],
  ["create type mood as enum ('a')", ['types']],
  ['create type pair as (a int, b int)', ['types']],
  ['create domain d as int', ['types']],
  ["alter type mood add value 'b'", ['types']],
  ['create role r', ['roles']],
  ['alter role r with login', ['roles']],
  ['grant r to s', ['roles']],
  ['create index i on t (c)', ['indexes']],
  ['drop index i', ['indexes']],
  ['create extension pgcrypto', EXTENSION],
  ['drop extension pgcrypto', EXTENSION],
  ["comment on table t is 'x'", ['tables']],
  ["comment on column t.c is 'x'", ['tables']],
  ["comment on function f() is 'x'", ['functions']],
  ['grant select on t to anon', ['tables']],
  ['grant usage on schema s to anon', ['schemas']],
  ['grant execute on all functions in schema s to anon', ['functions']],
  [`create table a (id int); ${FUNCTION}`, ['tables', 'functions']],
  ['do $$ begin end $$', [...CACHED_LISTS]],
  // no metadata change
  ['select * from t', []],
  ['insert into t values (1)', []],
  ['truncate t', []],
  ["select 'create table x'", []],
  ['-- drop table t\nselect 1', []],
  ['create sequence s', []],
  ['create tabel t (id int)', []],
]

describe('invalidatedLists', () => {
  it.each(cases)('%j', async (sql, lists) => {
    expect(invalidatedLists(await parseSql(sql))).toEqual(lists)
  })
})
