import {
  type CancelQueryResponse,
  MAX_QUERY_RESULT_CHARS,
  MAX_QUERY_RESULT_ROWS,
  type ManagementQueryBody,
  PermissionAction,
  PermissionResource,
  type QueryColumn,
  type QueryResultSet,
  type RoleName,
  type RunQueryBody,
  type RunQueryResponse,
  type SqlSettings,
  type UpdateSqlSettingsBody,
} from '@pgfleet/contracts'
import type pg from 'pg'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../errors'
import { isRoleName, roleCan } from '../organizations/permissions'
import { type CollectedResultSet, CollectingQuery } from './collect-query'
import { editorTransaction } from './disk-full-mode'
import { type PreparedSql, prepareSql } from './prepare'
import { clientSqlError, isPostgresError, SqlQueryError, toSqlQueryError } from './query-errors'
import { type LeaseOptions, type ProjectSql, projectSql, resetProjectSqlPools, type SqlAccess } from './running-queries'
import { builtinTypeName } from './values'

/** What running SQL needs to know of a project row. */
type SqlProjectRow = Pick<ProjectRow, 'ref' | 'status' | 'sql_statement_timeout_ms' | 'readonly_mode_enabled'>

interface SqlProject {
  row: SqlProjectRow
  role: RoleName
}

/**
 * The project and the caller's role in one control-plane query (this is the editor's hot path);
 * non-members get the same 404 as a missing ref.
 */
export async function sqlProjectFor(ctx: AppContext, userId: number, ref: string): Promise<SqlProject> {
  const found = await ctx.db
    .selectFrom('projects')
    .innerJoin('members', 'members.organization_id', 'projects.organization_id')
    .select([
      'projects.ref',
      'projects.status',
      'projects.sql_statement_timeout_ms',
      'projects.readonly_mode_enabled',
      'members.role_name',
    ])
    .where('projects.ref', '=', ref)
    .where('members.user_id', '=', userId)
    .executeTakeFirst()
  if (!found || !isRoleName(found.role_name)) throw notFound(`Project ${ref} not found`)
  const { role_name, ...row } = found
  return { row, role: role_name as RoleName }
}

export const READ_ONLY_TRANSACTION_CONTROL_MESSAGE =
  'Read-only queries cannot use BEGIN, COMMIT, ROLLBACK or SAVEPOINT: they run in one read-only transaction'

/** Members without sql:write on database, and anyone asking for it, run SQL read-only. */
export function accessFor(project: SqlProject, readOnly: boolean | undefined): SqlAccess {
  if (!roleCan(project.role, PermissionAction.SQL_READ, PermissionResource.DATABASE)) {
    throw forbidden('You do not have the required permissions to run SQL on this project')
  }
  const canWrite = roleCan(project.role, PermissionAction.SQL_WRITE, PermissionResource.DATABASE)
  return canWrite && !readOnly ? 'write' : 'read'
}

export function assertRunning(row: SqlProjectRow): void {
  if (row.status !== 'ACTIVE_HEALTHY') {
    throw conflict(
      `The project's database is not running (status ${row.status}); SQL can run once it is ACTIVE_HEALTHY`,
    )
  }
}

/** A lease on the project's database; a stale pool (the server restarted elsewhere) is dropped and retried once. */
export async function leaseWithRetry(ctx: AppContext, row: SqlProjectRow, access: SqlAccess, options: LeaseOptions) {
  const project = await projectSql(ctx, row.ref, row.sql_statement_timeout_ms)
  try {
    return { project, lease: await project.lease(access, options) }
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode !== 503) throw error
    await resetProjectSqlPools(ctx, row.ref)
    const fresh = await projectSql(ctx, row.ref, row.sql_statement_timeout_ms)
    return { project: fresh, lease: await fresh.lease(access, options) }
  }
}

/** A lease to run `prepared` on; a failure to get it is reported as that query's error. */
export function leaseFor(
  ctx: AppContext,
  row: SqlProjectRow,
  access: SqlAccess,
  options: LeaseOptions,
  prepared: PreparedSql,
) {
  return leaseWithRetry(ctx, row, access, options).catch((error: unknown) => {
    throw asQueryError(error, prepared)
  })
}

