import {
  PG_META_CONNECTION_HEADER,
  PgExtension,
  PgForeignKey,
  PgFunction,
  PgMaterializedView,
  PgPolicy,
  PgRole,
  PgSchema,
  PgTable,
  PgTrigger,
  PgType,
  PgView,
  type ProjectStatusResponse,
} from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { withMetaClient } from '../control/pg-meta/connection'
import { SPLIT_MIN_RELATIONS } from '../control/pg-meta/service'
import {
  FIXTURE_SCHEMA_SQL,
  PLATFORM_FIXTURE_SQL,
  type ProjectFixture,
  startProjectFixture,
} from '../control/pg-meta/testing'
import { ApiClient, waitFor } from '../testing/harness'

let f: ProjectFixture
let meta = ''

beforeAll(async () => {
  f = await startProjectFixture()
  meta = `/platform/pg-meta/${f.project.ref}`
  const client = await f.connect()
  await client.query(FIXTURE_SCHEMA_SQL)
  await client.end()
  const platform = await f.connectAsPlatform()
  await platform.query(PLATFORM_FIXTURE_SQL)
  await platform.end()
})
afterAll(async () => {
  await f?.t.destroy()
})

/** GET a list and check every item against its contract. */
async function list<T extends z.ZodType>(schema: T, path: string): Promise<z.infer<T>[]> {
  const response = await f.owner.get(`${meta}${path}`)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return z.array(schema).parse(response.body)
}

describe('pg-meta tables', () => {
  it('lists tables sorted by name, with columns, scoped to the included schemas', async () => {
    const tables = await list(PgTable, '/tables?include_columns=true&included_schemas=public')
    expect(tables.map((t) => t.name)).toEqual(['authors', 'books', 'profiles'])
    const authors = tables[0] as PgTable
    expect(authors).toMatchObject({ schema: 'public', comment: 'People who write', rls_enabled: false })
    expect(authors.primary_keys).toEqual([
      { schema: 'public', table_name: 'authors', name: 'id', table_id: authors.id },
    ])
    expect(authors.columns?.map((c) => c.name)).toEqual(['id', 'name', 'mood', 'moods', 'bio'])
    const [id, name, mood, moods] = authors.columns ?? []
    expect(id).toMatchObject({
      format: 'int8',
      data_type: 'bigint',
      is_identity: true,
      identity_generation: 'ALWAYS',
      is_primary_key: true,
      is_nullable: false,
      id: `${authors.id}.1`,
    })
    expect(name).toMatchObject({ format: 'text', is_unique: true, is_nullable: false, comment: 'Display name' })
    expect(mood).toMatchObject({
      format: 'mood',
      data_type: 'USER-DEFINED',
      default_value: "'happy'::mood",
      enums: ['happy', 'sad', 'meh'],
      is_primary_key: false,
    })
    expect(moods).toMatchObject({ format: '_mood', data_type: 'ARRAY' })

    const books = tables[1] as PgTable
    expect(books.rls_enabled).toBe(true)
    const column = (n: string) => books.columns?.find((c) => c.name === n)
    expect(column('id')?.default_value).toMatch(/^nextval\('books_id_seq'::regclass\)$/)
    expect(column('title')?.check).toBe('CHECK (char_length(title) > 0)')
    expect(column('tags')).toMatchObject({ format: '_text', data_type: 'ARRAY', default_value: "'{}'::text[]" })
    expect(column('price')).toMatchObject({ format: 'numeric', data_type: 'numeric', is_nullable: true })
    expect(column('slug')).toMatchObject({ is_generated: true, is_updatable: false, default_value: null })
    expect(books.relationships).toEqual([
      expect.objectContaining({
        constraint_name: 'books_author_id_fkey',
        source_table_name: 'books',
        source_column_name: 'author_id',
        target_table_name: 'authors',
        target_column_name: 'id',
      }),
    ])
    // a relationship is listed on both of its tables
    expect(authors.relationships.map((r) => r.constraint_name).sort()).toEqual([
      'books_author_id_fkey',
      'profiles_author_id_fkey',
    ])
  })

  it('leaves the columns out when asked, and reads several schemas', async () => {
    const tables = await list(PgTable, '/tables?include_columns=false&included_schemas=public,app')
    expect(tables.map((t) => `${t.schema}.${t.name}`)).toEqual([
      'public.authors',
      'public.books',
      'public.profiles',
      'app.settings',
    ])
    expect(tables.every((t) => t.columns === undefined)).toBe(true)
    expect(tables[3]?.primary_keys.map((k) => k.name)).toEqual(['key'])
  })

  it('hides system schemas unless asked, and pages with limit and offset', async () => {
    const all = await list(PgTable, '/tables?include_columns=false')
    expect(all.some((t) => t.schema === 'pg_catalog' || t.schema === '_pgfleet')).toBe(false)
    const withSystem = await list(PgTable, '/tables?include_columns=false&include_system_schemas=true')
    expect(withSystem.some((t) => t.schema === 'pg_catalog')).toBe(true)
    expect(withSystem.some((t) => t.schema === '_pgfleet')).toBe(true)
    const excluded = await list(PgTable, '/tables?include_columns=false&excluded_schemas=app,auth,storage')
    expect(excluded.map((t) => t.name)).toEqual(['authors', 'books', 'profiles'])
    const page = await list(PgTable, '/tables?include_columns=false&excluded_schemas=auth,storage&limit=2&offset=1')
    expect(page.map((t) => t.name)).toEqual(['books', 'profiles'])
  })

  it("answers one table's detail with its exact size, and 404 for an unknown id", async () => {
    const [books] = await list(PgTable, '/tables?include_columns=false&included_schemas=public&offset=1&limit=1')
    const detail = await f.owner.get(`${meta}/tables/${books?.id}`)
    expect(detail.status).toBe(200)
    const table = PgTable.parse(detail.body)
    expect(table).toMatchObject({ name: 'books', schema: 'public' })
    expect(table.columns).toHaveLength(8)
    expect(table.bytes).toBeGreaterThan(0)
    const missing = await f.owner.get<{ message: string }>(`${meta}/tables/1`)
    expect(missing).toMatchObject({ status: 404, body: { message: 'Table with id 1 not found' } })
  })

  it('accepts the dashboard connection header and refuses bad parameters', async () => {
    const token = await f.owner.post<{ token: string }>('/platform/profile/access-tokens', { name: 'meta' })
    const response = await fetch(`${f.t.baseUrl}${meta}/schemas`, {
      headers: { authorization: `Bearer ${token.body.token}`, [PG_META_CONNECTION_HEADER]: 'ignored' },
    })
    expect(response.status).toBe(200)
    const bad = await f.owner.get<{ message: string }>(`${meta}/tables?include_columns=yes`)
    expect(bad.status).toBe(400)
  })
})

