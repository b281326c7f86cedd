import { describe, expect, it } from 'vitest'
import {
  type AutoLimitSkip,
  applyAutoLimit,
  limitedRowsMessage,
  limitForFetch,
  ROW_LIMIT_OPTIONS,
  wasCutOff,
} from './auto-limit'
import { parseSql } from './parser'

const applied: [sql: string, limit: number, expected: string][] = [
  ['select * from t', 100, 'select * from t limit 100'],
  ['select * from t;', 100, 'select * from t limit 100'],
  ['select * from t ;  \n ;\n', 100, 'select * from t limit 100'],
  ['SELECT * FROM t', 500, 'SELECT * FROM t limit 500'],
  ['values (1), (2)', 100, 'values (1), (2) limit 100'],
  ['table t', 100, 'table t limit 100'],
  ['(select * from t)', 100, '(select * from t) limit 100'],
  ['((select 1))', 100, '((select 1)) limit 100'],
  ['select 1 union select 2', 100, 'select 1 union select 2 limit 100'],
  ['select 1 intersect select 1', 100, 'select 1 intersect select 1 limit 100'],
  ['select 1 except (select 2)', 100, 'select 1 except (select 2) limit 100'],
  ['with x as (select 1) select * from x', 100, 'with x as (select 1) select * from x limit 100'],
  ['select * from t order by a desc', 100, 'select * from t order by a desc limit 100'],
  [
    'select a, count(*) from t group by a having count(*) > 1',
    100,
    'select a, count(*) from t group by a having count(*) > 1 limit 100',
  ],
  ["select ';' as semi;", 100, "select ';' as semi limit 100"],
  ["select '-- not a comment' as s", 100, "select '-- not a comment' as s limit 100"],
  ["select 'a /* b */' as s", 100, "select 'a /* b */' as s limit 100"],
  ['select * from t where a = $1', 100, 'select * from t where a = $1 limit 100'],
  ['select * from (select * from t limit 5) s', 100, 'select * from (select * from t limit 5) s limit 100'],
  [
    'with x as (select * from t limit 5) select * from x',
    100,
    'with x as (select * from t limit 5) select * from x limit 100',
  ],
  [
    'select * from t where id in (select id from u offset 1)',
    101,
    'select * from t where id in (select id from u offset 1) limit 101',
  ],
  ['select * from t window w as (order by a)', 100, 'select * from t window w as (order by a) limit 100'],
]

const skipped: [sql: string, limit: number, reason: AutoLimitSkip][] = [
  ['select * from t', -1, 'no-limit'],
  ['select * from t', 0, 'no-limit'],
  ['select * from t', 1.5, 'no-limit'],
  ['select * from t limit 10', 100, 'has-limit'],
  ['select * from t offset 10', 100, 'has-limit'],
  ['select * from t fetch first 5 rows only', 100, 'has-limit'],
  ['select * from t order by a fetch first 5 rows with ties', 100, 'has-limit'],
  ['select * from t limit all', 100, 'has-limit'],
  ['(select * from t limit 5)', 100, 'has-limit'],
  ['select 1 union select 2 limit 3', 100, 'has-limit'],
  ['select * from t -- comment', 100, 'comment'],
  ['/* c */ select * from t', 100, 'comment'],
  ['select 1; select 2', 100, 'not-one-statement'],
  ['', 100, 'not-one-statement'],
  ['select * into n from t', 100, 'not-a-query'],
  ['create table n as select * from t', 100, 'not-a-query'],
  ['select * from t for update', 100, 'not-a-query'],
  ['insert into t values (1)', 100, 'not-a-query'],
  ['explain select 1', 100, 'not-a-query'],
  ['show search_path', 100, 'not-a-query'],
  ['with d as (delete from t returning *) select * from d', 100, 'writes'],
  ['selec 1', 100, 'invalid'],
]

describe('applyAutoLimit', () => {
  it.each(applied)('%j with %i', async (sql, limit, expected) => {
    const result = applyAutoLimit(await parseSql(sql), limit)
    expect(result).toEqual({ sql: expected, applied: true })

    // the limited SQL is one query whose top level now has exactly this limit
    const reparsed = await parseSql(result.sql)
    expect(reparsed.error).toBeUndefined()
    expect(reparsed.statements).toHaveLength(1)
    expect(reparsed.statements[0]?.node).toMatchObject({
      SelectStmt: { limitCount: { A_Const: { ival: { ival: limit } } }, limitOption: 'LIMIT_OPTION_COUNT' },
    })
  })

  it.each(skipped)('%j with %s: %s', async (sql, limit, reason) => {
    expect(applyAutoLimit(await parseSql(sql), limit)).toEqual({ sql, applied: false, skipped: reason })
  })
})

describe('row limit helpers', () => {
  it.each([
    [100, 101],
    [1000, 1001],
    [-1, -1],
    [0, 0],
  ])('limitForFetch(%i) = %i', (limit, fetched) => {
    expect(limitForFetch(limit)).toBe(fetched)
  })

  it.each<[rows: number, limit: number, cut: boolean]>([
    [101, 100, true],
    [100, 100, false],
    [0, 100, false],
    [5000, -1, false],
  ])('wasCutOff(%i, %i) = %s', (rows, limit, cut) => {
    expect(wasCutOff(rows, limit)).toBe(cut)
  })

  it('says how many rows are shown', () => {
    expect(limitedRowsMessage(100)).toBe('Limited to only 100 rows')
    expect(ROW_LIMIT_OPTIONS).toEqual([-1, 100, 500, 1000])
  })
})
