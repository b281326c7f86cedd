import { sql } from 'kysely'
import type { AppContext } from '../../context'
import { operationHandler } from '../projects/jobs/run-operation'
import { runtimeConfig } from '../projects/runtime'

/** Appends a reached progress key to the upgrade's record. */
async function recordProgress(ctx: AppContext, upgradeId: number, key: string) {
  const step = JSON.stringify([{ key, at: new Date().toISOString() }])
  await ctx.db
    .updateTable('project_upgrades')
    .set({ steps: sql`steps || ${step}::jsonb`, latest_status_at: new Date() })
    .where('id', '=', upgradeId)
    .execute()
}

/**
 * A major upgrade (status UPGRADING): the driver moves the data to the new major and switches over; the project
 * row follows, then a full backup of the upgraded cluster, and only then is the upgrade Upgraded. A failure
 * leaves the project on its old major (the driver puts it back) and the upgrade Failed with the reason.
 */
export function upgradeJob(ctx: AppContext) {
  const latestUpgrade = (ref: string) =>
    ctx.db
      .selectFrom('project_upgrades')
      .selectAll()
      .where('project_ref', '=', ref)
      .where('status', '=', 'Upgrading')
      .orderBy('initiated_at', 'desc')
      .executeTakeFirst()

  return operationHandler(
    ctx,
    'upgrade',
    async (project, report) => {
      const upgrade = await latestUpgrade(project.ref)
      if (!upgrade) throw new Error('No upgrade of this project is waiting')
      const engine = ctx.engines.find((candidate) => candidate.major === upgrade.target_major)
      if (!engine) throw new Error(`Postgres ${upgrade.target_major} is not installed on this platform`)
      const source = runtimeConfig(project)
      await ctx.lifecycleHooks.run('upgrade', 'before', ctx, project)
      await ctx.connections.closeProject(project.ref)
      ctx.health.markStopped(project.ref)
      await ctx.driver.upgradeProject(project.ref, source, { ...source, major: upgrade.target_major }, async (key) => {
        await recordProgress(ctx, upgrade.id, key)
        await report(key)
      })
      ctx.health.markServing(project.ref)
      await ctx.db
        .updateTable('projects')
        .set({ postgres_major: engine.major, postgres_version: engine.version, updated_at: new Date() })
        .where('id', '=', project.id)
        .execute()
      // the old major's backups cannot restore into this one: a full backup on the new major comes first
      await ctx.db
        .updateTable('project_upgrades')
        .set({ full_backup: true, latest_status_at: new Date() })
        .where('id', '=', upgrade.id)
        .execute()
      await report('taking a full backup')
      try {
        const backup = await ctx.driver.backupProject(project.ref, { kind: 'online' })
        await ctx.db
          .insertInto('backups')
          .values({
            project_id: project.id,
            kind: 'upgrade',
            file: backup.file,
            bytes: backup.bytes,
            postgres_major: engine.major,
          })
          .execute()
      } catch (error) {
        // the project already runs on the new major: the scheduler takes the next backup, and the page says why
        await ctx.db
          .updateTable('projects')
          .set({ last_backup_error: `The backup after the upgrade failed: ${(error as Error).message}` })
          .where('id', '=', project.id)
          .execute()
      }
      await ctx.db
        .updateTable('project_upgrades')
        .set({ status: 'Upgraded', full_backup: false, latest_status_at: new Date() })
        .where('id', '=', upgrade.id)
        .execute()
      await ctx.db
        .updateTable('projects')
        .set({ status: 'ACTIVE_HEALTHY', status_error: null })
        .where('id', '=', project.id)
        .execute()
      await ctx.lifecycleHooks.run('upgrade', 'after', ctx, project)
    },
    async (project, error) => {
      const upgrade = await latestUpgrade(project.ref)
      if (upgrade) {
        await ctx.db
          .updateTable('project_upgrades')
          .set({ status: 'Failed', error: error.message, latest_status_at: new Date() })
          .where('id', '=', upgrade.id)
          .execute()
      }
      ctx.health.markServing(project.ref)
      await ctx.db
        .updateTable('projects')
        .set({ status: 'ACTIVE_HEALTHY', status_error: `The upgrade failed: ${error.message}` })
        .where('id', '=', project.id)
        .execute()
    },
  )
}
