import {
  type Backup,
  type PauseStatus,
  PermissionAction,
  PermissionResource,
  type ProjectStatus,
  type RestoreProjectBody,
  type RestoreVersion,
} from '@pgfleet/contracts'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { badRequest, forbidden } from '../../errors'
import { assertCan, type Membership } from '../organizations/membership'
import { freeLimitMembers } from '../organizations/service'

const DAY_MS = 24 * 3600 * 1000

export const RESTORE_DENIED = 'You do not have the required permissions to restore this project'
export const RESTORE_EXPIRED = (days: number) =>
  `This project was paused more than ${days} days ago and can no longer be restored; download its latest backup instead`

export async function latestBackupId(ctx: AppContext, projectId: number): Promise<number | null> {
  const row = await ctx.db
    .selectFrom('backups')
    .select('id')
    .where('project_id', '=', projectId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst()
  return row?.id ?? null
}

/** Pause status: restore is possible for restoreWindowDays after the pause. */
export async function pauseStatus(ctx: AppContext, project: ProjectRow, now = new Date()): Promise<PauseStatus> {
  const max = ctx.config.restoreWindowDays
  const latest = await latestBackupId(ctx, project.id)
  if (!project.paused_at || (project.status as ProjectStatus) !== 'INACTIVE') {
    return {
      latest_downloadable_backup_id: latest,
      max_days_till_restore_disabled: max,
      remaining_days_till_restore_disabled: null,
      can_restore: (project.status as ProjectStatus) === 'RESTORE_FAILED',
      paused_at: project.paused_at?.toISOString() ?? null,
      restore_disabled_at: null,
    }
  }
  const disabledAt = new Date(project.paused_at.getTime() + max * DAY_MS)
  const remaining = Math.max(0, Math.ceil((disabledAt.getTime() - now.getTime()) / DAY_MS))
  return {
    latest_downloadable_backup_id: latest,
    max_days_till_restore_disabled: max,
    remaining_days_till_restore_disabled: remaining,
    can_restore: disabledAt.getTime() > now.getTime(),
    paused_at: project.paused_at.toISOString(),
    restore_disabled_at: disabledAt.toISOString(),
  }
}

/** Installed engines a paused project can come back on: today only its own major (upgrades come later). */
/**
 * The versions a paused project can come back on: its own major first, then newer ones when the host has the
 * dump tools of its major (the restore is then followed by the same upgrade as from the infrastructure page).
 */
export function restoreVersions(ctx: AppContext, project: ProjectRow): RestoreVersion[] {
  const own = ctx.engines.find((engine) => engine.major === project.postgres_major)
  const canUpgrade = Boolean(own?.tools.pg_dump && own.tools.pg_restore)
  return ctx.engines
    .filter(
      (engine) => engine.major === project.postgres_major || (canUpgrade && engine.major > project.postgres_major),
    )
    .sort((a, b) => Number(b.major === project.postgres_major) - Number(a.major === project.postgres_major))
    .map((engine) => ({
      version: engine.version,
      postgres_engine: String(engine.major),
      release_channel: ctx.config.previewMajors.includes(engine.major) ? 'preview' : 'ga',
    }))
}

/** Server-side checks before a restore: permission, the restore window, the version, the free project limit. */
export async function checkRestore(
  ctx: AppContext,
  project: ProjectRow,
  membership: Membership,
  body: RestoreProjectBody,
): Promise<void> {
  assertCan(membership, PermissionAction.INFRA_EXECUTE, PermissionResource.PROJECT_RESUME_JOB, RESTORE_DENIED)
  const status = await pauseStatus(ctx, project)
  if (!status.can_restore && project.status === 'INACTIVE')
    throw forbidden(RESTORE_EXPIRED(ctx.config.restoreWindowDays))
  if (body.postgres_engine !== undefined) {
    const offered = restoreVersions(ctx, project)
    const match = offered.find(
      (v) => v.postgres_engine === body.postgres_engine && v.release_channel === body.release_channel,
    )
    if (!match) {
      throw badRequest(
        `Postgres ${body.postgres_engine} (${body.release_channel}) is not available for this project; choose one of: ${offered
          .map((v) => `${v.postgres_engine} (${v.release_channel})`)
          .join(', ')}`,
      )
    }
  }
  if (membership.organization.plan_id === 'free') {
    const over = await freeLimitMembers(ctx.db, membership.organization.id, ctx.config.freeProjectLimit)
    if (over.length > 0) {
      throw forbidden(
        `These members have reached their free project limit: ${over.map((m) => m.primary_email).join(', ')}. Pause or delete one of their projects, or upgrade the organization.`,
      )
    }
  }
}

export async function listBackups(ctx: AppContext, project: ProjectRow): Promise<Backup[]> {
  const rows = await ctx.db
    .selectFrom('backups')
    .selectAll()
    .where('project_id', '=', project.id)
    .orderBy('created_at', 'desc')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    project_id: r.project_id,
    inserted_at: r.created_at.toISOString(),
    kind: r.kind,
    size_bytes: Number(r.bytes),
    postgres_major: r.postgres_major,
    status: 'COMPLETED' as const,
    isPhysicalBackup: true,
  }))
}
