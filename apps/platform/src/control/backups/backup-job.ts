import { sql } from 'kysely'
import type { AppContext } from '../../context'
import { fileId } from '../../system/drivers/backup-file-id'
import { backupsToPrune, retentionDays } from './schedule'

export const BACKUP_JOB = 'project-backup'

export interface BackupJobData {
  ref: string
  kind: 'scheduled' | 'manual'
}

/**
 * An online base backup of a running project, recorded as a downloadable backup, then the retention's pruning.
 * A project that is not running (paused meanwhile, or restoring) is skipped: its pause archive is its backup.
 * A failure is kept on the project for the backups page; the scheduler tries again later.
 */
export function backupJob(ctx: AppContext) {
  return async ({ ref, kind }: BackupJobData): Promise<void> => {
    const project = await ctx.db.selectFrom('projects').selectAll().where('ref', '=', ref).executeTakeFirst()
    if (project?.status !== 'ACTIVE_HEALTHY') return
    await ctx.db
      .updateTable('projects')
      .set({ last_backup_attempt_at: new Date() })
      .where('id', '=', project.id)
      .execute()
    try {
      const backup = await ctx.driver.backupProject(ref, { kind: 'online' })
      await ctx.db
        .insertInto('backups')
        .values({
          project_id: project.id,
          kind,
          file: backup.file,
          bytes: backup.bytes,
          postgres_major: project.postgres_major,
        })
        .execute()
      await ctx.db.updateTable('projects').set({ last_backup_error: null }).where('id', '=', project.id).execute()
    } catch (error) {
      await ctx.db
        .updateTable('projects')
        .set({ last_backup_error: (error as Error).message })
        .where('id', '=', project.id)
        .execute()
      throw error
    }
    await pruneBackups(ctx, project.id, ref)
  }
}

/** Deletes the managed backups the project's retention no longer needs: the rows and then their archives. */
export async function pruneBackups(ctx: AppContext, projectId: number, ref: string, now = new Date()): Promise<number> {
  const owner = await ctx.db
    .selectFrom('projects')
    .innerJoin('organizations', 'organizations.id', 'projects.organization_id')
    .select([
      'projects.backup_retention_days',
      'projects.pitr_retention_days',
      'projects.pitr_enabled_at',
      'organizations.plan_id',
    ])
    .where('projects.id', '=', projectId)
    .executeTakeFirst()
  if (!owner) return 0
  const rows = await ctx.db
    .selectFrom('backups')
    .select(['id', 'kind', 'file', 'created_at'])
    .where('project_id', '=', projectId)
    .execute()
  // point-in-time recovery needs a base backup at the start of its window
  const retention = Math.max(retentionDays(owner.backup_retention_days, owner.plan_id), owner.pitr_retention_days ?? 0)
  const doomed = backupsToPrune(
    rows.map((row) => ({ id: row.id, kind: row.kind, createdAt: row.created_at })),
    retention,
    now,
  )
  const ids = doomed.map((backup) => backup.id)
  if (ids.length > 0) {
    const files = rows.filter((row) => ids.includes(row.id)).map((row) => fileId(row.file))
    // the rows go first: a crash in between leaves an unlisted archive, never a listed backup without a file
    await ctx.db.deleteFrom('backups').where('id', 'in', ids).execute()
    await ctx.driver.deleteBackups(ref, files)
  }
  const enabledAt = owner.pitr_enabled_at
  if (owner.pitr_retention_days !== null && enabledAt) {
    // archived WAL older than the oldest base a recovery can start from serves no one
    const oldestBase = rows
      .filter((row) => !ids.includes(row.id) && row.created_at >= enabledAt)
      .sort((a, b) => a.created_at.getTime() - b.created_at.getTime())[0]
    if (oldestBase) await ctx.driver.pruneWalArchive(ref, fileId(oldestBase.file))
  }
  return ids.length
}

/** Whether a backup of the project is queued or running now. */
export async function backupInProgress(ctx: AppContext, ref: string): Promise<boolean> {
  const queued = await sql<{ n: number }>`
    select count(*)::int as n from pgboss.job
    where name = ${BACKUP_JOB} and data->>'ref' = ${ref} and state in ('created', 'retry', 'active')`.execute(ctx.db)
  return (queued.rows[0]?.n ?? 0) > 0
}
