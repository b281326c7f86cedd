import { sql } from 'kysely'
import type { AppContext } from '../../context'
import { fileId } from '../../system/drivers/backup-file-id'
import { runtimeConfig } from '../projects/runtime'

export const RESTORE_CHECK_JOB = 'backup-restore-check'
/** Every project with a backup has its newest one restored into a throwaway cluster this often. */
export const RESTORE_CHECK_INTERVAL_MS = 7 * 24 * 3600_000

export interface RestoreCheckJobData {
  ref: string
}

/**
 * Restores the project's newest backup of its current major into a throwaway cluster, starts it and reads every
 * table. The result (or why it failed) is kept on the project for the backups page: a backup nobody restored is
 * a hope, not a backup.
 */
export function restoreCheckJob(ctx: AppContext) {
  return async ({ ref }: RestoreCheckJobData): Promise<void> => {
    const project = await ctx.db.selectFrom('projects').selectAll().where('ref', '=', ref).executeTakeFirst()
    if (!project) return
    const backup = await ctx.db
      .selectFrom('backups')
      .select(['id', 'file'])
      .where('project_id', '=', project.id)
      .where('postgres_major', '=', project.postgres_major)
      .orderBy('created_at', 'desc')
      .executeTakeFirst()
    const record = (ok: boolean, detail: string) =>
      ctx.db
        .updateTable('projects')
        .set({
          restore_check_at: new Date(),
          restore_check_backup_id: backup?.id ?? null,
          restore_check_ok: ok,
          restore_check_detail: detail,
        })
        .where('id', '=', project.id)
        .execute()
    if (!backup) {
      await record(false, 'There is no backup of this Postgres version to check')
      return
    }
    try {
      const result = await ctx.driver.checkBackupRestore(ref, fileId(backup.file), runtimeConfig(project))
      await record(
        true,
        `Restored into a throwaway server in ${(result.durationMs / 1000).toFixed(1)} s: ${result.tables} tables, ${result.rows} rows read`,
      )
    } catch (error) {
      await record(false, (error as Error).message)
    }
  }
}

/** Whether a restore check of the project is queued or running now. */
export async function restoreCheckInProgress(ctx: AppContext, ref: string): Promise<boolean> {
  const queued = await sql<{ n: number }>`
    select count(*)::int as n from pgboss.job
    where name = ${RESTORE_CHECK_JOB} and data->>'ref' = ${ref} and state in ('created', 'retry', 'active')`.execute(
    ctx.db,
  )
  return (queued.rows[0]?.n ?? 0) > 0
}