describe('pg-meta catalog lists', () => {
  it('lists schemas without the system ones', async () => {
    const schemas = await list(PgSchema, '/schemas')
    // the auth and storage schemas are the project's too (owned by their services), listed as postgres-meta lists them
    expect(schemas.map((s) => s.name)).toEqual(['app', 'auth', 'extensions', 'public', 'storage'])
    expect(schemas[0]?.owner).toBe('postgres')
  })

  it('lists views and materialized views with their columns', async () => {
    const [view] = await list(PgView, '/views?included_schemas=public')
    expect(view).toMatchObject({ name: 'book_titles', is_updatable: false })
    expect(view?.columns?.map((c) => c.name)).toEqual(['id', 'title', 'author'])
    const [counts] = await list(PgMaterializedView, '/materialized-views')
    expect(counts).toMatchObject({ name: 'author_counts', is_populated: true })
    expect(counts?.columns?.map((c) => c.format)).toEqual(['int8', 'int8'])
  })

  it('lists functions with named, typed arguments, defaults and return types', async () => {
    const functions = await list(PgFunction, '/functions?included_schemas=public')
    expect(functions.map((fn) => fn.name)).toEqual(['add', 'books_by', 'search', 'touch'])
    const [add, booksBy, search] = functions
    expect(add).toMatchObject({
      language: 'sql',
      return_type: 'integer',
      behavior: 'IMMUTABLE',
      comment: 'Adds two numbers',
      argument_types: 'a integer, b integer DEFAULT 1',
      is_set_returning_function: false,
    })
    expect(add?.args).toEqual([
      { mode: 'in', name: 'a', type_id: 23, type: 'integer', type_name: 'int4', has_default: false, default: null },
      { mode: 'in', name: 'b', type_id: 23, type: 'integer', type_name: 'int4', has_default: true, default: '1' },
    ])
    expect(add?.complete_statement).toContain('CREATE OR REPLACE FUNCTION public.add')
    expect(booksBy).toMatchObject({
      return_type: 'SETOF books',
      return_type_name: 'books',
      is_set_returning_function: true,
    })
    expect(booksBy?.return_type_relation_id).toBeGreaterThan(0)
    expect(search?.args.map((a) => `${a.mode}:${a.name}`)).toEqual(['in:q', 'in:max_rows', 'table:id', 'table:title'])
    expect(search?.return_type).toBe('TABLE(id integer, title text)')
  })

  it('lists extensions with what is installed', async () => {
    const extensions = await list(PgExtension, '/extensions')
    expect(extensions.find((e) => e.name === 'pgcrypto')).toMatchObject({ schema: 'extensions' })
    expect(extensions.find((e) => e.name === 'pgcrypto')?.installed_version).toMatch(/^\d/)
    expect(extensions.find((e) => e.name === 'hstore')).toMatchObject({ installed_version: null, schema: null })
  })

  it('lists RLS policies with their command, roles and expressions', async () => {
    const policies = await list(PgPolicy, '/policies')
    expect(policies.map((p) => p.name)).toEqual(['authors edit own', 'books are public'])
    expect(policies[0]).toMatchObject({
      table: 'books',
      action: 'RESTRICTIVE',
      command: 'UPDATE',
      roles: ['authenticated'],
      definition: '(author_id = 1)',
      check: '(author_id = 1)',
    })
    expect(policies[1]).toMatchObject({ command: 'SELECT', roles: ['public'], definition: 'true', check: null })
  })

  it('lists triggers with their events, condition and arguments', async () => {
    const [trigger] = await list(PgTrigger, '/triggers')
    expect(trigger).toMatchObject({
      name: 'books_touch',
      table: 'books',
      schema: 'public',
      activation: 'BEFORE',
      orientation: 'ROW',
      events: ['INSERT', 'UPDATE'],
      enabled_mode: 'ORIGIN',
      condition: '(new.title IS NOT NULL)',
      function_schema: 'public',
      function_name: 'touch',
      function_args: ['a1', 'b 2'],
    })
  })

  it('lists roles without the built-in pg_* ones, never with a password', async () => {
    const roles = await list(PgRole, '/roles')
    const names = roles.map((r) => r.name)
    expect(names).toEqual(
      expect.arrayContaining(['anon', 'authenticated', 'authenticator', 'postgres', 'service_role']),
    )
    expect(names.some((n) => n.startsWith('pg_'))).toBe(false)
    expect(roles.find((r) => r.name === 'service_role')).toMatchObject({ can_bypass_rls: true, can_login: false })
    expect(roles.every((r) => r.password === '********')).toBe(true)
    const all = await list(PgRole, '/roles?include_default_roles=true')
    expect(all.some((r) => r.name === 'pg_read_all_data')).toBe(true)
  })

  it('lists enums and composite types', async () => {
    const types = await list(PgType, '/types?excluded_schemas=auth')
    expect(types.map((t) => `${t.kind}:${t.name}`)).toEqual(['composite:address', 'enum:mood'])
    expect(types[1]?.enums).toEqual(['happy', 'sad', 'meh'])
    expect(types[0]?.attributes.map((a) => `${a.name}:${a.type_name}`)).toEqual(['street:text', 'zip:int4'])
  })

  it('lists whole foreign keys, telling one-to-one ones apart', async () => {
    const keys = await list(PgForeignKey, '/foreign-keys?excluded_schemas=auth,storage')
    expect(keys.map((k) => [k.constraint_name, k.is_one_to_one, k.on_delete])).toEqual([
      ['books_author_id_fkey', false, 'CASCADE'],
      ['profiles_author_id_fkey', true, 'NO ACTION'],
    ])
    expect(keys[0]).toMatchObject({
      source_columns: ['author_id'],
      target_table_name: 'authors',
      target_columns: ['id'],
    })
  })
})