export function asQueryError(error: unknown, prepared: PreparedSql, prefix = ''): unknown {
  if (isPostgresError(error)) {
    return toSqlQueryError(error, {
      original: prepared.original,
      sent: prefix + prepared.text,
      prefixLength: prefix.length,
    })
  }
  if (error instanceof SqlQueryError || error instanceof HttpError) return error
  const reason = error instanceof Error ? error.message : String(error)
  return new HttpError(503, `The connection to the project's database failed: ${reason}`)
}

export async function typeNames(project: ProjectSql, client: pg.PoolClient, typeIds: number[]): Promise<void> {
  const unknown = [...new Set(typeIds)].filter((id) => !builtinTypeName(id) && !project.typeNames.has(id))
  if (unknown.length === 0) return
  const found = await client
    .query<{ oid: string; typname: string }>(
      'select oid::int8 as oid, typname from pg_catalog.pg_type where oid = any($1::oid[])',
      [unknown],
    )
    .catch(() => ({ rows: [] }))
  for (const { oid, typname } of found.rows) project.typeNames.set(Number(oid), typname)
}

export const typeNameOf = (project: ProjectSql, typeId: number): string =>
  builtinTypeName(typeId) ?? project.typeNames.get(typeId) ?? String(typeId)

interface Execution {
  sets: CollectedResultSet[]
  columns: (set: CollectedResultSet) => QueryColumn[]
  notices: string[]
  durationMs: number
  prepared: PreparedSql
}

const MAX_NOTICES = 100

async function execute(
  ctx: AppContext,
  userId: number,
  ref: string,
  body: RunQueryBody,
  signal: AbortSignal | undefined,
): Promise<Execution> {
  const sqlProject = await sqlProjectFor(ctx, userId, ref)
  const access = accessFor(sqlProject, body.readOnly)
  assertRunning(sqlProject.row)
  const prepared = await prepareSql(body.query, body.parameters, { rowLimit: body.rowLimit, autoLimit: true })
  if (access === 'read' && prepared.controlsTransaction) {
    // ending the read-only transaction would let what follows write (e.g. through SECURITY DEFINER functions)
    throw clientSqlError(READ_ONLY_TRANSACTION_CONTROL_MESSAGE, '25006')
  }
  const { project, lease } = await leaseFor(
    ctx,
    sqlProject.row,
    access,
    { userId, queryId: body.queryId, signal },
    prepared,
  )
  const { client } = lease
  // the sampler's mark in memory first: it changes before the server does, the stored row a moment after
  const projectReadOnly = ctx.resources.modes.get(ref) ?? sqlProject.row.readonly_mode_enabled
  const transaction = await editorTransaction(access, projectReadOnly, prepared).catch(async (error: unknown) => {
    await lease.release(false)
    throw error
  })
  if (transaction !== 'as-is') {
    // an explicit read-only transaction that already took its snapshot cannot be switched to read-write
    const begin = transaction === 'read-only' ? 'BEGIN READ ONLY; SELECT 1' : 'BEGIN READ WRITE'
    await client.query(begin).catch(async (error: unknown) => {
      await lease.release(true)
      throw asQueryError(error, prepared)
    })
  }
  const notices: string[] = []
  const onNotice = (notice: { severity?: string; message?: string }) => {
    if (notices.length < MAX_NOTICES) notices.push(`${notice.severity ?? 'NOTICE'}: ${notice.message ?? ''}`)
  }
  client.on('notice', onNotice)
  const columns = (set: CollectedResultSet): QueryColumn[] =>
    set.columns.map((c) => ({ name: c.name, type: typeNameOf(project, c.typeId), typeId: c.typeId }))
  const rowLimit = body.rowLimit !== undefined && body.rowLimit > 0 ? body.rowLimit : Number.POSITIVE_INFINITY
  const query = new CollectingQuery(prepared.text, prepared.values, {
    rowsPerResult: rowLimit,
    totalRows: MAX_QUERY_RESULT_ROWS,
    totalChars: MAX_QUERY_RESULT_CHARS,
  })
  let failed = true
  try {
    const started = performance.now()
    const sets = await query.run(client)
    // a read-only transaction is rolled back on release; the space-freeing one must be kept
    if (transaction === 'free-space') await client.query('COMMIT')
    const durationMs = Math.round((performance.now() - started) * 100) / 100
    await typeNames(
      project,
      client,
      sets.flatMap((set) => set.columns.map((column) => column.typeId)),
    )
    failed = false
    return { sets, columns, notices, durationMs, prepared }
  } catch (error) {
    const failure = asQueryError(error, prepared)
    const earlier = query.completedResults()
    if (failure instanceof SqlQueryError && earlier.length > 0) {
      // the statements before the failing one keep their results, so the editor can show them before the error
      await typeNames(
        project,
        client,
        earlier.flatMap((set) => set.columns.map((column) => column.typeId)),
      )
      failure.body.results = earlier.map((set) => resultSet(set, columns))
      // without BEGIN/COMMIT of its own, a batch is one implicit transaction: the failure undid it all
      failure.body.rolledBack = !prepared.controlsTransaction
    }
    throw failure
  } finally {
    client.off('notice', onNotice)
    await lease.release(failed)
  }
}

