import type { AppContext } from '../../context'
import { BACKUP_JOB, type BackupJobData } from './backup-job'
import { RESTORE_CHECK_INTERVAL_MS, RESTORE_CHECK_JOB, type RestoreCheckJobData } from './restore-check-job'
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

/**
 * Enqueues a restore check for every project whose last one is older than a week (or missing) and that has a
 * backup; the claim (marking the check as running) is the same UPDATE that checks the age.
 */
export async function enqueueDueRestoreChecks(ctx: AppContext, now = new Date()): Promise<string[]> {
  const due = new Date(now.getTime() - RESTORE_CHECK_INTERVAL_MS)
  const claimed = await ctx.db
    .updateTable('projects')
    .set({ restore_check_at: now, restore_check_ok: null, restore_check_detail: null })
    .where((eb) => eb.or([eb('restore_check_at', 'is', null), eb('restore_check_at', '<', due)]))
    .where((eb) => eb.exists(eb.selectFrom('backups').select('id').whereRef('backups.project_id', '=', 'projects.id')))
    .returning('ref')
    .execute()
  for (const { ref } of claimed) await ctx.jobs.send<RestoreCheckJobData>(RESTORE_CHECK_JOB, { ref })
  return claimed.map((row) => row.ref)
}

/** Runs `enqueueDueBackups` every tick until stopped; a failed tick is logged and the next one tries again. */
export function startBackupScheduler(ctx: AppContext, tickMs = BACKUP_SCHEDULER_TICK_MS) {
  const log = ctx.log.child({ component: 'backups' })
  let running: Promise<unknown> = Promise.resolve()
  const timer = setInterval(() => {
    running = enqueueDueBackups(ctx)
      .then(() => enqueueDueRestoreChecks(ctx))
      .catch((error: unknown) => log.error('the backup scheduler failed', { error }))
  }, tickMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
