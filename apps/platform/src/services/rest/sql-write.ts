import type { FilterNode } from './filter-parser'
import type { Shape } from './plan'
import type { Relation } from './schema-cache'
import { ident, type Params, qualified } from './sql-common'
import { filtersSql } from './sql-filters'

/**
 * INSERT (and upsert), UPDATE and DELETE as a data-modifying CTE named pgrst_source, so the response can be
 * built by reading from it with the same read renderer (select, embeddings) as a GET. The request body travels
 * as one jsonb parameter; `jsonb_populate_record` converts each value to its column's type.
 */
export const SOURCE_CTE = 'pgrst_source'
const TARGET_ALIAS = 'pgrst_w'

export interface InsertGroup {
  /** the columns this group of rows sets; the others take their defaults */
  columns: string[]
  /** the rows, as a JSON array text */
  rowsJson: string
}

export interface Conflict {
  columns: string[]
  resolution: 'merge-duplicates' | 'ignore-duplicates'
}

/** `returning` decides between full rows (for a representation) and a bare count. */
export function insertCtes(
  relation: Relation,
  groups: InsertGroup[],
  conflict: Conflict | null,
  returningRows: boolean,
  params: Params,
): string {
  const table = qualified(relation.schema, relation.name)
  const returning = returningRows ? `${ident(TARGET_ALIAS)}.*` : '1'
  const ctes = groups.map((group, i) => {
    const columns = group.columns.map(ident)
    const values = group.columns.map((c) => `pgrst_v.${ident(c)}`)
    const target = columns.length > 0 ? ` (${columns.join(', ')})` : ''
    const body = params.add(group.rowsJson)
    let onConflict = ''
    if (conflict) {
      const conflictTarget = conflict.columns.map(ident).join(', ')
      const updates = group.columns.map((c) => `${ident(c)} = EXCLUDED.${ident(c)}`)
      onConflict =
        conflict.resolution === 'merge-duplicates' && updates.length > 0
          ? ` ON CONFLICT (${conflictTarget}) DO UPDATE SET ${updates.join(', ')}`
          : ` ON CONFLICT (${conflictTarget}) DO NOTHING`
    }
    return (
      `pgrst_ins_${i} AS (INSERT INTO ${table} AS ${ident(TARGET_ALIAS)}${target} ` +
      `SELECT ${values.join(', ')} FROM pg_catalog.jsonb_array_elements(${body}::jsonb) WITH ORDINALITY AS pgrst_e(elem, ord), ` +
      `LATERAL pg_catalog.jsonb_populate_record(NULL::${table}, pgrst_e.elem) AS pgrst_v ORDER BY pgrst_e.ord` +
      `${onConflict} RETURNING ${returning})`
    )
  })
  const union = groups.map((_, i) => `SELECT * FROM pgrst_ins_${i}`).join(' UNION ALL ')
  return `${ctes.join(', ')}, ${SOURCE_CTE} AS (${union})`
}

export function updateCte(
  shape: Shape,
  relation: Relation,
  columns: string[],
  bodyJson: string,
  filters: FilterNode[],
  returningRows: boolean,
  params: Params,
): string {
  const table = qualified(relation.schema, relation.name)
  const set = columns.map((c) => `${ident(c)} = pgrst_b.${ident(c)}`).join(', ')
  const body = params.add(bodyJson)
  const where = filtersSql(shape, TARGET_ALIAS, filters, params)
  const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''
  const returning = returningRows ? `${ident(TARGET_ALIAS)}.*` : '1'
  return (
    `${SOURCE_CTE} AS (UPDATE ${table} AS ${ident(TARGET_ALIAS)} SET ${set} ` +
    `FROM (SELECT * FROM pg_catalog.jsonb_populate_record(NULL::${table}, ${body}::jsonb)) AS pgrst_b` +
    `${whereSql} RETURNING ${returning})`
  )
}

export function deleteCte(
  shape: Shape,
  relation: Relation,
  filters: FilterNode[],
  returningRows: boolean,
  params: Params,
): string {
  const table = qualified(relation.schema, relation.name)
  const where = filtersSql(shape, TARGET_ALIAS, filters, params)
  const whereSql = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''
  const returning = returningRows ? `${ident(TARGET_ALIAS)}.*` : '1'
  return `${SOURCE_CTE} AS (DELETE FROM ${table} AS ${ident(TARGET_ALIAS)}${whereSql} RETURNING ${returning})`
}

/** The statement answering a write without a representation: only how many rows it touched. */
export const countOnlySql = (ctes: string) =>
  `WITH ${ctes} SELECT NULL::bigint AS total, pg_catalog.count(*) AS page, NULL::text AS body FROM ${SOURCE_CTE}`
