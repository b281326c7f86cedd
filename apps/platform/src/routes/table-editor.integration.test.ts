import {
  type CountRowsResponse,
  NO_PRIMARY_KEY_MESSAGE,
  type ReadRowsBody,
  type ReadRowsResponse,
  type RowResponse,
  type RunQueryResponse,
  TABLE_EDIT_DENIED_MESSAGE,
} from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SqlTestSetup, startSqlTestSetup } from '../control/sql-editor/testing'
import { ApiClient } from '../testing/harness'

let s: SqlTestSetup
let reader: ApiClient
let developer: ApiClient
const ids: Record<string, number> = {}

const sql = async (query: string) => {
  const answer = await s.owner.post<RunQueryResponse>(`${s.base}/query`, { query })
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body))
  return answer.body
}

beforeAll(async () => {
  s = await startSqlTestSetup({ reader: 'Read-only', developer: 'Developer' }, { waitHealthy: true })
  reader = s.members.reader as ApiClient
  developer = s.members.developer as ApiClient
  await sql(`
create type mood as enum ('sad', 'ok', 'happy');
create table people (
  id bigint generated always as identity primary key,
  name text not null,
  age int,
  active boolean not null default true,
  mood mood,
  data jsonb,
  born date,
  label text generated always as (upper(name)) stored
);
insert into people (name, age, active, mood, data, born)
select 'person ' || g, case when g % 10 = 0 then null else g % 90 end, g % 2 = 0,
  (array['sad','ok','happy'])[1 + g % 3]::mood, jsonb_build_object('n', g), date '2000-01-01' + g
from generate_series(1, 250) g;
create table pairs (a int, b text, v text, primary key (a, b));
insert into pairs select g / 3, 'k' || (g % 3), 'v' || g from generate_series(0, 29) g;
create table "Weird ""Name""" ("Odd ""col""" text, n int);
insert into "Weird ""Name""" select 'x' || g, g from generate_series(1, 7) g;
create table big (id int primary key, v int);
insert into big select g, g % 1000 from generate_series(1, 120000) g;
analyze big;`)
  const tables = await sql(
    `select relname, oid::int from pg_class where relname in ('people', 'pairs', 'Weird "Name"', 'big') and relkind = 'r'`,
  )
  for (const [name, id] of tables.results[0]?.rows ?? []) ids[name as string] = id as number
})
afterAll(async () => {
  await s?.t.destroy()
})

