import { parseError } from './errors'
import type { EmbedPlan, PlanOrder, ReadPlan } from './plan'
import { isToOne, type Relationship } from './relationships'
import { fieldSql, ident, type Params, qualified } from './sql-common'
import { filtersSql } from './sql-filters'

/**
 * Renders a read plan to SQL. Embedded resources become LATERAL subqueries that Postgres turns into JSON
 * (`json_agg` for to-many, `row_to_json` for to-one), so the whole response body is built by the database.
 */
const EMBED_COLUMN = 'pgrst_j'

export interface RowsSql {
  /** SELECT ... FROM ... WHERE ... ORDER BY ... LIMIT ... OFFSET ... */
  rows: string
  /** SELECT count(*) over the same FROM and WHERE, without paging */
  count: string
}

export interface PagingSql {
  limit: number | null
  offset: number | null
}

/** Output keys of a plan's rows, needed to lift a spread embedding's columns into its parent. */
export function outputNames(plan: ReadPlan): string[] {
  const names: string[] = []
  for (const item of plan.items) {
    if (item.kind === 'star') {
      if (!plan.shape.columns) throw parseError(`Cannot spread '*' of ${plan.shape.name}: its columns are unknown`)
      names.push(...plan.shape.columns.keys())
    } else if (item.kind === 'column') names.push(item.output)
    else if (item.embed.spread) names.push(...outputNames(item.embed.plan))
    else names.push(item.embed.output)
  }
  return names
}

function selectListSql(plan: ReadPlan, params: Params): string {
  const parts: string[] = []
  for (const item of plan.items) {
    if (item.kind === 'star') parts.push(`${ident(plan.alias)}.*`)
    else if (item.kind === 'column') {
      const value = fieldSql(plan.alias, item.field, params)
      parts.push(`${item.cast ? `CAST(${value} AS ${item.cast})` : value} AS ${ident(item.output)}`)
    } else {
      const { embed } = item
      const lateral = ident(embed.lateral)
      if (embed.spread) {
        for (const name of outputNames(embed.plan)) parts.push(`${lateral}.${ident(name)} AS ${ident(name)}`)
      } else if (isToOne(embed.relationship)) {
        parts.push(`${lateral}.${EMBED_COLUMN} AS ${ident(embed.output)}`)
      } else {
        parts.push(`COALESCE(${lateral}.${EMBED_COLUMN}, '[]'::json) AS ${ident(embed.output)}`)
      }
    }
  }
  return parts.join(', ')
}

/** `child.col = parent.col` for a direct relationship; the junction's columns for many-to-many. */
function joinConditions(rel: Relationship, childAlias: string, parentAlias: string, junctionAlias: string): string[] {
  if (rel.junction) {
    return rel.junction.sourcePairs.map(
      ([j, s]) => `${ident(junctionAlias)}.${ident(j)} = ${ident(parentAlias)}.${ident(s)}`,
    )
  }
  return rel.pairs.map(([s, t]) => `${ident(childAlias)}.${ident(t)} = ${ident(parentAlias)}.${ident(s)}`)
}

function junctionJoin(rel: Relationship, childAlias: string, junctionAlias: string): string {
  if (!rel.junction) return ''
  const on = rel.junction.targetPairs
    .map(([j, t]) => `${ident(junctionAlias)}.${ident(j)} = ${ident(childAlias)}.${ident(t)}`)
    .join(' AND ')
  return ` JOIN ${qualified(rel.junction.relation.schema, rel.junction.relation.name)} AS ${ident(junctionAlias)} ON ${on}`
}

interface Lateral {
  sql: string
  /** the lateral restricts the parent's rows (inner join or a null filter), so counting needs it too */
  filtering: boolean
}

