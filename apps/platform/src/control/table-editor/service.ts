import {
  type CellValue,
  type CountRowsResponse,
  type CsvFormulaMode,
  type DeleteRowsResponse,
  EXACT_COUNT_MAX_ROWS,
  NO_PRIMARY_KEY_MESSAGE,
  PermissionAction,
  PermissionResource,
  type ReadRowsResponse,
  type RowFilter,
  type RowKey,
  type RowResponse,
  TABLE_EDIT_DENIED_MESSAGE,
} from '@pgfleet/contracts'
import type pg from 'pg'
import type { AppContext } from '../../context'
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../errors'
import { roleCan } from '../organizations/permissions'
import { type ExportLink, exportLinks } from '../sql-editor/export-links'
import { isPostgresError, SqlQueryError } from '../sql-editor/query-errors'
import { checkQueryExport } from '../sql-editor/query-export'
import { accessFor, assertRunning, leaseWithRetry, sqlProjectFor } from '../sql-editor/service'
import {
  countStatement,
  deleteStatement,
  exportStatement,
  insertStatement,
  type PageQuery,
  pageStatement,
  type Statement,
  updateStatement,
} from './row-sql'
import { readTableShape, type TableShape } from './table-shape'

/** How long an exact count may take before the estimate is answered instead. */
const EXACT_COUNT_TIMEOUT_MS = 2_000

export interface Caller {
  userId: number
  ref: string
  tableId: number
}

/**
 * Runs `work` on one of the project's SQL connections. Everyone reads as the read-only role; writes need
 * sql:write and run as the tenant's owner, as the SQL editor's do.
 */
export async function withTable<T>(
  ctx: AppContext,
  caller: Caller,
  mode: 'read' | 'write',
  work: (client: pg.PoolClient, shape: TableShape) => Promise<T>,
): Promise<T> {
  const project = await sqlProjectFor(ctx, caller.userId, caller.ref)
  accessFor(project, true)
  if (mode === 'write' && !roleCan(project.role, PermissionAction.SQL_WRITE, PermissionResource.DATABASE)) {
    throw forbidden(TABLE_EDIT_DENIED_MESSAGE)
  }
  assertRunning(project.row)
  const { lease } = await leaseWithRetry(ctx, project.row, mode, { userId: caller.userId })
  let failed = true
  try {
    const shape = await readTableShape(lease.client, caller.tableId)
    const result = await work(lease.client, shape)
    failed = false
    return result
  } catch (error) {
    throw rowError(error)
  } finally {
    await lease.release(failed)
  }
}

/** Postgres refusing a value or a change is the user's to fix: a 4xx with Postgres's own words. */
export function rowError(error: unknown): unknown {
  if (error instanceof HttpError || !isPostgresError(error)) return error
  const code = error.code ?? ''
  const message = error.detail ? `${error.message}. ${error.detail}` : error.message
  if (code === '57014') return new HttpError(504, `The query was cancelled: ${error.message}`)
  if (code === '42501') return forbidden(message)
  if (code.startsWith('23') || code === '40001' || code === '40P01' || code === '55P03') return conflict(message)
  return badRequest(message)
}

function assertEditable(shape: TableShape): void {
  if (shape.kind !== 'r' && shape.kind !== 'p') throw badRequest('Only tables can be edited here, not views')
  if (shape.primaryKey.length === 0) throw badRequest(NO_PRIMARY_KEY_MESSAGE)
}

const BOOLEAN_TEXT: Record<string, string> = { t: 'true', f: 'false' }

/** Booleans as the grid shows them; every other type keeps Postgres's text. */
function rowValues(shape: TableShape, row: CellValue[]): CellValue[] {
  return shape.columns.map((column, i) => {
    const value = row[i] ?? null
    return column.format === 'bool' && value !== null ? (BOOLEAN_TEXT[value] ?? value) : value
  })
}

const columnsOf = (shape: TableShape) => shape.columns.map(({ name, format }) => ({ name, format }))

const queryArrays = (client: pg.ClientBase, statement: Statement) =>
  client.query<CellValue[]>({ text: statement.text, values: statement.values, rowMode: 'array' })

