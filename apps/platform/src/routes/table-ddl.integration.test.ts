import type { RunQueryResponse, TableDdlResponse } from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SqlTestSetup, startSqlTestSetup } from '../sql/testing'
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
