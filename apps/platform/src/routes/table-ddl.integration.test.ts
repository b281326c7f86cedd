import type { ReferenceSearchResponse, RunQueryResponse, TableDdlResponse } from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SqlTestSetup, startSqlTestSetup } from '../control/sql-editor/testing'
import { ApiClient } from '../testing/harness'

let s: SqlTestSetup
let reader: ApiClient
let developer: ApiClient

const rowsOf = async (query: string) => {
  const answer = await s.owner.post<RunQueryResponse>(`${s.base}/query`, { query })
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body))
  return answer.body.results[0]?.rows ?? []
}
const tables = () => `${s.base}/tables`
const exists = async (name: string) =>
  (await rowsOf(`select count(*)::int from pg_class where relname = '${name.replaceAll("'", "''")}'`))[0]?.[0] === 1

beforeAll(async () => {
  s = await startSqlTestSetup({ reader: 'Read-only', developer: 'Developer' }, { waitHealthy: true })
  reader = s.members.reader as ApiClient
  developer = s.members.developer as ApiClient
  await rowsOf('create table customers (id bigint primary key, name text)')
})
afterAll(async () => {
  await s?.t.destroy()
})

describe('creating and changing tables', () => {
  it('creates a table with a foreign key, unique, NOT NULL, a default and RLS, and answers the SQL it ran', async () => {
    const created = await developer.post<TableDdlResponse>(tables(), {
      schema: 'public',
      name: 'orders',
      columns: [
        { name: 'id', type: 'bigint', primaryKey: true },
        {
          name: 'customer_id',
          type: 'bigint',
          nullable: false,
          references: { schema: 'public', table: 'customers', column: 'id' },
        },
        { name: 'code', type: 'text', unique: true },
        { name: 'created_at', type: 'timestamptz', default: 'now()', nullable: false },
      ],
    })
    expect(created.status).toBe(201)
    expect(created.body.sql).toContain('references "public"."customers" ("id")')
    const [[id, rls]] = (await rowsOf(
      `select 'orders'::regclass::oid::int, relrowsecurity from pg_class where relname = 'orders'`,
    )) as [[number, boolean]]
    expect(created.body.id).toBe(id)
    expect(rls).toBe(true)
    const constraints = await rowsOf(
      `select contype::text from pg_constraint where conrelid = 'orders'::regclass order by 1`,
    )
    expect(constraints.map((r) => r[0])).toEqual(['f', 'p', 'u'])
  })

  it('changes a table: rename, add, change, drop columns and turn RLS off, in one transaction', async () => {
    const [[id]] = (await rowsOf(`select 'orders'::regclass::oid::int`)) as [[number]]
    const changed = await developer.patch<TableDdlResponse>(`${tables()}/${id}`, {
      newName: 'purchases',
      rls: false,
      addColumns: [{ name: 'note', type: 'text', default: "'none'" }],
      changeColumns: [{ name: 'code', newName: 'reference', type: 'varchar(40)' }],
      dropColumns: ['created_at'],
    })
    expect(changed.status, JSON.stringify(changed.body)).toBe(200)
    const columns = await rowsOf(
      `select attname::text, format_type(atttypid, atttypmod) from pg_attribute where attrelid = 'purchases'::regclass and attnum > 0 and not attisdropped order by attnum`,
    )
    expect(columns).toEqual([
      ['id', 'bigint'],
      ['customer_id', 'bigint'],
      ['reference', 'character varying(40)'],
      ['note', 'text'],
    ])

    // a failing statement undoes the whole change
    const failing = await developer.patch<{ message: string }>(`${tables()}/${id}`, {
      addColumns: [{ name: 'kept', type: 'text' }],
      changeColumns: [{ name: 'note', type: 'int4' }],
    })
    expect(failing.status).toBe(400)
    expect(failing.body.message).toMatch(/cannot be cast automatically to type integer/)
    expect((await rowsOf(`select count(*)::int from pg_attribute where attname = 'kept'`))[0]?.[0]).toBe(0)
  })

  it('keeps hostile names as names, and refuses a default that smuggles in a second statement', async () => {
    const hostile = 'x"; drop table customers; --'
    const created = await developer.post<TableDdlResponse>(tables(), {
      schema: 'public',
      name: hostile,
      rls: false,
      columns: [{ name: hostile, type: 'int4', primaryKey: true }],
    })
    expect(created.status).toBe(201)
    expect(await exists(hostile)).toBe(true)
    expect(await exists('customers')).toBe(true)

    const smuggled = await developer.post<{ message: string }>(tables(), {
      schema: 'public',
      name: 'smuggled',
      columns: [{ name: 'a', type: 'int4', default: '1); drop table customers; create table smuggled2 (b int' }],
    })
    expect(smuggled.status).toBe(400)
    expect(smuggled.body.message).toMatch(/multiple commands/)
    expect(await exists('smuggled')).toBe(false)
    expect(await exists('customers')).toBe(true)

    const badType = await developer.post(tables(), {
      schema: 'public',
      name: 't',
      columns: [{ name: 'a', type: 'int4); drop table customers; --' }],
    })
    expect(badType.status).toBe(400)
    const reserved = await developer.post(tables(), {
      schema: 'pg_catalog',
      name: 't',
      columns: [{ name: 'a', type: 'int4' }],
    })
    expect(reserved.status).toBe(400)
  })

  it('refuses a Read-only member (403) and another tenant (404)', async () => {
    const body = { schema: 'public', name: 'sneaky', columns: [{ name: 'a', type: 'int4' }] }
    expect((await reader.post(tables(), body)).status).toBe(403)
    const [[id]] = (await rowsOf(`select 'customers'::regclass::oid::int`)) as [[number]]
    expect((await reader.patch(`${tables()}/${id}`, { dropColumns: ['name'] })).status).toBe(403)
    const stranger = new ApiClient(() => s.t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'ddl-stranger@example.com', password: 'stranger-pass' })
    expect((await stranger.post(tables(), body)).status).toBe(404)
    expect((await stranger.patch(`${tables()}/${id}`, { dropColumns: ['name'] })).status).toBe(404)
    expect(await exists('sneaky')).toBe(false)
    expect(
      (
        await rowsOf(
          `select count(*)::int from pg_attribute where attrelid = 'customers'::regclass and attname = 'name'`,
        )
      )[0]?.[0],
    ).toBe(1)
  })
})