export async function readRows(ctx: AppContext, caller: Caller, query: PageQuery): Promise<ReadRowsResponse> {
  return withTable(ctx, caller, 'read', async (client, shape) => {
    const started = performance.now()
    const result = await queryArrays(client, pageStatement(shape, query))
    const durationMs = Math.round((performance.now() - started) * 100) / 100
    const more = result.rows.length > query.limit
    const page = more ? result.rows.slice(0, query.limit) : result.rows
    const last = page[page.length - 1]
    const sortIndex = query.sort ? shape.columns.findIndex((c) => c.name === query.sort?.column) : -1
    const keyOf = (row: CellValue[]): string[] =>
      shape.primaryKey.length > 0
        ? shape.primaryKey.map((name) => row[shape.columns.findIndex((c) => c.name === name)] ?? '')
        : [row[shape.columns.length] ?? '']
    return {
      columns: columnsOf(shape),
      rows: page.map((row) => rowValues(shape, row)),
      next: more && last ? { ...(sortIndex >= 0 ? { sort: last[sortIndex] ?? null } : {}), key: keyOf(last) } : null,
      primaryKey: shape.primaryKey,
      durationMs,
    }
  })
}

/**
 * The planner's estimate first; under EXACT_COUNT_MAX_ROWS the exact count, which is cheap there. A big table is
 * never counted: that reads every row.
 */
export async function countRows(ctx: AppContext, caller: Caller, filters: RowFilter[]): Promise<CountRowsResponse> {
  return withTable(ctx, caller, 'read', async (client, shape) => {
    const explained = await client.query<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
      countStatement(shape, filters, false),
    )
    const estimate = Math.round(explained.rows[0]?.['QUERY PLAN'][0].Plan['Plan Rows'] ?? 0)
    if (estimate >= EXACT_COUNT_MAX_ROWS) return { count: estimate, estimate: true }
    await client.query(`begin; set local statement_timeout = ${EXACT_COUNT_TIMEOUT_MS}`)
    try {
      const counted = await client.query<{ count: string }>(countStatement(shape, filters, true))
      await client.query('commit')
      return { count: Number(counted.rows[0]?.count ?? 0), estimate: false }
    } catch (error) {
      await client.query('rollback')
      if (isPostgresError(error) && error.code === '57014') return { count: estimate, estimate: true }
      throw error
    }
  })
}

export async function updateRow(
  ctx: AppContext,
  caller: Caller,
  key: RowKey,
  values: Record<string, CellValue>,
): Promise<RowResponse> {
  return withTable(ctx, caller, 'write', async (client, shape) => {
    assertEditable(shape)
    const result = await queryArrays(client, updateStatement(shape, key, values))
    const row = result.rows[0]
    if (!row) throw notFound('This row no longer exists: it was deleted or its key changed. Reload the rows.')
    return { columns: columnsOf(shape), row: rowValues(shape, row) }
  })
}

export async function insertRow(
  ctx: AppContext,
  caller: Caller,
  values: Record<string, CellValue>,
): Promise<RowResponse> {
  return withTable(ctx, caller, 'write', async (client, shape) => {
    assertEditable(shape)
    const result = await queryArrays(client, insertStatement(shape, values))
    return { columns: columnsOf(shape), row: rowValues(shape, result.rows[0] ?? []) }
  })
}

export async function deleteRows(ctx: AppContext, caller: Caller, keys: RowKey[]): Promise<DeleteRowsResponse> {
  return withTable(ctx, caller, 'write', async (client, shape) => {
    assertEditable(shape)
    const result = await client.query(deleteStatement(shape, keys))
    return { deleted: result.rowCount ?? 0 }
  })
}

/**
 * A single-use download of every row of a sort and filter as CSV, streamed by the SQL editor's export route:
 * the statement is built here (quoted names, bound values) and checked before the address is given.
 */
export async function exportRowsLink(
  ctx: AppContext,
  caller: Caller,
  query: Pick<PageQuery, 'sort' | 'filters'>,
  formulas: CsvFormulaMode,
): Promise<ExportLink> {
  const statement = await withTable(ctx, caller, 'read', async (_client, shape) => exportStatement(shape, query))
  // the SQL editor's parameters send lists as JSON: an `in` list goes as Postgres array text instead
  const parameters = statement.values.map((value) => (Array.isArray(value) ? arrayLiteral(value as string[]) : value))
  const body = { query: statement.text, parameters }
  try {
    await checkQueryExport(ctx, caller.userId, caller.ref, body)
  } catch (error) {
    throw error instanceof SqlQueryError ? badRequest(error.body.message) : error
  }
  return exportLinks(ctx).issue({ userId: caller.userId, ref: caller.ref, format: 'csv', formulas, body })
}

/** A Postgres array literal of text elements, each quoted and escaped: a, b "c" gives `{"a","b \"c\""}`. */
export function arrayLiteral(values: string[]): string {
  return `{${values.map((value) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`
}
