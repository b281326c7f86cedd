import { describe, expect, it } from 'vitest'
import { parseSql } from './parser'
import {
  analyzeSafety,
  CONFIRM_EXECUTION_HINT,
  CONFIRM_EXECUTION_QUESTION,
  FUNCTION_CALL_WARNING,
  isSafeQuery,
  type SafetyReason,
  safetyWarning,
  WRITE_OPERATION_WARNING,
} from './safety'

// [sql, expected reason] — undefined means safe
const cases: [string, SafetyReason | undefined][] = [
  // plain reads with allow-listed functions
  ['select * from users', undefined],
  ['SELECT count(*), sum(a), avg(a), min(a), max(a) FROM t', undefined],
  ["select coalesce(a, 0), nullif(b, '') from t", undefined],
  ['select current_timestamp, current_date', undefined],
  ['select length(n), lower(n), upper(n), trim(n), substring(n from 1 for 2), substring(n, 1, 2) from t', undefined],
  [
    "select to_char(d, 'YYYY'), to_date('2024', 'YYYY'), extract(year from d), date(d), date_trunc('day', d) from t",
    undefined,
  ],
  ["select string_agg(name, ', ') from t where id in (1, 2)", undefined],
  ['select pg_catalog.count(*) from t', undefined],
  ['select count(*) filter (where a > 1) over (partition by b) from t', undefined],
  ["select x at time zone 'utc' from t", undefined],
  ['select a::date, b::jsonb, c::text[] from t', undefined],
  ['select * from t where exists (select 1 from u where u.id = t.id)', undefined],
  // keywords in strings, comments and identifiers do not matter
  ["select 'drop table x' as note", undefined],
  ['select 1 -- drop table x', undefined],
  ['select /* delete from t */ 1', undefined],
  ['select "delete", "update", created_at, updated, deleted_at, replaced_by from t', undefined],
  ['select $$update t set a = 1$$ as sql', undefined],
  // parser traps: a regex check gets these wrong
  ["select 'delete from t'", undefined],
  ['select $$ drop table t $$', undefined],
  ['/* drop table x */ select 1', undefined],
  // other row-returning forms
  ['values (1), (2)', undefined],
  ['table users', undefined],
  ['(select 1) union all select 2', undefined],
  ['with recent as (select * from t) select * from recent', undefined],
  ['select 1; select 2;', undefined],
  // writes
  ['insert into t values (1)', 'write'],
  ['update t set a = 1 where id = 1', 'write'],
  ['delete from t where id = 1', 'write'],
  ['drop table t', 'write'],
  ['create table t (id int)', 'write'],
  ['alter table t add column c int', 'write'],
  ['create or replace view v as select 1', 'write'],
  ['select * into new_table from t', 'write'],
  ['select * from t for update', 'write'],
  ['select * from t for share skip locked', 'write'],
  ['select * from (select * from t for update) s', 'write'],
  ['with d as (delete from t returning *) select * from d', 'write'],
  ['with i as (insert into t values (1) returning id) select id from i', 'write'],
  ['select 1; delete from t', 'write'],
  ['explain select 1', 'write'],
  ['-- select\ntruncate t', 'write'],
  ["select nextval('s'); drop table t", 'write'],
  // a `--` inside a string is no comment: it hides nothing after it
  ["select '--'; drop table t", 'write'],
  // read-only built-ins: no confirmation
  ['select now()', undefined],
  ['select * from generate_series(1, 10)', undefined],
  ['select n, md5(n::text) from generate_series(1, 3) as n', undefined],
  ['select greatest(a, b), least(a, b) from t', undefined],
  ["select position('a' in 'abc')", undefined],
  ['select current_user, session_user, current_role, current_schema, localtime', undefined],
  ['select system_user', undefined],
  ['select btrim(name) from t', undefined],
  ["select json_build_object('a', 1)", undefined],
  ["select date_part('year', d) from t", undefined],
  ["select json_object('a': 1)", undefined],
  ["select * from t where created_at > now() - interval '1 day'", undefined],
  ['select pg_catalog.now(), random(), gen_random_uuid()', undefined],
  ["select xmlelement(name a, 'b')", undefined],
  ['select row_number() over (order by a), lag(a) over (order by a) from t', undefined],
  // functions that are not known read-only
  ["select nextval('seq')", 'function'],
  ["select setval('seq', 1)", 'function'],
  ['select pg_sleep(1)', 'function'],
  ['select pg_terminate_backend(123)', 'function'],
  ["select set_config('search_path', 'x', false)", 'function'],
  ["select pg_read_file('/etc/passwd')", 'function'],
  ["select lo_import('/etc/passwd')", 'function'],
  ['select pg_advisory_lock(1)', 'function'],
  ["select pg_notify('c', 'x')", 'function'],
  ["select query_to_xml('delete from t returning 1', true, true, '')", 'function'],
  ['select public.count(*) from t', 'function'],
  ['select public.now()', 'function'],
  ['select * from t where id in (select my_func())', 'function'],
  ["select dblink_exec('delete from t')", 'function'],
  // casts run a domain's CHECK constraints or a CREATE CAST's function: only pg_catalog's own types are plain reads
  ["select 5::guarded_int, cast('x' as public.tag), checked_int '7'", 'function'],
  ['select a::my_type[] from t', 'function'],
  ['select * from t where a = 1::guarded_int', 'function'],
  [
    "select 1::int, 'a'::varchar(3), 2::double precision, '1'::numeric(5, 2), 'now'::timestamp with time zone, 't'::regclass, 'x'::pg_catalog.text, interval '1 day', date '2024-01-01', bit '1'",
    undefined,
  ],
  // not analysable
  ['selec * from t', 'invalid'],
  ['selec 1', 'invalid'],
  ['delete from t wher id = 1', 'invalid'],
  ["select 'unterminated", 'invalid'],
  ['', 'empty'],
  ['-- only a comment', 'empty'],
  [';;', 'empty'],
]