describe('pg-meta access, size and limits', () => {
  it('answers 404 to non-members and 409 for a project that is not running', async () => {
    const stranger = new ApiClient(() => f.t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'stranger@meta.test', password: 'stranger-password' })
    expect((await stranger.get(`${meta}/tables`)).status).toBe(404)
    await expect(
      withMetaClient(f.t.platform.ctx, { ref: f.project.ref, status: 'INACTIVE' }, async () => 1),
    ).rejects.toMatchObject({ statusCode: 409 })
  })

  it('reads a big list in two halves that add up to the one-statement answer', async () => {
    const client = await f.connect()
    const tables = Array.from({ length: SPLIT_MIN_RELATIONS + 51 }, (_, i) => i)
    await client.query(
      `create schema bulk; ${tables.map((i) => `create table bulk.t${i} (id int primary key, label text default 'x');`).join('')}`,
    )
    await client.end()
    const halves = await list(PgTable, '/tables?included_schemas=bulk')
    const single = await list(PgTable, '/tables?included_schemas=bulk&limit=100000')
    expect(halves).toHaveLength(tables.length)
    expect(halves).toEqual(single)
    const names = halves.map((t) => t.name)
    expect(names).toEqual([...names].sort())
    expect(halves.every((t) => t.columns?.length === 2)).toBe(true)
  })

  it('keeps answering after the database restarts under its warm connections', async () => {
    expect((await f.owner.get(`${meta}/schemas`)).status).toBe(200)
    expect((await f.owner.post(`/platform/projects/${f.project.ref}/restart`)).status).toBe(200)
    await waitFor(
      async () => (await f.owner.get<ProjectStatusResponse>(`/platform/projects/${f.project.ref}/status`)).body,
      (s) => s.status === 'ACTIVE_HEALTHY',
      30_000,
    )
    const schemas = await list(PgSchema, '/schemas')
    expect(schemas.map((s) => s.name)).toContain('public')
  })

  it('cancels a query that runs past the statement timeout with a clear 504', async () => {
    const running = { ref: f.project.ref, status: 'ACTIVE_HEALTHY' }
    const slow = withMetaClient(f.t.platform.ctx, running, (client) => client.query('select pg_sleep(5)'), {
      statementTimeoutMs: 200,
    })
    await expect(slow).rejects.toMatchObject({ statusCode: 504, message: expect.stringContaining('0.2 s') })
  })
})
