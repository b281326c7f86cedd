import { PITR_NEEDS_PAID_PLAN, type PitrStatus, type RestorePitrBody, type UpdatePitrBody } from '@pgfleet/contracts'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { badRequest, conflict } from '../../errors'
import { startOperation } from '../projects/operations'
import { BACKUP_JOB, type BackupJobData, backupInProgress } from './backup-job'

const DAY_MS = 24 * 3600_000

/** Backups a recovery can start from: taken while the WAL was archived, oldest first. */
async function recoveryBases(ctx: AppContext, project: ProjectRow) {
  if (!project.pitr_enabled_at) return []
  return ctx.db
    .selectFrom('backups')
    .select(['id', 'file', 'created_at'])
    .where('project_id', '=', project.id)
    .where('created_at', '>=', project.pitr_enabled_at)
    .orderBy('created_at', 'asc')
    .execute()
}

/**
 * The recoverable window: from the later of the oldest usable base backup and the retention's start, to now
 * (the restore archives the WAL written until the moment it starts).
 */
export async function pitrStatus(ctx: AppContext, project: ProjectRow, now = new Date()): Promise<PitrStatus> {
  const enabled = project.pitr_retention_days !== null
  const archive = await ctx.driver.walArchiveState(project.ref)
  if (!enabled || project.pitr_retention_days === null) {
    return {
      enabled: false,
      retention_days: null,
      earliest_recovery_time: null,
      latest_recovery_time: null,
      archived_wal_bytes: archive.bytes,
    }
  }
  const bases = await recoveryBases(ctx, project)
  const oldest = bases[0]?.created_at
  const running = project.status === 'ACTIVE_HEALTHY'
  const earliest =
    oldest && running
      ? new Date(Math.max(oldest.getTime(), now.getTime() - project.pitr_retention_days * DAY_MS))
      : null
  return {
    enabled: true,
    retention_days: project.pitr_retention_days,
    earliest_recovery_time: earliest?.toISOString() ?? null,
    latest_recovery_time: earliest ? now.toISOString() : null,
    archived_wal_bytes: archive.bytes,
  }
}

/**
 * Turns the add-on on (or changes its retention) or off. Turning archiving on or off takes a restart, which runs
 * as the usual restart operation; the first base backup follows it (see ensurePitrBaseBackup).
 */
export async function updatePitr(
  ctx: AppContext,
  project: ProjectRow,
  planId: string,
  body: UpdatePitrBody,
  userId: number,
): Promise<ProjectRow> {
  if (body.retention_days !== null && planId === 'free') throw badRequest(PITR_NEEDS_PAID_PLAN)
  const wasEnabled = project.pitr_retention_days !== null
  const enabling = body.retention_days !== null
  if (wasEnabled === enabling) {
    return ctx.db
      .updateTable('projects')
      .set({ pitr_retention_days: body.retention_days })
      .where('id', '=', project.id)
      .returningAll()
      .executeTakeFirstOrThrow()
  }
  if (project.status !== 'ACTIVE_HEALTHY') {
    throw conflict(`Point-in-time recovery can be changed while the project runs (status ${project.status})`)
  }
  // the restart applies the row: archiving on with the retention, or off
  const updated = await ctx.db
    .updateTable('projects')
    .set({ pitr_retention_days: body.retention_days, pitr_enabled_at: enabling ? new Date() : null })
    .where('id', '=', project.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  return startOperation(ctx, updated, 'restart', userId)
}

/** After a restart that turned archiving on: the window opens with a base backup taken now. */
export async function ensurePitrBaseBackup(ctx: AppContext, ref: string): Promise<void> {
  const project = await ctx.db.selectFrom('projects').selectAll().where('ref', '=', ref).executeTakeFirst()
  if (!project || project.pitr_retention_days === null || project.status !== 'ACTIVE_HEALTHY') return
  if ((await recoveryBases(ctx, project)).length > 0 || (await backupInProgress(ctx, ref))) return
  await ctx.jobs.send<BackupJobData>(BACKUP_JOB, { ref, kind: 'scheduled' })
}

/** Starts restoring the project to the instant, from the newest base backup taken before it. */
export async function restoreToPointInTime(
  ctx: AppContext,
  project: ProjectRow,
  body: RestorePitrBody,
  userId: number,
  now = new Date(),
): Promise<ProjectRow> {
  const status = await pitrStatus(ctx, project, now)
  if (!status.enabled) throw badRequest('Point-in-time recovery is not enabled for this project')
  if (!status.earliest_recovery_time || !status.latest_recovery_time) {
    throw conflict('There is nothing to recover to yet: the first base backup since archiving began is still missing')
  }
  const target = new Date(body.recovery_time_target_unix * 1000)
  const earliest = new Date(status.earliest_recovery_time)
  // the window's ends are exact to the millisecond; the request is in whole seconds
  if (target.getTime() < Math.floor(earliest.getTime() / 1000) * 1000 || target.getTime() > now.getTime()) {
    throw badRequest(
      `The recovery time must be between ${status.earliest_recovery_time} and ${status.latest_recovery_time}`,
    )
  }
  const bases = await recoveryBases(ctx, project)
  const base = [...bases].reverse().find((backup) => backup.created_at.getTime() <= target.getTime())
  if (!base) throw badRequest(`No base backup was taken before ${target.toISOString()}`)
  if (await backupInProgress(ctx, project.ref)) throw conflict('A backup of this project is already being taken')
  return startOperation(ctx, project, 'restore-backup', userId, {
    pending_restore_backup_id: base.id,
    pending_recovery_target: target,
  })
}
