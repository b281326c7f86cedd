import type { AppContext } from '../context'
import { BACKUP_JOB, type BackupJobData } from './backup-job'
import { isBackupDue } from './schedule'

/** How often the scheduler looks for projects whose backup is due. */
export const BACKUP_SCHEDULER_TICK_MS = 60_000

/**
 * Enqueues a backup job for every running project whose backup is due at `now`. Marking the attempt in the same
 * UPDATE that checks it makes a second platform tick (or a second instance) skip the project.
 */
export async function enqueueDueBackups(ctx: AppContext, now = new Date()): Promise<string[]> {
  const rows = await ctx.db
    .selectFrom('projects')
    .leftJoin('backups', 'backups.project_id', 'projects.id')
    .select((eb) => [
      'projects.id',
      'projects.ref',
      'projects.backup_interval_hours',
      'projects.last_backup_attempt_at',
      'projects.created_at',
      eb.fn.max('backups.created_at').as('last_backup_at'),
    ])
    .where('projects.status', '=', 'ACTIVE_HEALTHY')
    .groupBy('projects.id')
    .execute()
  const enqueued: string[] = []
  for (const row of rows) {
    const state = {
      intervalHours: row.backup_interval_hours,
      lastBackupAt: row.last_backup_at ? new Date(row.last_backup_at) : null,
      lastAttemptAt: row.last_backup_attempt_at,
      createdAt: row.created_at,
    }
    if (!isBackupDue(state, now)) continue
    const claimed = await ctx.db
      .updateTable('projects')
      .set({ last_backup_attempt_at: now })
      .where('id', '=', row.id)
      .where((eb) =>
        row.last_backup_attempt_at === null
          ? eb('last_backup_attempt_at', 'is', null)
          : eb('last_backup_attempt_at', '=', row.last_backup_attempt_at),
      )
      .executeTakeFirst()
    if (Number(claimed.numUpdatedRows) === 0) continue
    await ctx.jobs.send<BackupJobData>(BACKUP_JOB, { ref: row.ref, kind: 'scheduled' })
    enqueued.push(row.ref)
  }
  return enqueued
}

/** Runs `enqueueDueBackups` every tick until stopped; a failed tick is logged and the next one tries again. */
export function startBackupScheduler(ctx: AppContext, tickMs = BACKUP_SCHEDULER_TICK_MS) {
  const log = ctx.log.child({ component: 'backups' })
  let running: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    running = enqueueDueBackups(ctx).catch((error: unknown) => log.error('the backup scheduler failed', { error }))
  }, tickMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
