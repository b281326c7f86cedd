import { describe, expect, it } from 'vitest'
import { buildOpenApi } from './openapi'
import { Aliases, planRead, shapeOfRelation } from './plan'
import { parseQueryParams } from './query-params'
import { resolveEmbedding } from './relationships'
import type { SchemaCache } from './schema-cache'
import { ident, Params, qualified } from './sql-common'
import { rowsSql, wrapBody } from './sql-read'
import { callSql, resolveFunction } from './sql-rpc'
import { deleteCte, insertCtes, updateCte } from './sql-write'
import { testSchema } from './test-schema'

const cache: SchemaCache = testSchema()
const items = () => cache.relation('public', 'items') ?? (undefined as never)

function read(search: string) {
  const params = parseQueryParams(search)
  const plan = planRead(cache, shapeOfRelation(items()), params.select, params, new Aliases())
  const sqlParams = new Params()
  const rows = rowsSql(plan, `${qualified('public', 'items')} AS ${ident(plan.alias)}`, sqlParams, {
    limit: plan.limit,
    offset: plan.offset,
  })
  return { sql: wrapBody(rows, { exactCount: true, includeBody: true, stripNulls: false }), values: sqlParams.values }
}

/** The SQL without quoted identifiers and the builder's one literal ('[]'): keywords and $n placeholders remain. */
const withoutQuotedIdentifiers = (sql: string) => sql.replace(/"(?:[^"]|"")*"/g, '"…"').replaceAll("'[]'::json", '[]')