/** The cookies of a client, for a plain fetch of a download address. */
async function cookieHeader(client: ApiClient): Promise<Record<string, string>> {
  const cookies = (client as unknown as { cookies: Map<string, string> }).cookies
  return { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
}

const rowsUrl = (table: string) => `${s.base}/tables/${ids[table]}/rows`
const read = (client: ApiClient, table: string, body: ReadRowsBody = {}) =>
  client.post<ReadRowsResponse & { message?: string }>(`${rowsUrl(table)}/query`, body)

/** Every row reachable by following `next` from the first page. */
async function readAll(table: string, body: ReadRowsBody): Promise<ReadRowsResponse['rows']> {
  const rows: ReadRowsResponse['rows'] = []
  let after: ReadRowsBody['after']
  for (let pages = 0; pages < 100; pages++) {
    const page = await read(s.owner, table, { ...body, after })
    expect(page.status).toBe(200)
    rows.push(...page.body.rows)
    if (!page.body.next) return rows
    after = page.body.next
  }
  throw new Error('too many pages')
}

describe('reading rows', () => {
  it('answers the first page in key order, values as Postgres text and booleans as the grid shows them', async () => {
    const page = await read(reader, 'people', { limit: 3 })
    expect(page.status).toBe(200)
    expect(page.body.columns.map((c) => `${c.name}:${c.format}`)).toEqual([
      'id:int8',
      'name:text',
      'age:int4',
      'active:bool',
      'mood:mood',
      'data:jsonb',
      'born:date',
      'label:text',
    ])
    expect(page.body.primaryKey).toEqual(['id'])
    expect(page.body.rows[0]).toEqual(['1', 'person 1', '1', 'false', 'ok', '{"n": 1}', '2000-01-02', 'PERSON 1'])
    expect(page.body.next).toEqual({ key: ['3'] })
  })

  it('pages by key through every row exactly once, with and without a sort, in both directions', async () => {
    const all = await readAll('people', { limit: 40 })
    expect(all.map((r) => Number(r[0]))).toEqual(Array.from({ length: 250 }, (_, i) => i + 1))

    // age has NULLs: going up they come last, going down first, each ordered by the key
    const byAge = await readAll('people', { limit: 17, sort: { column: 'age', direction: 'asc' } })
    expect(byAge).toHaveLength(250)
    expect(new Set(byAge.map((r) => r[0])).size).toBe(250)
    const ages = byAge.map((r) => (r[2] === null ? Number.POSITIVE_INFINITY : Number(r[2])))
    expect(ages).toEqual([...ages].sort((a, b) => a - b))
    const down = await readAll('people', { limit: 23, sort: { column: 'age', direction: 'desc' } })
    expect(down.map((r) => r[0])).toEqual(byAge.map((r) => r[0]).reverse())
  })

  it('pages a composite key and a table without a primary key (by position)', async () => {
    const pairs = await readAll('pairs', { limit: 4 })
    expect(pairs.map((r) => `${r[0]}/${r[1]}`)).toHaveLength(30)
    expect(new Set(pairs.map((r) => `${r[0]}/${r[1]}`)).size).toBe(30)

    const weird = await read(reader, 'Weird "Name"', { limit: 5 })
    expect(weird.status).toBe(200)
    expect(weird.body.primaryKey).toEqual([])
    expect(weird.body.columns.map((c) => c.name)).toEqual(['Odd "col"', 'n'])
    // the position is the row's key, not one of its values
    expect(weird.body.rows[0]).toHaveLength(2)
    expect(weird.body.next?.key[0]).toMatch(/^\(\d+,\d+\)$/)
    const all = await readAll('Weird "Name"', { limit: 3, sort: { column: 'n', direction: 'desc' } })
    expect(all.map((r) => r[1])).toEqual(['7', '6', '5', '4', '3', '2', '1'])
  })

  it("filters with the data API's operators, values bound as parameters", async () => {
    const ids = async (filters: ReadRowsBody['filters']) => {
      const page = await read(reader, 'people', { filters, limit: 1000 })
      expect(page.status, JSON.stringify(page.body)).toBe(200)
      return page.body.rows.map((r) => Number(r[0]))
    }
    expect(await ids([{ column: 'id', operator: 'eq', value: '7' }])).toEqual([7])
    expect(await ids([{ column: 'id', operator: 'lte', value: '3' }])).toEqual([1, 2, 3])
    expect(await ids([{ column: 'id', operator: 'in', value: ['4', '9', '999'] }])).toEqual([4, 9])
    expect(await ids([{ column: 'name', operator: 'like', value: 'person 24_' }])).toHaveLength(10)
    expect(await ids([{ column: 'name', operator: 'ilike', value: 'PERSON 25%' }])).toEqual([25, 250])
    expect(await ids([{ column: 'age', operator: 'is', value: 'null' }])).toHaveLength(25)
    expect(await ids([{ column: 'mood', operator: 'eq', value: 'happy' }])).toHaveLength(83)
    expect(await ids([{ column: 'data', operator: 'eq', value: '{"n": 5}' }])).toEqual([5])
    expect(
      await ids([
        { column: 'active', operator: 'is', value: 'true' },
        { column: 'id', operator: 'gt', value: '245' },
        { column: 'id', operator: 'neq', value: '248' },
      ]),
    ).toEqual([246, 250])
    // a hostile value is only ever a value
    expect(await ids([{ column: 'name', operator: 'eq', value: "x'; drop table people; --" }])).toEqual([])
    expect((await read(reader, 'people', { limit: 1 })).body.rows).toHaveLength(1)
  })

  it('refuses unknown columns, bad values and hostile identifiers with a clear 400', async () => {
    const unknownColumn = await read(reader, 'people', {
      filters: [{ column: 'id" = 1 or "1', operator: 'eq', value: '1' }],
    })
    expect(unknownColumn.status).toBe(400)
    expect(unknownColumn.body.message).toMatch(/Column "id" = 1 or "1" does not exist/)
    const badSort = await read(reader, 'people', { sort: { column: 'nope; drop table x', direction: 'asc' } })
    expect(badSort.status).toBe(400)
    const badValue = await read(reader, 'people', { filters: [{ column: 'id', operator: 'eq', value: 'abc' }] })
    expect(badValue.status).toBe(400)
    expect(badValue.body.message).toMatch(/invalid input syntax for type bigint/)
    const badOperator = await read(reader, 'people', {
      filters: [{ column: 'id', operator: 'is', value: 'null; drop' }],
    } as unknown as ReadRowsBody)
    expect(badOperator.status).toBe(400)
    const badCursor = await read(reader, 'people', { after: { key: ['1', '2'] } })
    expect(badCursor.status).toBe(400)
  })

  it('counts small tables exactly and big ones by estimate', async () => {
    const small = await s.owner.post<CountRowsResponse>(`${rowsUrl('people')}/count`, {})
    expect(small.body).toEqual({ count: 250, estimate: false })
    const filtered = await reader.post<CountRowsResponse>(`${rowsUrl('people')}/count`, {
      filters: [{ column: 'age', operator: 'is', value: 'null' }],
    })
    expect(filtered.body).toEqual({ count: 25, estimate: false })
    const big = await reader.post<CountRowsResponse>(`${rowsUrl('big')}/count`, {})
    expect(big.body.estimate).toBe(true)
    expect(big.body.count).toBeGreaterThan(100_000)
    expect(big.body.count).toBeLessThan(140_000)
  })

  it('answers 404 for a relation that is not a tenant table', async () => {
    const catalog = await read(s.owner, 'people')
    expect(catalog.status).toBe(200)
    const pgClass = await s.owner.post<{ message: string }>(`${s.base}/tables/1259/rows/query`, {})
    expect(pgClass.status).toBe(404)
    const missing = await s.owner.post<{ message: string }>(`${s.base}/tables/4000000000/rows/query`, {})
    expect(missing.status).toBe(404)
  })
})

describe('exporting rows', () => {
  it('gives a single-use CSV download of a sort and filter, booleans as the grid shows them', async () => {
    const link = await reader.post<{ fileUrl: string; message?: string }>(`${rowsUrl('people')}/export-url`, {
      sort: { column: 'id', direction: 'desc' },
      filters: [{ column: 'id', operator: 'in', value: ['3', '4'] }],
    })
    expect(link.status, JSON.stringify(link.body)).toBe(200)
    const path = new URL(link.body.fileUrl).pathname
    const response = await fetch(`${s.t.baseUrl}${path}`, { headers: await cookieHeader(reader) })
    expect(response.status).toBe(200)
    const lines = (await response.text()).trim().split(/\r?\n/)
    expect(lines[0]).toBe('id,name,age,active,mood,data,born,label')
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
      '4,person 4,4,true',
      '3,person 3,3,false',
    ])
    // single use
    expect((await fetch(`${s.t.baseUrl}${path}`, { headers: await cookieHeader(reader) })).status).toBe(404)

    // list values that look like array syntax stay values
    const hostile = await reader.post<{ fileUrl: string }>(`${rowsUrl('people')}/export-url`, {
      filters: [{ column: 'name', operator: 'in', value: ['person 5', 'x"},{"person 6', '\\'] }],
    })
    expect(hostile.status, JSON.stringify(hostile.body)).toBe(200)
    const csv = await fetch(`${s.t.baseUrl}${new URL(hostile.body.fileUrl).pathname}`, {
      headers: await cookieHeader(reader),
    })
    const ids = (await csv.text())
      .trim()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(',')[0])
    expect(ids).toEqual(['5'])
  })

  it("refuses a bad filter before giving an address, and another tenant's user", async () => {
    const bad = await reader.post<{ message: string }>(`${rowsUrl('people')}/export-url`, {
      filters: [{ column: 'id', operator: 'eq', value: 'abc' }],
    })
    expect(bad.status).toBe(400)
    const stranger = new ApiClient(() => s.t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'exporter@example.com', password: 'exporter-pass' })
    expect((await stranger.post(`${rowsUrl('people')}/export-url`, {})).status).toBe(404)
  })
})