function resultSet(set: CollectedResultSet, columns: (set: CollectedResultSet) => QueryColumn[]): QueryResultSet {
  return {
    command: set.command,
    columns: columns(set),
    rows: set.rows,
    rowCount: set.rowCount,
    truncated: set.truncated,
    truncatedBy: set.truncatedBy,
  }
}

/** POST /platform/pg-meta/{ref}/query: every statement's result, rows capped (see RunQueryResponse). */
export async function runQuery(
  ctx: AppContext,
  userId: number,
  ref: string,
  body: RunQueryBody,
  signal?: AbortSignal,
): Promise<RunQueryResponse> {
  const run = await execute(ctx, userId, ref, body, signal)
  const results = run.sets.map((set) => resultSet(set, run.columns))
  return {
    results,
    truncated: results.some((set) => set.truncated),
    autoLimit: run.prepared.autoLimit,
    notices: run.notices,
    durationMs: run.durationMs,
  }
}

/** POST /v1/projects/{ref}/database/query: the rows of the last statement, as objects. */
export async function runManagementQuery(
  ctx: AppContext,
  userId: number,
  ref: string,
  body: ManagementQueryBody,
  signal?: AbortSignal,
): Promise<Record<string, unknown>[]> {
  const run = await execute(ctx, userId, ref, { ...body, readOnly: body.read_only }, signal)
  const last = run.sets[run.sets.length - 1]
  if (!last) return []
  if (run.sets.some((set) => set.truncated)) {
    throw badRequest(
      `The result has more than ${MAX_QUERY_RESULT_ROWS} rows (or is too large to answer at once); add a LIMIT, or export it with POST /platform/pg-meta/${ref}/query/export`,
    )
  }
  return last.rows.map((row) => Object.fromEntries(last.columns.map((column, i) => [column.name, row[i]])))
}

export async function cancelQuery(
  ctx: AppContext,
  userId: number,
  ref: string,
  queryId: string,
): Promise<CancelQueryResponse> {
  const { row } = await sqlProjectFor(ctx, userId, ref)
  if (row.status !== 'ACTIVE_HEALTHY') return { cancelled: false }
  const project = await projectSql(ctx, ref, row.sql_statement_timeout_ms)
  return { cancelled: await project.cancel(userId, queryId) }
}

export async function getSqlSettings(ctx: AppContext, userId: number, ref: string): Promise<SqlSettings> {
  const { row } = await sqlProjectFor(ctx, userId, ref)
  return { statement_timeout_ms: row.sql_statement_timeout_ms }
}

/** Changing the timeout replaces the project's pools on their next use; running queries keep theirs. */
export async function updateSqlSettings(
  ctx: AppContext,
  userId: number,
  ref: string,
  body: UpdateSqlSettingsBody,
): Promise<SqlSettings> {
  const { role } = await sqlProjectFor(ctx, userId, ref)
  if (!roleCan(role, PermissionAction.UPDATE, PermissionResource.PROJECTS)) {
    throw forbidden("You do not have the required permissions to change this project's SQL settings")
  }
  const row = await ctx.db
    .updateTable('projects')
    .set({ sql_statement_timeout_ms: body.statement_timeout_ms })
    .where('ref', '=', ref)
    .returning('sql_statement_timeout_ms')
    .executeTakeFirstOrThrow()
  return { statement_timeout_ms: row.sql_statement_timeout_ms }
}