describe('the foreign-key picker', () => {
  const search = async (client: ApiClient, body: Record<string, unknown>) => {
    const [[id]] = (await rowsOf(`select 'purchases'::regclass::oid::int`)) as [[number]]
    return client.post<ReferenceSearchResponse & { message?: string }>(`${tables()}/${id}/rows/reference-search`, body)
  }

  it('pages the referenced rows by value, with the first text column as their label, and searches both', async () => {
    await rowsOf(`insert into customers select g, 'name ' || g from generate_series(1, 45) g`)
    const first = await search(reader, { column: 'customer_id', limit: 20 })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(first.body).toMatchObject({ schema: 'public', table: 'customers', column: 'id', labelColumn: 'name' })
    expect(first.body.rows.map((r) => r.value)).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1)))
    expect(first.body.rows[0]).toEqual({ value: '1', label: 'name 1' })
    expect(first.body.next).toBe('20')
    const last = await search(reader, { column: 'customer_id', limit: 20, after: '40' })
    expect(last.body.rows.map((r) => r.value)).toEqual(['41', '42', '43', '44', '45'])
    expect(last.body.next).toBeNull()

    const found = await search(reader, { column: 'customer_id', search: 'NAME 4' })
    expect(found.body.rows.map((r) => r.label)).toEqual([
      'name 4',
      ...Array.from({ length: 6 }, (_, i) => `name ${40 + i}`),
    ])
    expect((await search(reader, { column: 'customer_id', search: '4_' })).body.rows).toEqual([])
    expect((await search(reader, { column: 'customer_id', search: '%' })).body.rows).toEqual([])
  })

  it('refuses a column without a foreign key, a hostile column name and another tenant', async () => {
    const plain = await search(reader, { column: 'reference' })
    expect(plain.status).toBe(400)
    expect(plain.body.message).toMatch(/no single-column foreign key/)
    const hostile = await search(reader, { column: 'x"; drop table customers; --' })
    expect(hostile.status).toBe(400)
    expect(hostile.body.message).toMatch(/does not exist/)
    expect((await search(reader, { column: 'customer_id', limit: 1000 })).status).toBe(400)
    const stranger = new ApiClient(() => s.t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'picker-stranger@example.com', password: 'stranger-pass' })
    expect((await search(stranger, { column: 'customer_id' })).status).toBe(404)
  })
})

