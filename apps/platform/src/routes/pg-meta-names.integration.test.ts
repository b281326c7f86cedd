import { PgColumn, PgFunctionName, PgTableName } from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { FIXTURE_SCHEMA_SQL, type ProjectFixture, startProjectFixture } from '../control/pg-meta/testing'
import { ApiClient } from '../testing/harness'

let f: ProjectFixture
let meta = ''

beforeAll(async () => {
  f = await startProjectFixture()
  meta = `/platform/pg-meta/${f.project.ref}`
  const client = await f.connect()
  await client.query(FIXTURE_SCHEMA_SQL)
  // postgres_fdw is not trusted: the platform installs it for the tenant, as the extensions page does
  const platform = await f.connectAsPlatform()
  await platform.query(
    'create extension postgres_fdw schema extensions; grant usage on foreign data wrapper postgres_fdw to postgres',
  )
  await platform.end()
  await client.query(`
    create server elsewhere foreign data wrapper postgres_fdw;
    create foreign table public.remote_items (id int, "Label" text) server elsewhere;`)
  await client.end()
})
afterAll(async () => {
  await f?.t.destroy()
})

async function get<T extends z.ZodType>(schema: T, path: string): Promise<z.infer<T>> {
  const response = await f.owner.get(`${meta}${path}`)
  expect(response.status, JSON.stringify(response.body)).toBe(200)
  return schema.parse(response.body)
}

describe('completion metadata: names first, columns per relation', () => {
  it('lists every relation completion can name, with its kind and no columns', async () => {
    const names = await get(z.array(PgTableName.strict()), '/table-names?included_schemas=public')
    expect(names.map((n) => `${n.kind}:${n.schema}.${n.name}`)).toEqual([
      'materialized_view:public.author_counts',
      'table:public.authors',
      'view:public.book_titles',
      'table:public.books',
      'table:public.profiles',
      'foreign_table:public.remote_items',
    ])
    const everywhere = await get(z.array(PgTableName), '/table-names')
    expect(everywhere.map((n) => `${n.schema}.${n.name}`)).toContain('app.settings')
    expect(everywhere.some((n) => n.schema === 'pg_catalog' || n.schema === 'information_schema')).toBe(false)
    const app = await get(z.array(PgTableName), '/table-names?included_schemas=app')
    expect(app.map((n) => n.name)).toEqual(['settings'])
  })

  it('lists functions with their arguments, without bodies', async () => {
    const functions = await get(z.array(PgFunctionName.strict()), '/function-names?included_schemas=public')
    expect(functions.map((fn) => [fn.name, fn.argument_types, fn.return_type])).toEqual([
      ['add', 'a integer, b integer', 'integer'],
      ['books_by', 'author bigint', 'SETOF books'],
      ['search', 'q text, max_rows integer', 'TABLE(id integer, title text)'],
      ['touch', '', 'trigger'],
    ])
  })

  it("answers one relation's columns, whatever its kind, and 404 for an unknown id", async () => {
    const names = await get(z.array(PgTableName), '/table-names?included_schemas=public')
    const idOf = (name: string) => names.find((n) => n.name === name)?.id
    const columnsOf = async (name: string) =>
      (await get(z.array(PgColumn), `/columns?table_id=${idOf(name)}`)).map((c) => c.name)
    expect(await columnsOf('book_titles')).toEqual(['id', 'title', 'author'])
    expect(await columnsOf('author_counts')).toEqual(['author_id', 'n'])
    expect(await columnsOf('remote_items')).toEqual(['id', 'Label'])
    const books = await get(z.array(PgColumn), `/columns?table_id=${idOf('books')}`)
    expect(books.find((c) => c.name === 'id')).toMatchObject({ is_primary_key: true, table_id: idOf('books') })

    expect((await f.owner.get(`${meta}/columns?table_id=1`)).status).toBe(404)
    expect((await f.owner.get(`${meta}/columns`)).status).toBe(400)
    expect((await f.owner.get(`${meta}/columns?table_id=abc`)).status).toBe(400)
  })

  it('is as private as the other metadata: non-members get 404', async () => {
    const stranger = new ApiClient(() => f.t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'names-stranger@example.com', password: 'stranger-pass' })
    expect((await stranger.get(`${meta}/table-names`)).status).toBe(404)
    expect((await stranger.get(`${meta}/columns?table_id=1`)).status).toBe(404)
  })
})
