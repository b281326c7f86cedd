import type { CellValue, RowCursor, RowFilter, RowKey, RowSort } from '@pgfleet/contracts'
import { quoteIdent } from '@pgfleet/contracts'
import { badRequest } from '../../errors'
import { columnOf, qualifiedName, type TableShape } from './table-shape'

/**
 * The table editor's statements. Identifiers come only from the table's catalog entry and are quoted; every
 * value is a bind parameter, typed by Postgres from the column it meets (so '42' becomes an int where the
 * column is an int, and a bad value is Postgres's own error).
 */
export interface Statement {
  text: string
  values: unknown[]
}

/** Collects bind parameters; `add` answers the placeholder. */
class Params {
  readonly values: unknown[] = []
  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/** Every column as Postgres text (exact for every type), in table order. */
export function selectList(shape: TableShape): string {
  return shape.columns.map((c) => `${quoteIdent(c.name)}::text`).join(', ')
}

/** Every column under its own name, booleans as the grid shows them ('true', not Postgres's 't'). */
function exportList(shape: TableShape): string {
  return shape.columns
    .map((c) => {
      const name = quoteIdent(c.name)
      return c.format === 'bool'
        ? `case when ${name} then 'true' when not ${name} then 'false' end as ${name}`
        : `${name}::text as ${name}`
    })
    .join(', ')
}

/** How rows are told apart for paging: the primary key, or the physical position without one. */
export function keyExpressions(shape: TableShape): { expressions: string[]; cast: string } {
  if (shape.primaryKey.length > 0) return { expressions: shape.primaryKey.map(quoteIdent), cast: '' }
  return { expressions: ['ctid'], cast: '::tid' }
}

const COMPARISONS = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const
const IS_KEYWORDS = {
  null: 'is null',
  'not null': 'is not null',
  true: 'is true',
  false: 'is false',
  unknown: 'is unknown',
} as const

export function filterCondition(shape: TableShape, filter: RowFilter, params: Params): string {
  const column = quoteIdent(columnOf(shape, filter.column).name)
  const { operator, value } = filter
  switch (operator) {
    case 'eq':
    case 'neq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return `${column} ${COMPARISONS[operator]} ${params.add(value)}`
    // pattern matching reads the value as text, so it also works on numbers, dates and the like
    case 'like':
      return `${column}::text like ${params.add(value)}::text`
    case 'ilike':
      return `${column}::text ilike ${params.add(value)}::text`
    case 'is':
      return `${column} ${IS_KEYWORDS[value as keyof typeof IS_KEYWORDS]}`
    case 'in':
      return `${column} = any(${params.add(value)})`
  }
}

function whereClause(conditions: string[]): string {
  return conditions.length > 0 ? ` where ${conditions.map((c) => `(${c})`).join(' and ')}` : ''
}

/**
 * The condition that starts a page right after the cursor row, for `order by sort, key...` in one direction.
 * Postgres sorts NULL last going up and first going down; a row comparison with a NULL is never true, so a
 * nullable sort column needs the NULL rows spelled out.
 */
function afterCursor(
  shape: TableShape,
  sort: RowSort | undefined,
  after: RowCursor,
  params: Params,
): { condition: string } {
  const { expressions, cast } = keyExpressions(shape)
  if (after.key.length !== expressions.length) throw badRequest('The page cursor does not match this table')
  const keyParams = after.key.map((value) => `${params.add(value)}${cast}`)
  const up = !sort || sort.direction === 'asc'
  const op = up ? '>' : '<'
  const keyAfter = `(${expressions.join(', ')}) ${op} (${keyParams.join(', ')})`
  if (!sort) return { condition: keyAfter }
  const column = columnOf(shape, sort.column)
  const sortColumn = quoteIdent(column.name)
  const value = after.sort ?? null
  if (value !== null) {
    const both = `(${[sortColumn, ...expressions].join(', ')}) ${op} (${[params.add(value), ...keyParams].join(', ')})`
    // going up, the NULL rows come after every value
    return { condition: up && !column.notNull ? `${both} or ${sortColumn} is null` : both }
  }
  // the cursor sits among the NULL rows
  return {
    condition: up
      ? `${sortColumn} is null and ${keyAfter}`
      : `(${sortColumn} is null and ${keyAfter}) or ${sortColumn} is not null`,
  }
}

/** The sort column then the key, all one way; qualified, as a bare name would mean the output column (text). */
function orderBy(shape: TableShape, sort: RowSort | undefined, alias = 'r'): string {
  const { expressions } = keyExpressions(shape)
  const direction = sort?.direction === 'desc' ? ' desc' : ''
  return [...(sort ? [quoteIdent(columnOf(shape, sort.column).name)] : []), ...expressions]
    .map((expression) => `${alias}.${expression}${direction}`)
    .join(', ')
}

export interface PageQuery {
  sort?: RowSort
  filters: RowFilter[]
  after?: RowCursor
  limit: number
}

/**
 * One page, plus one more row to tell whether a next page exists. Keyset paging: the page after a cursor is
 * an index range scan however deep it is, where OFFSET would read and drop every row before it. A table without
 * a primary key pages by ctid (a TID range scan); its rows then carry their ctid as one last value.
 * The page is chosen on the stored rows and only its rows are turned into text: sorting on a column without an
 * index reads the whole table, and casting every row of it would cost more than the sort.
 */
export function pageStatement(shape: TableShape, query: PageQuery): Statement {
  const params = new Params()
  const conditions = query.filters.map((filter) => filterCondition(shape, filter, params))
  if (query.after) conditions.push(afterCursor(shape, query.sort, query.after, params).condition)
  const noKey = shape.primaryKey.length === 0
  const page = `select r.*${noKey ? ', r.ctid' : ''} from ${qualifiedName(shape)} as r${whereClause(conditions)} order by ${orderBy(shape, query.sort)} limit ${params.add(query.limit + 1)}`
  const text = `select ${selectList(shape)}${noKey ? ', p.ctid::text' : ''} from (${page}) as p order by ${orderBy(shape, query.sort, 'p')}`
  return { text, values: params.values }
}

/** Every row of a sort and filter, in the grid's order, for a CSV export (streamed through a cursor). */
export function exportStatement(shape: TableShape, query: Pick<PageQuery, 'sort' | 'filters'>): Statement {
  const params = new Params()
  const conditions = query.filters.map((filter) => filterCondition(shape, filter, params))
  const text = `select ${exportList(shape)} from ${qualifiedName(shape)} as r${whereClause(conditions)} order by ${orderBy(shape, query.sort)}`
  return { text, values: params.values }
}

/** Filtered rows, for the planner's estimate (EXPLAIN) or an exact count. */
export function countStatement(shape: TableShape, filters: RowFilter[], exact: boolean): Statement {
  const params = new Params()
  const conditions = filters.map((filter) => filterCondition(shape, filter, params))
  const from = `from ${qualifiedName(shape)}${whereClause(conditions)}`
  const text = exact ? `select count(*) as count ${from}` : `explain (format json) select 1 ${from}`
  return { text, values: params.values }
}

/** The primary key's condition; the key must name exactly the key's columns. */
function keyCondition(shape: TableShape, key: RowKey, params: Params): string {
  const names = Object.keys(key)
  const matches = names.length === shape.primaryKey.length && shape.primaryKey.every((name) => Object.hasOwn(key, name))
  if (!matches) throw badRequest(`A row is identified by its primary key: ${shape.primaryKey.join(', ')}`)
  return shape.primaryKey.map((name) => `${quoteIdent(name)} = ${params.add(key[name])}`).join(' and ')
}

function writableColumns(shape: TableShape, values: Record<string, CellValue>): string[] {
  return Object.keys(values).map((name) => {
    const column = columnOf(shape, name)
    if (column.generated) throw badRequest(`Column "${name}" is generated: its value cannot be written`)
    return column.name
  })
}

export function updateStatement(shape: TableShape, key: RowKey, values: Record<string, CellValue>): Statement {
  const params = new Params()
  const assignments = writableColumns(shape, values).map((name) => `${quoteIdent(name)} = ${params.add(values[name])}`)
  const condition = keyCondition(shape, key, params)
  return {
    text: `update ${qualifiedName(shape)} set ${assignments.join(', ')} where ${condition} returning ${selectList(shape)}`,
    values: params.values,
  }
}

export function insertStatement(shape: TableShape, values: Record<string, CellValue>): Statement {
  const params = new Params()
  const names = writableColumns(shape, values)
  const rows =
    names.length === 0
      ? 'default values'
      : `(${names.map(quoteIdent).join(', ')}) values (${names.map((name) => params.add(values[name])).join(', ')})`
  return { text: `insert into ${qualifiedName(shape)} ${rows} returning ${selectList(shape)}`, values: params.values }
}

export function deleteStatement(shape: TableShape, keys: RowKey[]): Statement {
  const params = new Params()
  const [single] = shape.primaryKey
  if (shape.primaryKey.length === 1 && single !== undefined) {
    // one array parameter, whatever the number of rows
    const values = keys.map((key) => {
      keyCondition(shape, key, new Params())
      return key[single]
    })
    return {
      text: `delete from ${qualifiedName(shape)} where ${quoteIdent(single)} = any(${params.add(values)})`,
      values: params.values,
    }
  }
  const conditions = keys.map((key) => `(${keyCondition(shape, key, params)})`)
  return { text: `delete from ${qualifiedName(shape)} where ${conditions.join(' or ')}`, values: params.values }
}
