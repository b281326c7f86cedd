import type { AppContext } from '../../../context'
import { operationHandler } from './run-operation'

/**
 * Delete = stop the server, remove its data directory and backups, then what services keep for the project (their
 * hooks run while the row is still there), then the row (backup rows cascade).
 */
export function deleteJob(ctx: AppContext) {
  return operationHandler(ctx, 'delete', async (project, report) => {
    await ctx.lifecycleHooks.run('delete', 'before', ctx, project)
    await ctx.projectStopping(project.ref)
    ctx.health.markStopped(project.ref)
    await report('stopping the server and removing its data', 0.2)
    await ctx.driver.destroyProject(project.ref)
    await ctx.lifecycleHooks.run('delete', 'after', ctx, project)
    await report('removing the project record', 0.9)
    await ctx.db.deleteFrom('projects').where('ref', '=', project.ref).execute()
  })
}
