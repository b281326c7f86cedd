import type { AppContext } from '../../../context'
import { fileId } from '../../../system/drivers/backup-file-id'
import { runtimeConfig } from '../runtime'
import { operationHandler } from './run-operation'

/**
 * Puts a backup of a running project back in place (replayed to `pending_recovery_target` when set): the archive is extracted beside the live data, then the
 * server stops, the directories swap and it starts on the backup's data. When anything fails the driver puts the
 * previous data back and starts it, so the project ends healthy either way, with the error shown.
 */
export function restoreBackupJob(ctx: AppContext) {
  return operationHandler(
    ctx,
    'restore-backup',
    async (project, report) => {
      const backup = await ctx.db
        .selectFrom('backups')
        .select(['file', 'postgres_major'])
        .where('id', '=', project.pending_restore_backup_id ?? -1)
        .where('project_id', '=', project.id)
        .executeTakeFirst()
      if (!backup) throw new Error('The backup to restore no longer exists')
      if (backup.postgres_major !== project.postgres_major) {
        throw new Error(
          `The backup holds Postgres ${backup.postgres_major} data; the project runs ${project.postgres_major}`,
        )
      }
      await ctx.lifecycleHooks.run('restore-backup', 'before', ctx, project)
      await report('extracting the backup', 0.1)
      await ctx.connections.closeProject(project.ref)
      ctx.health.markStopped(project.ref)
      const options = {
        onProgress: (step: string, fraction?: number) =>
          // best effort: a failed write of a step must not take the platform down
          void report(step, fraction === undefined ? undefined : 0.1 + fraction * 0.85).catch(() => {}),
      }
      if (project.pending_recovery_target) {
        await ctx.driver.restoreProjectToTime(
          project.ref,
          fileId(backup.file),
          project.pending_recovery_target,
          runtimeConfig(project),
          options,
        )
      } else {
        await ctx.driver.restoreProjectFromBackup(project.ref, fileId(backup.file), runtimeConfig(project), options)
      }
      ctx.health.markServing(project.ref)
      await ctx.db
        .updateTable('projects')
        .set({
          status: 'ACTIVE_HEALTHY',
          status_error: null,
          pending_restore_backup_id: null,
          pending_recovery_target: null,
          updated_at: new Date(),
        })
        .where('ref', '=', project.ref)
        .execute()
      await ctx.lifecycleHooks.run('restore-backup', 'after', ctx, project)
    },
    async (project, error) => {
      ctx.health.markServing(project.ref)
      await ctx.db
        .updateTable('projects')
        .set({
          status: 'ACTIVE_HEALTHY',
          status_error: `Restoring the backup failed, and the project runs on its data from before: ${error.message}`,
          pending_restore_backup_id: null,
          pending_recovery_target: null,
        })
        .where('ref', '=', project.ref)
        .execute()
    },
  )
}