function embedLateral(parent: ReadPlan, embed: EmbedPlan, params: Params): Lateral {
  const rel = embed.relationship
  const child = embed.plan
  const source = `${qualified(rel.target.schema, rel.target.name)} AS ${ident(child.alias)}${junctionJoin(rel, child.alias, embed.junctionAlias)}`
  const join = joinConditions(rel, child.alias, parent.alias, embed.junctionAlias)
  const { rows } = rowsSql(child, source, params, { limit: child.limit, offset: child.offset }, join)
  const alias = ident(embed.lateral)
  const nullFilter = parent.embedNullFilters.some((f) => f.embed === embed)
  if (embed.spread) {
    if (nullFilter) throw parseError(`Null filters on the spread embedding '${embed.output}' are not supported`)
    return {
      sql: `${embed.inner ? 'JOIN' : 'LEFT JOIN'} LATERAL (${rows}) AS ${alias} ON TRUE`,
      filtering: embed.inner,
    }
  }
  const inner = ident(`${embed.lateral}_r`)
  if (isToOne(rel)) {
    const sql = `${embed.inner ? 'JOIN' : 'LEFT JOIN'} LATERAL (SELECT pg_catalog.row_to_json(${inner}) AS ${EMBED_COLUMN} FROM (${rows}) AS ${inner}) AS ${alias} ON TRUE`
    return { sql, filtering: embed.inner || nullFilter }
  }
  const sql = `LEFT JOIN LATERAL (SELECT pg_catalog.json_agg(${inner}) AS ${EMBED_COLUMN} FROM (${rows}) AS ${inner}) AS ${alias} ON TRUE`
  return { sql, filtering: embed.inner || nullFilter }
}

function orderSql(plan: ReadPlan, order: PlanOrder, params: Params): string {
  const { term, embed } = order
  let value: string
  if (embed) {
    const rel = embed.relationship
    const alias = `${embed.lateral}_o`
    const join = joinConditions(rel, alias, plan.alias, embed.junctionAlias).join(' AND ')
    value = `(SELECT ${fieldSql(alias, term.field, params)} FROM ${qualified(rel.target.schema, rel.target.name)} AS ${ident(alias)} WHERE ${join} LIMIT 1)`
  } else {
    value = fieldSql(plan.alias, term.field, params)
  }
  const direction = term.direction === 'desc' ? ' DESC' : term.direction === 'asc' ? ' ASC' : ''
  const nulls = term.nulls === 'first' ? ' NULLS FIRST' : term.nulls === 'last' ? ' NULLS LAST' : ''
  return `${value}${direction}${nulls}`
}

/**
 * The rows of a plan read from `source` (a table, a CTE or a function call, already aliased), with `extraWhere`
 * (join conditions of an embedding) ANDed to the plan's filters.
 */
export function rowsSql(
  plan: ReadPlan,
  source: string,
  params: Params,
  paging: PagingSql,
  extraWhere: string[] = [],
): RowsSql {
  const laterals = plan.embeds.map((embed) => embedLateral(plan, embed, params))
  const selectList = selectListSql(plan, params)
  const where = [...extraWhere, ...filtersSql(plan.shape, plan.alias, plan.filters, params)]
  for (const { embed, isNull } of plan.embedNullFilters) {
    where.push(`${ident(embed.lateral)}.${EMBED_COLUMN} IS ${isNull ? '' : 'NOT '}NULL`)
  }
  for (const embed of plan.embeds) {
    if (embed.inner && !embed.spread && !isToOne(embed.relationship)) {
      where.push(`${ident(embed.lateral)}.${EMBED_COLUMN} IS NOT NULL`)
    }
  }
  const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''
  const orderBy =
    plan.order.length > 0 ? ` ORDER BY ${plan.order.map((o) => orderSql(plan, o, params)).join(', ')}` : ''
  let page = ''
  if (paging.limit !== null) page += ` LIMIT ${params.add(paging.limit)}`
  if (paging.offset) page += ` OFFSET ${params.add(paging.offset)}`
  const allLaterals = laterals.map((l) => ` ${l.sql}`).join('')
  const filteringLaterals = laterals
    .filter((l) => l.filtering)
    .map((l) => ` ${l.sql}`)
    .join('')
  return {
    rows: `SELECT ${selectList} FROM ${source}${allLaterals}${whereSql}${orderBy}${page}`,
    count: `SELECT pg_catalog.count(*) FROM ${source}${filteringLaterals}${whereSql}`,
  }
}

export interface BodyOptions {
  /** include `(SELECT count(*) ...)` as total */
  exactCount: boolean
  includeBody: boolean
  stripNulls: boolean
}

/** One row: total (nullable), page (rows in this response) and body (the JSON array as text). */
export function wrapBody(rows: RowsSql, options: BodyOptions): string {
  const total = options.exactCount ? `(${rows.count})` : 'NULL::bigint'
  const agg = options.stripNulls
    ? 'pg_catalog.json_strip_nulls(pg_catalog.json_agg(pgrst_r))'
    : 'pg_catalog.json_agg(pgrst_r)'
  const body = options.includeBody ? `COALESCE(${agg}, '[]'::json)::text` : 'NULL::text'
  return `SELECT ${total} AS total, pg_catalog.count(*) AS page, ${body} AS body FROM (${rows.rows}) AS pgrst_r`
}