describe('foreign keys on existing columns', () => {
  const foreignKeys = async (table: string) =>
    rowsOf(
      `select conname::text, pg_get_constraintdef(oid) from pg_constraint where conrelid = '${table}'::regclass and contype = 'f' order by 1`,
    )

  it('adds a foreign key to a column that exists, then drops it, answering the SQL it ran', async () => {
    await rowsOf('create table shops (id bigint primary key); create table items (id bigint primary key, shop bigint)')
    const [[id]] = (await rowsOf(`select 'items'::regclass::oid::int`)) as [[number]]
    const added = await developer.patch<TableDdlResponse>(`${tables()}/${id}`, {
      changeColumns: [{ name: 'shop', references: { schema: 'public', table: 'shops', column: 'id' } }],
    })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    expect(added.body.sql).toBe(
      'alter table "public"."items" add foreign key ("shop") references "public"."shops" ("id");',
    )
    expect(await foreignKeys('items')).toEqual([['items_shop_fkey', 'FOREIGN KEY (shop) REFERENCES shops(id)']])

    const dropped = await developer.patch<TableDdlResponse>(`${tables()}/${id}`, {
      changeColumns: [{ name: 'shop', dropForeignKey: 'items_shop_fkey' }],
    })
    expect(dropped.status).toBe(200)
    expect(dropped.body.sql).toBe('alter table "public"."items" drop constraint "items_shop_fkey";')
    expect(await foreignKeys('items')).toEqual([])
  })

  it('drops only a foreign key of that column: not a primary key, nor a hostile name; Read-only may not', async () => {
    const [[id]] = (await rowsOf(`select 'items'::regclass::oid::int`)) as [[number]]
    const primary = await developer.patch<{ message: string }>(`${tables()}/${id}`, {
      changeColumns: [{ name: 'id', dropForeignKey: 'items_pkey' }],
    })
    expect(primary).toMatchObject({
      status: 400,
      body: { message: '"items_pkey" is not a foreign key on column "id"' },
    })
    const hostile = await developer.patch(`${tables()}/${id}`, {
      changeColumns: [{ name: 'shop', dropForeignKey: 'x"; drop table shops; --' }],
    })
    expect(hostile.status).toBe(400)
    const catalog = await developer.patch(`${tables()}/${id}`, {
      changeColumns: [{ name: 'shop', references: { schema: 'pg_catalog', table: 'pg_class', column: 'oid' } }],
    })
    expect(catalog.status).toBe(400)
    const denied = await reader.patch(`${tables()}/${id}`, {
      changeColumns: [{ name: 'shop', references: { schema: 'public', table: 'shops', column: 'id' } }],
    })
    expect(denied.status).toBe(403)
    expect(await exists('shops')).toBe(true)
    expect((await rowsOf(`select count(*)::int from pg_constraint where conname = 'items_pkey'`))[0]?.[0]).toBe(1)
    expect(await foreignKeys('items')).toEqual([])
  })
})
