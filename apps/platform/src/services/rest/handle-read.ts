import { inProjectTransaction, type Tx } from './executor'
import { effectiveRange, parseRangeHeader } from './headers'
import { Aliases, planRead, type ReadPlan, shapeOfRelation } from './plan'
import { parseQueryParams } from './query-params'
import { findRelation, header, type RequestContext } from './request'
import { type RestResponse, type ResultRow, rowsResponse } from './respond'
import { ident, Params, qualified } from './sql-common'
import { rowsSql, wrapBody } from './sql-read'

/** `estimated` counts exactly up to this many rows (by the planner's estimate), then trusts the planner. */
export const ESTIMATED_COUNT_EXACT_LIMIT = 1_000

/** GET and HEAD on a table or view. */
export async function readTable(ctx: RequestContext, name: string): Promise<RestResponse> {
  const params = parseQueryParams(ctx.req.search)
  const range = parseRangeHeader(header(ctx.req, 'range'))
  const singleBatch = ctx.prefs.count !== 'planned' && ctx.prefs.count !== 'estimated'
  return inProjectTransaction(ctx.db, ctx.auth, ctx.meta, { readOnly: true, singleBatch }, async (client, initial) => {
    const found = findRelation(ctx, client, initial, name)
    const { schema, relation } = found instanceof Promise ? await found : found
    const plan = planRead(schema, shapeOfRelation(relation), params.select, params, new Aliases())
    // passed inline: a named arrow would be given its name per request (tsx keeps names)
    const value = await runRead(
      ctx,
      client,
      plan,
      () => `${qualified(relation.schema, relation.name)} AS ${ident(plan.alias)}`,
      range,
    )
    return { value, commit: true }
  })
}

/** The FROM item of a read, rendered into each statement's own parameters (a function call binds its arguments). */
export type SourceSql = (params: Params) => string

/** Runs a planned read from `source` and answers it with paging, counting and the negotiated media type. */
export async function runRead(
  ctx: RequestContext,
  client: Tx,
  plan: ReadPlan,
  source: SourceSql,
  range: ReturnType<typeof parseRangeHeader>,
): Promise<RestResponse> {
  const { limit, offset } = effectiveRange(plan.limit, plan.offset, range)
  const params = new Params()
  const rows = rowsSql(plan, source(params), params, { limit, offset })
  const exact = ctx.prefs.count === 'exact'
  const sql = wrapBody(rows, {
    exactCount: exact,
    includeBody: ctx.req.method !== 'HEAD',
    stripNulls: ctx.accepted.stripNulls,
  })
  const estimating = ctx.prefs.count === 'planned' || ctx.prefs.count === 'estimated'
  const result = await client.query<ResultRow>(sql, params.values)
  const row = result.rows[0] as ResultRow
  let total = exact && row.total !== null ? Number(row.total) : null
  if (estimating) {
    total = await estimateCount(client, plan, source, ctx.prefs.count as 'planned' | 'estimated')
  }
  return rowsResponse({
    offset,
    page: Number(row.page),
    total,
    body: row.body,
    accepted: ctx.accepted,
    prefs: ctx.prefs,
  })
}

async function estimateCount(
  client: Tx,
  plan: ReadPlan,
  source: SourceSql,
  mode: 'planned' | 'estimated',
): Promise<number> {
  const params = new Params()
  const unpaged = rowsSql(plan, source(params), params, { limit: null, offset: null }).rows
  const explained = await client.query(`EXPLAIN (FORMAT JSON) ${unpaged}`, params.values)
  const planJson = explained.rows[0]?.['QUERY PLAN'] as [{ Plan: { 'Plan Rows': number } }] | undefined
  const planned = Number(planJson?.[0]?.Plan?.['Plan Rows'] ?? 0)
  if (mode === 'planned' || planned > ESTIMATED_COUNT_EXACT_LIMIT) return planned
  const exact = await client.query<{ count: string }>(
    `SELECT pg_catalog.count(*) AS count FROM (${unpaged}) AS pgrst_c`,
    params.values,
  )
  return Number(exact.rows[0]?.count ?? 0)
}
