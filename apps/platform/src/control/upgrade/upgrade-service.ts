import { randomUUID } from 'node:crypto'
import type { StartUpgradeBody, UpgradeEligibility, UpgradeStatus } from '@pgfleet/contracts'
import { sql } from 'kysely'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { badRequest, conflict, notFound } from '../../errors'
import { startOperation } from '../projects/operations'

/** Measured dump-and-restore rate on these machines (bench/upgrade.bench.ts), with a fixed cost per upgrade. */
const UPGRADE_BYTES_PER_SECOND = 50 * 1024 * 1024
const UPGRADE_FIXED_SECONDS = 10

const appVersion = (version: string) => `pgfleet-postgres-${version}`

async function databaseBytes(ctx: AppContext, project: ProjectRow): Promise<number> {
  if (project.status !== 'ACTIVE_HEALTHY') return 0
  return ctx.driver.projectDiskUsage(project.ref).catch(() => 0)
}

function targetsOf(ctx: AppContext, project: ProjectRow) {
  return ctx.engines
    .filter((engine) => engine.major > project.postgres_major)
    .map((engine) => ({
      postgres_version: String(engine.major),
      release_channel: ctx.config.previewMajors.includes(engine.major) ? ('preview' as const) : ('ga' as const),
      app_version: appVersion(engine.version),
    }))
}

export async function upgradeEligibility(ctx: AppContext, project: ProjectRow): Promise<UpgradeEligibility> {
  const targets = targetsOf(ctx, project)
  const newest = ctx.engines[ctx.engines.length - 1]
  const validationErrors: string[] = []
  if (project.status !== 'ACTIVE_HEALTHY')
    validationErrors.push(`The project must be active (its status is ${project.status})`)
  const first = targets[0]
  if (first && project.status === 'ACTIVE_HEALTHY') {
    validationErrors.push(
      ...(await ctx.driver.upgradeBlockers(project.ref, project.postgres_major, Number(first.postgres_version))),
    )
  }
  const bytes = await databaseBytes(ctx, project)
  const seconds = UPGRADE_FIXED_SECONDS + bytes / UPGRADE_BYTES_PER_SECOND
  return {
    eligible: targets.length > 0 && validationErrors.length === 0,
    current_app_version: appVersion(project.postgres_version),
    latest_app_version: appVersion(newest?.version ?? project.postgres_version),
    target_upgrade_versions: targets,
    duration_estimate_hours: Math.round((seconds / 3600) * 1000) / 1000,
    validation_errors: validationErrors,
    warnings:
      targets.length === 0
        ? []
        : [
            'Clients connected straight to the database keep writing while the data copies to the new version, and are cut off for a few seconds at the switchover. A database with large objects, unlogged tables or materialized views moves by dump and restore instead, offline for a few seconds per hundred MB.',
            'The data API, storage and the dashboard pause while the project shows Upgrading.',
            'Backups taken before the upgrade can only be restored on the old version: a full backup follows the upgrade.',
          ],
  }
}

/** Records an upgrade waiting to run; answers its tracking id. */
async function recordUpgrade(ctx: AppContext, project: ProjectRow, targetMajor: number, userId: number) {
  const trackingId = randomUUID()
  await ctx.db
    .insertInto('project_upgrades')
    .values({
      tracking_id: trackingId,
      project_ref: project.ref,
      source_major: project.postgres_major,
      target_major: targetMajor,
      status: 'Upgrading',
      started_by: userId,
    })
    .execute()
  return trackingId
}

export async function startUpgrade(
  ctx: AppContext,
  project: ProjectRow,
  body: StartUpgradeBody & { target_version: string },
  userId: number,
): Promise<{ tracking_id: string }> {
  const major = Number.parseInt(body.target_version, 10)
  const target = targetsOf(ctx, project).find((candidate) => Number(candidate.postgres_version) === major)
  if (!target || (body.release_channel && body.release_channel !== target.release_channel)) {
    throw badRequest(
      `Postgres ${body.target_version} is not an upgrade target of this project; choose one of: ${
        targetsOf(ctx, project)
          .map((candidate) => `${candidate.postgres_version} (${candidate.release_channel})`)
          .join(', ') || 'none'
      }`,
    )
  }
  const blockers = await ctx.driver.upgradeBlockers(project.ref, project.postgres_major, major)
  if (blockers.length > 0) throw conflict(blockers.join('; '))
  const trackingId = await recordUpgrade(ctx, project, major, userId)
  try {
    await startOperation(ctx, project, 'upgrade', userId)
  } catch (error) {
    await ctx.db.deleteFrom('project_upgrades').where('tracking_id', '=', trackingId).execute()
    throw error
  }
  return { tracking_id: trackingId }
}

export async function upgradeStatus(ctx: AppContext, project: ProjectRow, trackingId?: string): Promise<UpgradeStatus> {
  let query = ctx.db.selectFrom('project_upgrades').selectAll().where('project_ref', '=', project.ref)
  if (trackingId) query = query.where('tracking_id', '=', trackingId)
  const row = await query.orderBy('initiated_at', 'desc').executeTakeFirst()
  if (!row) throw notFound(trackingId ? 'No upgrade with this tracking id' : 'This project has not been upgraded')
  const steps = row.steps
  return {
    tracking_id: row.tracking_id,
    initiated_at: row.initiated_at.toISOString(),
    latest_status_at: row.latest_status_at.toISOString(),
    target_version: row.target_major,
    status: row.status as UpgradeStatus['status'],
    progress: steps.at(-1)?.key ?? null,
    steps,
    full_backup: row.full_backup,
    error: row.error,
  }
}

/**
 * A restore onto a newer major: the upgrade is recorded now (no steps yet) and started by the restore job once the
 * project runs again on its own major.
 */
export async function upgradeAfterRestore(
  ctx: AppContext,
  project: ProjectRow,
  targetMajor: number,
  userId: number,
): Promise<{ cancel(): Promise<void> }> {
  const trackingId = await recordUpgrade(ctx, project, targetMajor, userId)
  return {
    cancel: async () => {
      await ctx.db.deleteFrom('project_upgrades').where('tracking_id', '=', trackingId).execute()
    },
  }
}

/** Called when a restore has brought the project back: starts the upgrade its restore asked for, if any. */
export async function startUpgradeAfterRestore(ctx: AppContext, ref: string): Promise<void> {
  const waiting = await ctx.db
    .selectFrom('project_upgrades')
    .select(['started_by'])
    .where('project_ref', '=', ref)
    .where('status', '=', 'Upgrading')
    .where(sql<boolean>`jsonb_array_length(steps) = 0`)
    .executeTakeFirst()
  if (!waiting) return
  const project = await ctx.db.selectFrom('projects').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow()
  await startOperation(ctx, project, 'upgrade', waiting.started_by)
}