describe('SQL builder', () => {
  it('quotes every identifier and binds every value', () => {
    const { sql, values } = read(
      "select=id,title:name,meta->>color::text&name=eq.x'y&tags=cs.{a,b}&id=in.(1,2)&order=name.desc&limit=5",
    )
    expect(sql).toContain('"pgrst_0"."id"')
    expect(sql).toContain('AS "title"')
    expect(sql).toContain('("pgrst_0"."meta" ->> $1::text)')
    expect(sql).toContain('"pgrst_0"."name" = $2')
    expect(sql).toContain('"pgrst_0"."tags" @> $3')
    expect(sql).toContain('"pgrst_0"."id" = ANY($4)')
    expect(sql).toContain('ORDER BY "pgrst_0"."name" DESC LIMIT $5')
    expect(values).toEqual(['color', "x'y", '{a,b}', ['1', '2'], 5])
    expect(sql).not.toContain("x'y")
  })

  it('keeps hostile values, keys and names out of the SQL text', () => {
    const hostile = "1'); drop table items; --"
    const { sql, values } = read(
      `select=id,"a\\"b; drop table items; --",x:meta->>"${encodeURIComponent(hostile)}"` +
        `&name=eq.${encodeURIComponent(hostile)}&or=(name.eq."${encodeURIComponent(hostile)}",id.in.(1,2))`,
    )
    expect(values).toEqual([hostile, hostile, hostile, ['1', '2']])
    expect(sql).not.toContain("drop table items; --'")
    // the only place the column name appears is inside a quoted identifier, with its quote doubled
    expect(sql).toContain('"a""b; drop table items; --"')
    expect(withoutQuotedIdentifiers(sql)).not.toMatch(/drop|;|--|'/i)
  })

  it('refuses unknown columns, casts that are not type names and unknown embeddings', () => {
    expect(() => read('select=nope')).toThrow(
      expect.objectContaining({ code: '42703', message: 'column items.nope does not exist' }),
    )
    expect(() => read('nope=eq.1')).toThrow(expect.objectContaining({ code: '42703' }))
    expect(() => read('order=nope')).toThrow(expect.objectContaining({ code: '42703' }))
    expect(() => read('select=id::text);drop table x;--')).toThrow(expect.objectContaining({ code: 'PGRST100' }))
    expect(() => read('select=id,ghosts(*)')).toThrow(expect.objectContaining({ code: 'PGRST200', status: 400 }))
    expect(() => read('select=id&comments.id=eq.1')).toThrow(expect.objectContaining({ code: 'PGRST108' }))
  })

  it('renders embeddings as lateral JSON subqueries, with inner joins and embedded filters', () => {
    const { sql, values } = read(
      'select=id,author:authors!author_id(name),comments!inner(body),labels(label)&comments.body=like.x*&comments.limit=2',
    )
    expect(sql).toMatch(
      /LEFT JOIN LATERAL \(SELECT pg_catalog\.row_to_json\("pgrst_\d+_r"\) AS pgrst_j FROM \(SELECT "pgrst_\d+"\."name" AS "name" FROM "public"\."authors"/,
    )
    expect(sql).toContain('"pgrst_1"."id" = "pgrst_0"."author_id"')
    expect(sql).toMatch(/pg_catalog\.json_agg\("pgrst_\d+_r"\)/)
    expect(sql).toMatch(/"pgrst_\d+"\."item_id" = "pgrst_0"\."id" AND "pgrst_\d+"\."body" LIKE \$1 LIMIT \$2/)
    expect(sql).toMatch(/JOIN "public"\."item_labels" AS "pgrst_\d+" ON "pgrst_\d+"\."label_id" = "pgrst_\d+"\."id"/)
    expect(sql).toMatch(/WHERE "pgrst_\d+"\.pgrst_j IS NOT NULL/)
    expect(values).toEqual(['x%', 2])
  })

  it('resolves relationships and reports ambiguous ones like PostgREST', () => {
    expect(() => resolveEmbedding(cache, items(), 'authors', null)).toThrow(
      expect.objectContaining({
        status: 300,
        code: 'PGRST201',
        hint: "Try changing 'authors' to one of the following: 'authors!items_author_id_fkey', 'authors!items_editor_id_fkey'. Find the desired relationship in the 'details' key.",
      }),
    )
    expect(resolveEmbedding(cache, items(), 'authors', 'editor_id')).toMatchObject({
      cardinality: 'many-to-one',
      pairs: [['editor_id', 'id']],
    })
    expect(resolveEmbedding(cache, items(), 'author_id', null).target.name).toBe('authors')
    expect(resolveEmbedding(cache, items(), 'comments', null)).toMatchObject({
      cardinality: 'one-to-many',
      pairs: [['id', 'item_id']],
    })
    const labels = resolveEmbedding(cache, items(), 'labels', null)
    expect(labels.cardinality).toBe('many-to-many')
    expect(labels.junction?.relation.name).toBe('item_labels')
    const authors = cache.relation('public', 'authors') ?? (undefined as never)
    expect(resolveEmbedding(cache, authors, 'items', 'author_id').cardinality).toBe('one-to-many')
  })

  it('builds writes as data-modifying CTEs with the body as one parameter', () => {
    const params = new Params()
    const insert = insertCtes(
      items(),
      [{ columns: ['name', 'a"b; drop table items; --'], rowsJson: '[{"name":"x"}]' }],
      { columns: ['id'], resolution: 'merge-duplicates' },
      true,
      params,
    )
    expect(insert).toContain('INSERT INTO "public"."items" AS "pgrst_w" ("name", "a""b; drop table items; --")')
    expect(insert).toContain('pg_catalog.jsonb_populate_record(NULL::"public"."items", pgrst_e.elem)')
    expect(insert).toContain('ON CONFLICT ("id") DO UPDATE SET "name" = EXCLUDED."name"')
    expect(params.values).toEqual(['[{"name":"x"}]'])

    const shape = shapeOfRelation(items())
    const filters = parseQueryParams("name=eq.o'k").byPath.get('')?.filters ?? []
    const updateParams = new Params()
    const update = updateCte(shape, items(), ['name'], '{"name":"y"}', filters, false, updateParams)
    expect(update).toBe(
      'pgrst_source AS (UPDATE "public"."items" AS "pgrst_w" SET "name" = pgrst_b."name" FROM (SELECT * FROM pg_catalog.jsonb_populate_record(NULL::"public"."items", $1::jsonb)) AS pgrst_b WHERE "pgrst_w"."name" = $2 RETURNING 1)',
    )
    expect(updateParams.values).toEqual(['{"name":"y"}', "o'k"])
    const removal = deleteCte(shape, items(), filters, true, new Params())
    expect(removal).toBe(
      'pgrst_source AS (DELETE FROM "public"."items" AS "pgrst_w" WHERE "pgrst_w"."name" = $1 RETURNING "pgrst_w".*)',
    )
  })

  it('calls functions with named, typed, bound arguments', () => {
    const fn = resolveFunction(cache, 'public', 'add', ['a'], true)
    const params = new Params()
    expect(callSql(fn, { a: 1 }, null, false, params)).toBe('"public"."add"("a" := $1::integer)')
    expect(params.values).toEqual(['1'])
    expect(() => resolveFunction(cache, 'public', 'add', ['a', 'c"); drop table items; --'], true)).toThrow(
      expect.objectContaining({ code: 'PGRST202', status: 404 }),
    )
    expect(() => resolveFunction(cache, 'public', 'add', [], true)).toThrow(
      expect.objectContaining({ code: 'PGRST202' }),
    )
  })
})

describe('OpenAPI', () => {
  it('describes tables and functions the way PostgREST does', () => {
    const doc = buildOpenApi(cache, { schema: 'public', url: 'http://127.0.0.1:8080/p/abc/rest/v1' }) as {
      host: string
      basePath: string
      definitions: Record<string, { required?: string[]; properties: Record<string, Record<string, unknown>> }>
      paths: Record<string, Record<string, { parameters: Record<string, unknown>[] }>>
    }
    expect(doc).toMatchObject({ swagger: '2.0', host: '127.0.0.1:8080', basePath: '/p/abc/rest/v1' })
    expect(doc.definitions.items?.required).toEqual(['name'])
    expect(doc.definitions.items?.properties.id).toEqual({
      description: 'Note:\nThis is a Primary Key.<pk/>',
      default: "nextval('items_id_seq'::regclass)",
      format: 'integer',
      type: 'integer',
    })
    expect(doc.definitions.items?.properties.name).toEqual({
      description: 'What it is called',
      format: 'text',
      type: 'string',
    })
    expect(doc.definitions.items?.properties.tags).toEqual({
      format: 'text[]',
      type: 'array',
      items: { type: 'string' },
    })
    expect(doc.definitions.items?.properties.meta).toEqual({ format: 'jsonb' })
    expect(doc.definitions.items?.properties.author_id?.description).toBe(
      "Note:\nThis is a Foreign Key to `authors.id`.<fk table='authors' column='id'/>",
    )
    expect(Object.keys(doc.paths)).toEqual([
      '/',
      '/authors',
      '/comments',
      '/item_labels',
      '/items',
      '/labels',
      '/rpc/add',
    ])
    expect(doc.paths['/rpc/add']?.post?.parameters[0]).toEqual({
      in: 'body',
      name: 'args',
      required: true,
      schema: {
        type: 'object',
        required: ['a'],
        properties: { a: { format: 'integer', type: 'integer' }, b: { format: 'integer', type: 'integer' } },
      },
    })
    expect(Object.keys(doc.paths['/items'] ?? {})).toEqual(['get', 'post', 'patch', 'delete'])
  })
})
