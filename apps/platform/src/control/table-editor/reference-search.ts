import type { ReferenceSearchResponse } from '@pgfleet/contracts'
import { quoteIdent } from '@pgfleet/contracts'
import type pg from 'pg'
import type { AppContext } from '../../context'
import { badRequest } from '../../errors'
import { type Caller, withTable } from './service'
import { columnOf, type TableShape } from './table-shape'

export interface ReferenceQuery {
  column: string
  search: string
  after?: string
  limit: number
}

interface Reference {
  schema: string
  table: string
  column: string
  label_column: string | null
}

// The column's single-column foreign key, and the first text column of the referenced table (other than the
// referenced one) to show beside each value. The platform's and the catalogs' schemas are never browsed.
const REFERENCE_SQL = `
select n.nspname as schema, t.relname as "table", ta.attname as column,
  (select la.attname from pg_catalog.pg_attribute la
    where la.attrelid = t.oid and la.attnum > 0 and not la.attisdropped and la.attnum <> ta.attnum
      and la.atttypid in ('text'::regtype, 'varchar'::regtype, 'bpchar'::regtype, 'name'::regtype)
    order by la.attnum limit 1) as label_column
from pg_catalog.pg_constraint c
join pg_catalog.pg_attribute sa on sa.attrelid = c.conrelid and sa.attnum = c.conkey[1]
join pg_catalog.pg_class t on t.oid = c.confrelid
join pg_catalog.pg_namespace n on n.oid = t.relnamespace
join pg_catalog.pg_attribute ta on ta.attrelid = c.confrelid and ta.attnum = c.confkey[1]
where c.conrelid = $1::int8::oid and c.contype = 'f' and cardinality(c.conkey) = 1 and sa.attname = $2
  and n.nspname not in ('information_schema', '_pgfleet') and n.nspname not like 'pg\\_%'
order by c.conname
limit 1`

/** `%text%` for ILIKE, with the pattern characters in the search taken literally. */
export const containsPattern = (search: string) => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`

/** One page of the referenced rows, in the referenced column's order, after a value when paging on. */
export function referencePageStatement(
  reference: Reference,
  query: ReferenceQuery,
): { text: string; values: unknown[] } {
  const values: unknown[] = []
  const add = (value: unknown) => {
    values.push(value)
    return `$${values.length}`
  }
  const key = quoteIdent(reference.column)
  const label = reference.label_column === null ? null : quoteIdent(reference.label_column)
  const conditions = [`${key} is not null`]
  if (query.search) {
    const pattern = add(containsPattern(query.search))
    conditions.push(
      label ? `(${key}::text ilike ${pattern} or ${label}::text ilike ${pattern})` : `${key}::text ilike ${pattern}`,
    )
  }
  if (query.after !== undefined) conditions.push(`${key} > ${add(query.after)}`)
  const text = `select ${key}::text as value, ${label ? `${label}::text` : 'null::text'} as label from ${quoteIdent(reference.schema)}.${quoteIdent(reference.table)} where ${conditions.join(' and ')} order by ${key} limit ${add(query.limit + 1)}`
  return { text, values }
}

async function referenceOf(client: pg.ClientBase, shape: TableShape, column: string): Promise<Reference> {
  columnOf(shape, column)
  const found = await client.query<Reference>({ text: REFERENCE_SQL, values: [shape.id, column] })
  const reference = found.rows[0]
  if (!reference) throw badRequest(`Column "${column}" has no single-column foreign key to pick from`)
  return reference
}

export async function searchReferences(
  ctx: AppContext,
  caller: Caller,
  query: ReferenceQuery,
): Promise<ReferenceSearchResponse> {
  return withTable(ctx, caller, 'read', async (client, shape) => {
    const reference = await referenceOf(client, shape, query.column)
    const result = await client.query<{ value: string; label: string | null }>(referencePageStatement(reference, query))
    const more = result.rows.length > query.limit
    const rows = more ? result.rows.slice(0, query.limit) : result.rows
    return {
      schema: reference.schema,
      table: reference.table,
      column: reference.column,
      labelColumn: reference.label_column,
      rows,
      next: more ? (rows[rows.length - 1]?.value ?? null) : null,
    }
  })
}
