import {
  BACKUP_ALREADY_RUNNING,
  type BackupSchedule,
  type ManagementBackupsResponse,
  RESTORE_CHECK_ALREADY_RUNNING,
  type UpdateBackupScheduleBody,
} from '@pgfleet/contracts'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { conflict, notFound } from '../../errors'
import { startOperation } from '../projects/operations'
import { BACKUP_JOB, type BackupJobData, backupInProgress, pruneBackups } from './backup-job'
import { RESTORE_CHECK_JOB, type RestoreCheckJobData, restoreCheckInProgress } from './restore-check-job'
import { nextBackupAt, retentionDays } from './schedule'

async function planOf(ctx: AppContext, project: ProjectRow): Promise<string> {
  const organization = await ctx.db
    .selectFrom('organizations')
    .select('plan_id')
    .where('id', '=', project.organization_id)
    .executeTakeFirstOrThrow()
  return organization.plan_id
}

async function backupTotals(ctx: AppContext, projectId: number) {
  const row = await ctx.db
    .selectFrom('backups')
    .select((eb) => [
      eb.fn.max('created_at').as('last'),
      eb.fn.min('created_at').as('first'),
      eb.fn.coalesce(eb.fn.sum<string>('bytes'), eb.lit(0)).as('bytes'),
    ])
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  return {
    last: row?.last ? new Date(row.last) : null,
    first: row?.first ? new Date(row.first) : null,
    bytes: Number(row?.bytes ?? 0),
  }
}

export async function backupSchedule(ctx: AppContext, project: ProjectRow): Promise<BackupSchedule> {
  const [plan, totals, inProgress] = await Promise.all([
    planOf(ctx, project),
    backupTotals(ctx, project.id),
    backupInProgress(ctx, project.ref),
  ])
  const next =
    project.status === 'ACTIVE_HEALTHY'
      ? nextBackupAt({
          intervalHours: project.backup_interval_hours,
          lastBackupAt: totals.last,
          lastAttemptAt: project.last_backup_attempt_at,
          createdAt: project.created_at,
        })
      : null
  return {
    interval_hours: project.backup_interval_hours,
    retention_days: retentionDays(project.backup_retention_days, plan),
    configured_retention_days: project.backup_retention_days,
    plan_retention_days: retentionDays(null, plan),
    next_backup_at: next?.toISOString() ?? null,
    last_backup_at: totals.last?.toISOString() ?? null,
    last_error: project.last_backup_error,
    in_progress: inProgress,
    backups_bytes: totals.bytes,
    restore_check: project.restore_check_at
      ? {
          checked_at: project.restore_check_at.toISOString(),
          backup_id: project.restore_check_backup_id,
          ok: project.restore_check_ok,
          detail: project.restore_check_detail,
        }
      : null,
  }
}

/** Queues a restore check of the newest backup now. */
export async function requestRestoreCheck(ctx: AppContext, project: ProjectRow): Promise<void> {
  if (await restoreCheckInProgress(ctx, project.ref)) throw conflict(RESTORE_CHECK_ALREADY_RUNNING)
  await ctx.db
    .updateTable('projects')
    .set({ restore_check_at: new Date(), restore_check_ok: null, restore_check_detail: null })
    .where('id', '=', project.id)
    .execute()
  await ctx.jobs.send<RestoreCheckJobData>(RESTORE_CHECK_JOB, { ref: project.ref })
}

/** Saves the schedule; a shorter retention prunes at once. */
export async function updateBackupSchedule(
  ctx: AppContext,
  project: ProjectRow,
  body: UpdateBackupScheduleBody,
): Promise<BackupSchedule> {
  const updated = await ctx.db
    .updateTable('projects')
    .set({ backup_interval_hours: body.interval_hours, backup_retention_days: body.retention_days })
    .where('id', '=', project.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  await pruneBackups(ctx, project.id, project.ref)
  return backupSchedule(ctx, updated)
}

/** Queues a backup of the running project now. */
export async function requestBackup(ctx: AppContext, project: ProjectRow): Promise<void> {
  if (project.status !== 'ACTIVE_HEALTHY') {
    throw conflict(
      `The project's database is not running (status ${project.status}); its last pause archive is its backup`,
    )
  }
  if (await backupInProgress(ctx, project.ref)) throw conflict(BACKUP_ALREADY_RUNNING)
  await ctx.jobs.send<BackupJobData>(BACKUP_JOB, { ref: project.ref, kind: 'manual' })
}

/** Starts putting `backupId` back in place of the project's live data (status RESTORING until done). */
export async function restoreBackupInPlace(
  ctx: AppContext,
  project: ProjectRow,
  backupId: number,
  userId: number,
): Promise<ProjectRow> {
  const backup = await ctx.db
    .selectFrom('backups')
    .select(['id', 'postgres_major'])
    .where('id', '=', backupId)
    .where('project_id', '=', project.id)
    .executeTakeFirst()
  if (!backup) throw notFound('Backup not found')
  if (backup.postgres_major !== project.postgres_major) {
    throw conflict(
      `This backup holds Postgres ${backup.postgres_major} data and the project runs Postgres ${project.postgres_major}`,
    )
  }
  if (await backupInProgress(ctx, project.ref)) throw conflict(BACKUP_ALREADY_RUNNING)
  return startOperation(ctx, project, 'restore-backup', userId, { pending_restore_backup_id: backup.id })
}

/** The management API's list: every archive is a physical backup; WAL is archived while PITR is on. */
export async function managementBackups(ctx: AppContext, project: ProjectRow): Promise<ManagementBackupsResponse> {
  const rows = await ctx.db
    .selectFrom('backups')
    .select(['id', 'created_at'])
    .where('project_id', '=', project.id)
    .orderBy('created_at', 'desc')
    .execute()
  const unix = (date: Date | undefined) => (date ? Math.floor(date.getTime() / 1000) : null)
  return {
    region: project.region,
    walg_enabled: project.pitr_retention_days !== null,
    pitr_enabled: project.pitr_retention_days !== null,
    backups: rows.map((row) => ({
      id: row.id,
      is_physical_backup: true,
      status: 'COMPLETED' as const,
      inserted_at: row.created_at.toISOString(),
    })),
    physical_backup_data: {
      earliest_physical_backup_date_unix: unix(rows[rows.length - 1]?.created_at),
      latest_physical_backup_date_unix: unix(rows[0]?.created_at),
    },
  }
}
