import { bodyColumnNotFound, invalidBody, parseError, RestError } from './errors'
import { inProjectTransaction } from './executor'
import { Aliases, checkColumn, planRead, shapeOfRelation } from './plan'
import { parseQueryParams, type QueryParams } from './query-params'
import { findRelation, parseJsonBody, type RequestContext } from './request'
import {
  appliedPreferences,
  assertMaxAffected,
  CONTENT_TYPES,
  maxAffectedApplied,
  type RestResponse,
  type ResultRow,
  shapeBody,
} from './respond'
import type { Relation } from './schema-cache'
import { ident, Params } from './sql-common'
import { rowsSql, wrapBody } from './sql-read'
import {
  type Conflict,
  countOnlySql,
  deleteCte,
  type InsertGroup,
  insertCtes,
  SOURCE_CTE,
  updateCte,
} from './sql-write'

/** POST (insert, upsert), PATCH (update) and DELETE on a table or view. */
type Row = Record<string, unknown>

function bodyRows(body: unknown): Row[] {
  const rows = Array.isArray(body) ? body : [body]
  for (const row of rows) {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) {
      throw invalidBody('The body must be a JSON object or an array of objects')
    }
  }
  return rows as Row[]
}

/** Without missing=default every row sets every column (absent keys become NULL); with it, rows are grouped by
 * the keys they have so each INSERT lists only those and Postgres fills in the defaults. */
function insertGroups(
  rows: Row[],
  columns: string[],
  missingDefault: boolean,
  rawBody: string,
  isArray: boolean,
): InsertGroup[] {
  if (!missingDefault) return [{ columns, rowsJson: isArray ? rawBody : `[${rawBody}]` }]
  const groups = new Map<string, { columns: string[]; rows: Row[] }>()
  for (const row of rows) {
    const present = columns.filter((c) => Object.hasOwn(row, c))
    const key = JSON.stringify(present)
    const group = groups.get(key) ?? { columns: present, rows: [] }
    group.rows.push(row)
    groups.set(key, group)
  }
  return [...groups.values()].map((g) => ({ columns: g.columns, rowsJson: JSON.stringify(g.rows) }))
}

function insertColumns(relation: Relation, rows: Row[], params: QueryParams): string[] {
  const columns = params.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))]
  for (const column of columns) {
    if (!relation.columnsByName.has(column)) throw bodyColumnNotFound(relation.name, column)
  }
  return columns
}

function conflictOf(ctx: RequestContext, relation: Relation, params: QueryParams): Conflict | null {
  const resolution = ctx.prefs.resolution
  if (!resolution) return null
  const columns = params.onConflict ?? relation.primaryKey
  if (columns.length === 0) {
    throw parseError(`Upserting into '${relation.name}' needs on_conflict: it has no primary key`)
  }
  for (const column of columns) checkColumn(shapeOfRelation(relation), column)
  return { columns, resolution }
}

const unfilteredRefused = (verb: 'UPDATE' | 'DELETE') =>
  new RestError(
    400,
    '21000',
    `${verb} requires a WHERE clause`,
    null,
    'Add a filter (e.g. ?id=eq.1); this platform refuses updates and deletes of a whole table',
  )

export async function writeTable(ctx: RequestContext, name: string): Promise<RestResponse> {
  const method = ctx.req.method
  const params = parseQueryParams(ctx.req.search)
  const body = method === 'DELETE' ? undefined : parseJsonBody(ctx.req)
  if (method !== 'DELETE' && body === undefined) throw invalidBody('Empty or invalid json')
  if (method === 'PATCH' && (typeof body !== 'object' || body === null || Array.isArray(body))) {
    throw invalidBody('The body of an update must be a JSON object')
  }
  const rows = method === 'POST' ? bodyRows(body) : []
  const representation = ctx.prefs.return === 'representation'

  const options = { readOnly: ctx.readOnlyMode, singleBatch: true }
  return inProjectTransaction(ctx.db, ctx.auth, ctx.meta, options, async (client, initial) => {
    const found = findRelation(ctx, client, initial, name)
    const { schema, relation } = found instanceof Promise ? await found : found
    const shape = shapeOfRelation(relation)
    const plan = planRead(schema, shape, params.select, params, new Aliases())
    // root filters choose the rows to write; the representation shows exactly those rows
    const writeFilters = plan.filters
    plan.filters = []

    const sqlParams = new Params()
    let ctes: string | null = null
    if (method === 'POST') {
      const columns = insertColumns(relation, rows, params)
      const conflict = conflictOf(ctx, relation, params)
      const groups =
        rows.length === 0
          ? []
          : insertGroups(rows, columns, ctx.prefs.missing === 'default', ctx.req.body ?? '', Array.isArray(body))
      if (groups.length > 0) ctes = insertCtes(relation, groups, conflict, representation, sqlParams)
    } else {
      if (writeFilters.length === 0 && !ctx.deps.allowUnfilteredWrites) {
        throw unfilteredRefused(method === 'PATCH' ? 'UPDATE' : 'DELETE')
      }
      if (method === 'PATCH') {
        const columns = Object.keys(body as Row)
        for (const column of columns)
          if (!relation.columnsByName.has(column)) throw bodyColumnNotFound(relation.name, column)
        if (columns.length > 0) {
          ctes = updateCte(shape, relation, columns, ctx.req.body ?? '{}', writeFilters, representation, sqlParams)
        }
      } else {
        ctes = deleteCte(shape, relation, writeFilters, representation, sqlParams)
      }
    }

    let row: ResultRow = { total: null, page: '0', body: '[]' }
    if (ctes !== null) {
      const sql = representation
        ? `WITH ${ctes} ${wrapBody(rowsSql(plan, `${SOURCE_CTE} AS ${ident(plan.alias)}`, sqlParams, { limit: null, offset: null }), { exactCount: false, includeBody: true, stripNulls: ctx.accepted.stripNulls })}`
        : countOnlySql(ctes)
      row = (await client.query<ResultRow>(sql, sqlParams.values)).rows[0] as ResultRow
    }
    const page = Number(row.page)
    const responseBody = representation ? shapeBody(row.body, page, ctx.accepted) : null
    if (!representation && ctx.accepted.media === 'object' && page !== 1) shapeBody(null, page, ctx.accepted)
    assertMaxAffected(ctx.prefs, page)
    const extra = [
      ...(ctx.prefs.return ? [`return=${ctx.prefs.return}`] : []),
      ...(method === 'POST' && ctx.prefs.resolution ? [`resolution=${ctx.prefs.resolution}`] : []),
      ...(method === 'POST' && ctx.prefs.missing ? [`missing=${ctx.prefs.missing}`] : []),
      ...maxAffectedApplied(ctx.prefs),
    ]
    const headers: Record<string, string> = {
      'content-range': ctx.prefs.count ? `*/${page}` : method === 'POST' || page === 0 ? '*/*' : `0-${page - 1}/*`,
      ...appliedPreferences(ctx.prefs, extra),
    }
    if (responseBody !== null)
      headers['content-type'] =
        CONTENT_TYPES[ctx.accepted.media === 'csv' ? 'csv' : ctx.accepted.media === 'object' ? 'object' : 'json']
    const status = method === 'POST' ? 201 : responseBody !== null ? 200 : 204
    return { value: { status, headers, body: responseBody }, commit: ctx.prefs.tx !== 'rollback' }
  })
}
