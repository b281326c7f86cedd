import type { AppContext } from '../../context'
import { removeProjectFunctions } from '../../edge-functions/service'
import { removeProjectStorage } from '../../storage/service'
import { operationHandler } from './run-operation'

/** Delete = stop the server, remove its data directory and backups, then the row (backup rows cascade). */
export function deleteJob(ctx: AppContext) {
  return operationHandler(ctx, 'delete', async (project, report) => {
    await ctx.projectStopping(project.ref)
    ctx.health.markStopped(project.ref)
    await report('stopping the server and removing its data', 0.2)
    await ctx.driver.destroyProject(project.ref)
    await removeProjectStorage(ctx, project.ref)
    await removeProjectFunctions(ctx, project.ref)
    await report('removing the project record', 0.9)
    await ctx.db.deleteFrom('projects').where('ref', '=', project.ref).execute()
  })
}
