import type { AppContext } from '../../../context'
import { runtimeConfig } from '../runtime'
import { operationHandler } from './run-operation'

/**
 * Pause = stop the server and archive its data directory as a downloadable backup. The data directory stays;
 * the TCP port is released (remembered in last_port so a restore can usually get it back).
 */
export function pauseJob(ctx: AppContext) {
  return operationHandler(
    ctx,
    'pause',
    async (project, report) => {
      await ctx.lifecycleHooks.run('pause', 'before', ctx, project)
      await ctx.projectStopping(project.ref)
      ctx.health.markStopped(project.ref)
      await report('stopping the database server', 0.1)
      const backup = await ctx.driver.pauseProject(project.ref, {
        // progress is best effort: a failed write of a step must not take the platform down
        onProgress: (step, fraction) => void report(step, fraction).catch(() => {}),
      })
      await report('recording the backup', 0.95)
      await ctx.db.transaction().execute(async (trx) => {
        // a repeated pause of unchanged data hands back the earlier archive: record it once
        const known = await trx.selectFrom('backups').select('id').where('file', '=', backup.file).executeTakeFirst()
        if (!known)
          await trx
            .insertInto('backups')
            .values({
              project_id: project.id,
              kind: 'pause',
              file: backup.file,
              bytes: backup.bytes,
              postgres_major: project.postgres_major,
            })
            .execute()
        await trx
          .updateTable('projects')
          .set({
            status: 'INACTIVE',
            status_error: null,
            paused_at: new Date(),
            last_port: project.port ?? project.last_port,
            port: null,
            updated_at: new Date(),
          })
          .where('ref', '=', project.ref)
          .execute()
      })
      await ctx.lifecycleHooks.run('pause', 'after', ctx, project)
    },
    async (project) => {
      // a failed pause should not leave the project down without anyone noticing: try to keep it serving
      await ctx.driver
        .startProject(project.ref, runtimeConfig(project))
        .catch((error: unknown) =>
          ctx.log
            .child({ component: 'projects' })
            .error('could not start the project again after a failed pause', { ref: project.ref, error }),
        )
    },
  )
}
