import { quoteIdent } from '@pgfleet/contracts'
import type pg from 'pg'
import { badRequest, notFound } from '../../errors'

export interface ShapeColumn {
  name: string
  /** the type's name (a domain's base type), as the metadata lists give it */
  format: string
  notNull: boolean
  /** GENERATED ALWAYS AS (...) STORED: never written */
  generated: boolean
}

/** What building a table's statements needs to know of it, read from the catalog on each request. */
export interface TableShape {
  id: number
  schema: string
  name: string
  /** r: table, p: partitioned table, v: view, m: materialized view, f: foreign table */
  kind: string
  columns: ShapeColumn[]
  /** primary key columns in key order; empty without one */
  primaryKey: string[]
}

// Only the tenant's own schemas: the catalogs and the platform's schema are never browsed or written here.
const TABLE_SHAPE_SQL = `
select n.nspname as schema, c.relname as name, c.relkind as kind,
  coalesce((
    select json_agg(json_build_object(
      'name', a.attname,
      'format', case when t.typtype = 'd' then bt.typname else t.typname end,
      'notNull', a.attnotnull,
      'generated', a.attgenerated <> ''
    ) order by a.attnum)
    from pg_catalog.pg_attribute a
    join pg_catalog.pg_type t on t.oid = a.atttypid
    left join pg_catalog.pg_type bt on bt.oid = t.typbasetype
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  ), '[]') as columns,
  coalesce((
    select json_agg(a.attname order by k.position)
    from pg_catalog.pg_index i
    cross join lateral unnest(i.indkey) with ordinality as k(attnum, position)
    join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
    where i.indrelid = c.oid and i.indisprimary
  ), '[]') as primary_key
from pg_catalog.pg_class c
join pg_catalog.pg_namespace n on n.oid = c.relnamespace
where c.oid = $1::int8::oid
  and c.relkind in ('r', 'p', 'v', 'm', 'f')
  and n.nspname not in ('pg_catalog', 'information_schema', '_pgfleet')
  and n.nspname not like 'pg\\_%'`

export async function readTableShape(client: pg.ClientBase, id: number): Promise<TableShape> {
  const result = await client.query<{
    schema: string
    name: string
    kind: string
    columns: ShapeColumn[]
    primary_key: string[]
  }>({ text: TABLE_SHAPE_SQL, values: [id] })
  const row = result.rows[0]
  if (!row) throw notFound(`Table with id ${id} not found`)
  return {
    id,
    schema: row.schema,
    name: row.name,
    kind: row.kind,
    columns: row.columns,
    primaryKey: row.primary_key,
  }
}

export const qualifiedName = (shape: TableShape): string => `${quoteIdent(shape.schema)}.${quoteIdent(shape.name)}`

/** The column by that name; a name the table does not have is refused before any SQL is built. */
export function columnOf(shape: TableShape, name: string): ShapeColumn {
  const column = shape.columns.find((c) => c.name === name)
  if (!column) throw badRequest(`Column "${name}" does not exist in table ${shape.schema}.${shape.name}`)
  return column
}