describe('writing rows', () => {
  it('updates one cell by primary key and answers the stored row; NULL is a value of its own', async () => {
    const changed = await developer.patch<RowResponse>(rowsUrl('people'), {
      key: { id: '2' },
      values: { name: "O'Brien", age: null, data: '{"a": [1, 2]}', mood: 'happy' },
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    expect(changed.body.row).toEqual(['2', "O'Brien", null, 'true', 'happy', '{"a": [1, 2]}', '2000-01-03', "O'BRIEN"])
    const gone = await developer.patch<{ message: string }>(rowsUrl('people'), {
      key: { id: '99999' },
      values: { name: 'x' },
    })
    expect(gone.status).toBe(404)
  })

  it('refuses values Postgres refuses, generated columns and incomplete keys', async () => {
    const badJson = await developer.patch<{ message: string }>(rowsUrl('people'), {
      key: { id: '2' },
      values: { data: '{nope' },
    })
    expect(badJson.status).toBe(400)
    expect(badJson.body.message).toMatch(/invalid input syntax for type json/)
    const notNull = await developer.patch<{ message: string }>(rowsUrl('people'), {
      key: { id: '2' },
      values: { name: null },
    })
    expect(notNull.status).toBe(409)
    const generated = await developer.patch<{ message: string }>(rowsUrl('people'), {
      key: { id: '2' },
      values: { label: 'x' },
    })
    expect(generated.status).toBe(400)
    const partialKey = await developer.patch<{ message: string }>(rowsUrl('pairs'), {
      key: { a: '1' },
      values: { v: 'x' },
    })
    expect(partialKey.status).toBe(400)
    expect(partialKey.body.message).toMatch(/primary key: a, b/)
  })

  it('inserts with defaults and identity left to the database, and deletes by key', async () => {
    const inserted = await developer.post<RowResponse>(rowsUrl('people'), { values: { name: 'new person' } })
    expect(inserted.status, JSON.stringify(inserted.body)).toBe(200)
    expect(inserted.body.row).toEqual(['251', 'new person', null, 'true', null, null, null, 'NEW PERSON'])
    const identity = await developer.post<{ message: string }>(rowsUrl('people'), { values: { id: '5', name: 'x' } })
    expect(identity.status).toBe(400)

    const pair = await developer.post<RowResponse>(rowsUrl('pairs'), { values: { a: '100', b: 'z', v: 'new' } })
    expect(pair.status).toBe(200)
    const duplicate = await developer.post<{ message: string }>(rowsUrl('pairs'), { values: { a: '100', b: 'z' } })
    expect(duplicate.status).toBe(409)
    expect(duplicate.body.message).toMatch(/already exists/)

    const deleted = await developer.post(`${rowsUrl('people')}/delete`, { keys: [{ id: '251' }, { id: '250' }] })
    expect(deleted.body).toEqual({ deleted: 2 })
    const deletedPair = await developer.post(`${rowsUrl('pairs')}/delete`, {
      keys: [
        { a: '100', b: 'z' },
        { a: '0', b: 'k0' },
      ],
    })
    expect(deletedPair.body).toEqual({ deleted: 2 })
  })

  it('keeps a table without a primary key read-only, and says why', async () => {
    const insert = await developer.post<{ message: string }>(rowsUrl('Weird "Name"'), { values: { n: '1' } })
    expect(insert.status).toBe(400)
    expect(insert.body.message).toBe(NO_PRIMARY_KEY_MESSAGE)
  })
})

describe('permissions', () => {
  it('refuses every write of a Read-only member, and changes nothing', async () => {
    const before = (await read(reader, 'people', { limit: 1 })).body.rows[0]
    const update = await reader.patch<{ message: string }>(rowsUrl('people'), {
      key: { id: '1' },
      values: { name: 'hacked' },
    })
    expect(update.status).toBe(403)
    expect(update.body.message).toBe(TABLE_EDIT_DENIED_MESSAGE)
    expect((await reader.post(rowsUrl('people'), { values: { name: 'x' } })).status).toBe(403)
    expect((await reader.post(`${rowsUrl('people')}/delete`, { keys: [{ id: '1' }] })).status).toBe(403)
    expect((await read(reader, 'people', { limit: 1 })).body.rows[0]).toEqual(before)
  })

  it("answers 404 to another tenant's user, for reads and writes", async () => {
    const stranger = new ApiClient(() => s.t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'stranger@example.com', password: 'stranger-pass' })
    expect((await read(stranger, 'people')).status).toBe(404)
    expect((await stranger.post(`${rowsUrl('people')}/count`, {})).status).toBe(404)
    expect((await stranger.patch(rowsUrl('people'), { key: { id: '1' }, values: { name: 'x' } })).status).toBe(404)
    expect((await stranger.post(`${rowsUrl('people')}/delete`, { keys: [{ id: '1' }] })).status).toBe(404)
    const anonymous = new ApiClient(() => s.t.baseUrl)
    expect((await read(anonymous, 'people')).status).toBe(401)
  })
})
