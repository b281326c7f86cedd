import type { ProjectStatus } from '@pgfleet/contracts'
import { sql } from 'kysely'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { conflict } from '../../errors'
import { operationForStatus, type ProjectOperation, refusal, TRANSITIONS } from './state-machine'

export interface OperationJobData {
  ref: string
  operationId: number
}

export const jobNameFor = (operation: ProjectOperation) => `project-${operation}`

/**
 * Moves the project into the operation's transitional status (only from a status that allows it, checked
 * again inside the UPDATE so two clicks cannot start two operations), records the operation and enqueues its job.
 */
export async function startOperation(
  ctx: AppContext,
  row: ProjectRow,
  operation: ProjectOperation,
  userId: number | null,
  changes: { pending_compute_size?: string; pending_restore_backup_id?: number; pending_recovery_target?: Date } = {},
): Promise<ProjectRow> {
  const transition = TRANSITIONS[operation]
  const reason = refusal(operation, row.status as ProjectStatus)
  if (reason) throw conflict(reason)
  const updated = await ctx.db
    .updateTable('projects')
    .set({ status: transition.during, status_error: null, updated_at: new Date(), ...changes })
    .where('ref', '=', row.ref)
    .where('status', 'in', transition.from)
    .returningAll()
    .executeTakeFirst()
  if (!updated) throw conflict('The project changed in the meantime; reload and try again')
  const op = await ctx.db
    .insertInto('project_operations')
    .values({ project_ref: row.ref, kind: operation, status: 'running', started_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow()
  try {
    await ctx.jobs.send<OperationJobData>(jobNameFor(operation), { ref: row.ref, operationId: op.id })
  } catch (error) {
    await ctx.db.updateTable('projects').set({ status: row.status }).where('ref', '=', row.ref).execute()
    throw error
  }
  return updated
}

export async function recordStep(ctx: AppContext, operationId: number, step: string, progress?: number) {
  await ctx.db
    .updateTable('project_operations')
    .set({ step, progress: progress ?? null })
    .where('id', '=', operationId)
    .execute()
}

export async function finishOperation(
  ctx: AppContext,
  operationId: number,
  status: 'completed' | 'failed' | 'skipped',
  error: string | null = null,
) {
  await ctx.db
    .updateTable('project_operations')
    .set({ status, error, finished_at: new Date() })
    .where('id', '=', operationId)
    .execute()
}

/**
 * After a crash: every project still in a transitional status gets its operation's job again unless
 * one is already queued. Handlers are idempotent, so an extra run is harmless.
 */
export async function resumeOperations(ctx: AppContext): Promise<void> {
  const log = ctx.log.child({ component: 'recovery' })
  const rows = await ctx.db.selectFrom('projects').select(['ref', 'status', 'pending_restore_backup_id']).execute()
  for (const row of rows) {
    const operation = operationForStatus(row.status as ProjectStatus, row.pending_restore_backup_id !== null)
    if (!operation) continue
    const queued = await sql<{ n: number }>`
      select count(*)::int as n from pgboss.job
      where name = ${jobNameFor(operation)} and data->>'ref' = ${row.ref}
        and state in ('created', 'retry', 'active')`.execute(ctx.db)
    if ((queued.rows[0]?.n ?? 0) > 0) continue
    const running = await ctx.db
      .selectFrom('project_operations')
      .select('id')
      .where('project_ref', '=', row.ref)
      .where('kind', '=', operation)
      .where('status', '=', 'running')
      .orderBy('id', 'desc')
      .executeTakeFirst()
    const operationId =
      running?.id ??
      (
        await ctx.db
          .insertInto('project_operations')
          .values({ project_ref: row.ref, kind: operation, status: 'running', started_by: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    log.info(`resuming ${operation} of the project`, { ref: row.ref })
    await ctx.jobs.send<OperationJobData>(jobNameFor(operation), { ref: row.ref, operationId })
  }
}
