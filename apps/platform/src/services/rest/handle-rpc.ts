import { invalidBody, RestError } from './errors'
import { inProjectTransaction } from './executor'
import { runRead } from './handle-read'
import { effectiveRange, parseRangeHeader } from './headers'
import { Aliases, type ColumnInfo, planRead, type Shape, shapeOfRelation } from './plan'
import { parseQueryParams } from './query-params'
import { header, parseJsonBody, type RequestContext } from './request'
import {
  appliedPreferences,
  assertMaxAffected,
  CONTENT_TYPES,
  maxAffectedApplied,
  type RestResponse,
  type ResultRow,
  rowsResponse,
} from './respond'
import type { RestFunction, SchemaCache } from './schema-cache'
import { ident, Params } from './sql-common'
import { argumentNames, callSql, resolveFunction } from './sql-rpc'

/**
 * /rpc/{fn}: POST with named arguments in a JSON object, or GET (read-only transaction) with arguments in the
 * query string. Functions returning rows are read like tables (select, filters, order, paging); scalars answer
 * their JSON value; void answers 204. `Prefer: tx=rollback` rolls the call's writes back; with `handling=strict`,
 * `max-affected=N` fails a call that answers more than N rows (a single value counts one, void none), rolling back.
 */
export async function callFunction(ctx: RequestContext, fnName: string): Promise<RestResponse> {
  const method = ctx.req.method
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') {
    throw new RestError(405, 'PGRST101', 'For functions, only GET, HEAD and POST verbs are allowed')
  }
  const viaQuery = method !== 'POST'
  const body = viaQuery ? undefined : (parseJsonBody(ctx.req) ?? {})
  const bodyIsObject = typeof body === 'object' && body !== null && !Array.isArray(body)
  if (!viaQuery && !bodyIsObject) throw invalidBody('The body of a function call must be a JSON object')
  const range = parseRangeHeader(header(ctx.req, 'range'))

  const options = {
    readOnly: viaQuery ? true : ctx.readOnlyMode,
    singleBatch: ctx.prefs.count !== 'planned' && ctx.prefs.count !== 'estimated',
  }
  const commit = ctx.prefs.tx !== 'rollback'
  const applied = () => appliedPreferences(ctx.prefs, maxAffectedApplied(ctx.prefs))
  return inProjectTransaction(ctx.db, ctx.auth, ctx.meta, options, async (client, initial) => {
    let schema = initial
    if (schema.functionsNamed(ctx.schemaName, fnName).length === 0 && ctx.db.mayBeStale) {
      ctx.db.invalidate()
      schema = await ctx.db.schemaFor(client, null)
    }
    const params = parseQueryParams(
      ctx.req.search,
      viaQuery ? argumentNames(schema, ctx.schemaName, fnName) : new Set(),
    )
    const args: Record<string, unknown> = viaQuery ? Object.fromEntries(params.rest) : (body as Record<string, unknown>)
    const fn = resolveFunction(schema, ctx.schemaName, fnName, Object.keys(args), !viaQuery)
    const wholeBody = viaQuery ? null : (ctx.req.body ?? '{}')
    if (fn.returns.kind === 'composite') {
      const plan = planRead(schema, resultShape(schema, fn), params.select, params, new Aliases())
      const source = (p: Params) => `${callSql(fn, args, wholeBody, viaQuery, p)} AS ${ident(plan.alias)}`
      const read = await runRead(ctx, client, plan, source, range)
      assertMaxAffected(ctx.prefs, read.rows ?? 0)
      const response = { ...read, headers: { ...read.headers, ...applied() } }
      if (fn.returnsSet || ctx.accepted.media !== 'json' || response.body === null) return { value: response, commit }
      // a single composite answers an object, as PostgREST does
      const single = response.body.slice(1, -1) || 'null'
      return { value: { ...response, status: 200, body: single }, commit }
    }

    const sqlParams = new Params()
    const call = callSql(fn, args, wholeBody, viaQuery, sqlParams)
    if (fn.returns.kind === 'void') {
      await client.query(`SELECT NULL FROM ${call} AS pgrst_call`, sqlParams.values)
      return { value: { status: 204, headers: applied(), body: null }, commit }
    }

    if (!fn.returnsSet) {
      const result = await client.query<{ body: string | null }>(
        `SELECT pg_catalog.to_json(pgrst_call.pgrst_v)::text AS body FROM ${call} AS pgrst_call(pgrst_v)`,
        sqlParams.values,
      )
      assertMaxAffected(ctx.prefs, 1)
      const value: RestResponse = {
        status: 200,
        headers: { 'content-type': CONTENT_TYPES.json, ...applied() },
        body: method === 'HEAD' ? null : (result.rows[0]?.body ?? 'null'),
      }
      return { value, commit }
    }

    // a set of scalars: a JSON array of values, with paging
    const { limit, offset } = effectiveRange(
      params.byPath.get('')?.limit ?? null,
      params.byPath.get('')?.offset ?? null,
      range,
    )
    let page = ''
    if (limit !== null) page += ` LIMIT ${sqlParams.add(limit)}`
    if (offset) page += ` OFFSET ${sqlParams.add(offset)}`
    const result = await client.query<ResultRow>(
      `SELECT NULL::bigint AS total, pg_catalog.count(*) AS page, COALESCE(pg_catalog.json_agg(pgrst_r.pgrst_v), '[]'::json)::text AS body FROM (SELECT pgrst_f.pgrst_v FROM ${call} AS pgrst_f(pgrst_v)${page}) AS pgrst_r`,
      sqlParams.values,
    )
    const row = result.rows[0] as ResultRow
    assertMaxAffected(ctx.prefs, Number(row.page))
    const read = rowsResponse({
      offset,
      page: Number(row.page),
      total: null,
      body: method === 'HEAD' ? null : row.body,
      accepted: ctx.accepted,
      prefs: ctx.prefs,
    })
    return { value: { ...read, headers: { ...read.headers, ...applied() } }, commit }
  })
}

function resultShape(schema: SchemaCache, fn: RestFunction): Shape {
  if (fn.returns.kind !== 'composite') throw new Error('not a composite function')
  const { relation: ref, columns } = fn.returns
  const relation = ref ? schema.relation(ref.schema, ref.name) : undefined
  if (relation) return { ...shapeOfRelation(relation), name: fn.name }
  const byName = new Map<string, ColumnInfo>(columns.map((c) => [c.name, { name: c.name, type: c.type }]))
  return { name: fn.name, relation: null, columns: byName }
}
