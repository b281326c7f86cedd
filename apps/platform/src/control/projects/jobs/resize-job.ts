import type { ComputeSize } from '@pgfleet/contracts'
import type { AppContext } from '../../../context'
import { runtimeConfig } from '../runtime'
import { operationHandler } from './run-operation'

/** New compute size = new server settings + a restart. A failed resize goes back to the old size. */
export function resizeJob(ctx: AppContext) {
  return operationHandler(
    ctx,
    'resize',
    async (project, report) => {
      const target = (project.pending_compute_size ?? project.compute_size) as ComputeSize
      await ctx.lifecycleHooks.run('resize', 'before', ctx, project)
      ctx.health.markStopped(project.ref)
      await report(`applying compute size ${target} and restarting`)
      await ctx.driver.restartProject(project.ref, { ...runtimeConfig(project), computeSize: target })
      ctx.health.markServing(project.ref)
      await ctx.db
        .updateTable('projects')
        .set({ status: 'ACTIVE_HEALTHY', status_error: null, compute_size: target, pending_compute_size: null })
        .where('ref', '=', project.ref)
        .execute()
      // the pools were sized for the old max_connections
      await ctx.connections.closeProject(project.ref)
      await ctx.lifecycleHooks.run('resize', 'after', ctx, project)
    },
    async (project, error) => {
      await ctx.driver.restartProject(project.ref, runtimeConfig(project)).catch((restartError: unknown) =>
        ctx.log
          .child({ component: 'projects' })
          .error('could not restart the project at its old size after a failed resize', {
            ref: project.ref,
            error: restartError,
          }),
      )
      await ctx.db
        .updateTable('projects')
        .set({
          status: 'ACTIVE_HEALTHY',
          status_error: `Resizing to ${project.pending_compute_size} failed: ${error.message}`,
          pending_compute_size: null,
        })
        .where('ref', '=', project.ref)
        .execute()
    },
  )
}
