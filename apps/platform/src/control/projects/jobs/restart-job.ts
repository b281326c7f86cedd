import type { AppContext } from '../../../context'
import { runtimeConfig } from '../runtime'
import { setProjectStatus } from '../status'
import { operationHandler } from './run-operation'

export function restartJob(ctx: AppContext) {
  return operationHandler(
    ctx,
    'restart',
    async (project, report) => {
      await ctx.lifecycleHooks.run('restart', 'before', ctx, project)
      ctx.health.markStopped(project.ref)
      await report('restarting the database server')
      await ctx.driver.restartProject(project.ref, runtimeConfig(project))
      ctx.health.markServing(project.ref)
      await setProjectStatus(ctx.db, project.ref, 'ACTIVE_HEALTHY')
      // e.g. a restart that turned WAL archiving on opens the recovery window with a base backup
      await ctx.lifecycleHooks.run('restart', 'after', ctx, project)
    },
    async (project) => {
      // leave it running if at all possible
      await ctx.driver
        .startProject(project.ref, runtimeConfig(project))
        .catch((error: unknown) =>
          ctx.log
            .child({ component: 'projects' })
            .error('could not start the project after a failed restart', { ref: project.ref, error }),
        )
    },
  )
}