describe('analyzeSafety', () => {
  it.each(cases)('%j', async (sql, reason) => {
    const parsed = await parseSql(sql)
    expect(analyzeSafety(parsed)).toEqual(reason ? { safe: false, reason } : { safe: true })
    expect(isSafeQuery(parsed)).toBe(reason === undefined)
  })
})

describe('analyzeSafety with the project catalog', () => {
  const catalog = new Set(['to_char', 'pg_get_serial_sequence', 'inet_server_addr'])

  it('allows functions the catalog knows to be read-only', async () => {
    const parsed = await parseSql("select pg_get_serial_sequence('t', 'id'), inet_server_addr()")
    expect(analyzeSafety(parsed)).toEqual({ safe: false, reason: 'function' })
    expect(analyzeSafety(parsed, { readOnlyFunctions: catalog })).toEqual({ safe: true })
  })

  it('never allows another schema, whatever the catalog says', async () => {
    const parsed = await parseSql("select public.pg_get_serial_sequence('t', 'id')")
    expect(analyzeSafety(parsed, { readOnlyFunctions: catalog })).toEqual({ safe: false, reason: 'function' })
  })

  it('still flags functions missing from the catalog list, and writes', async () => {
    expect(analyzeSafety(await parseSql("select nextval('s')"), { readOnlyFunctions: catalog })).toEqual({
      safe: false,
      reason: 'function',
    })
    expect(analyzeSafety(await parseSql('truncate t'), { readOnlyFunctions: catalog })).toEqual({
      safe: false,
      reason: 'write',
    })
  })
})

describe('safetyWarning', () => {
  it.each<[SafetyReason | undefined, string | undefined]>([
    ['write', WRITE_OPERATION_WARNING],
    ['function', FUNCTION_CALL_WARNING],
    // SQL that does not parse is never run: its parse error shows instead of a confirmation
    ['invalid', undefined],
    ['empty', undefined],
    [undefined, undefined],
  ])('%s', (reason, text) => {
    expect(safetyWarning(reason)).toBe(text)
  })

  it('uses the product texts', () => {
    expect([
      WRITE_OPERATION_WARNING,
      FUNCTION_CALL_WARNING,
      CONFIRM_EXECUTION_QUESTION,
      CONFIRM_EXECUTION_HINT,
    ]).toEqual([
      'This query contains write operations.',
      'This query involves running a function.',
      'Are you sure you want to execute it?',
      'Make sure you are not accidentally removing something important.',
    ])
  })
})
