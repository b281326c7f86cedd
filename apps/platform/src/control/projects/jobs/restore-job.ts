import { allocatePort } from '@pgfleet/engine'
import type { AppContext } from '../../../context'
import { runtimeConfig } from '../runtime'
import { operationHandler } from './run-operation'

async function portFor(ctx: AppContext, preferred: number | null, ref: string): Promise<number> {
  const rows = await ctx.db
    .selectFrom('projects')
    .select('port')
    .where('port', 'is not', null)
    .where('ref', '!=', ref)
    .execute()
  const taken = new Set(rows.map((r) => r.port as number))
  const { from, to } = ctx.config.portRange
  // try the port the project had before it was paused first, so its connection string stays valid
  if (preferred && !taken.has(preferred)) {
    try {
      return await allocatePort({ from: preferred, to: preferred }, taken)
    } catch {
      // taken by something else meanwhile: any free port will do
    }
  }
  return allocatePort({ from, to }, taken)
}

/** Restore = start the paused project's server again on its data directory, on a (preferably the same) port. */
export function restoreJob(ctx: AppContext) {
  return operationHandler(ctx, 'restore', async (project, report) => {
    await ctx.lifecycleHooks.run('restore', 'before', ctx, project)
    await report('allocating a port', 0.1)
    const port = project.port ?? (await portFor(ctx, project.last_port, project.ref))
    await ctx.db.updateTable('projects').set({ port }).where('ref', '=', project.ref).execute()
    await report('starting the database server', 0.3)
    await ctx.driver.startProject(project.ref, { ...runtimeConfig(project), port })
    ctx.health.markServing(project.ref)
    await ctx.db
      .updateTable('projects')
      .set({ status: 'ACTIVE_HEALTHY', status_error: null, paused_at: null, updated_at: new Date() })
      .where('ref', '=', project.ref)
      .execute()
    // (restored onto a newer major: the upgrade's own hook starts it at once)
    await ctx.lifecycleHooks.run('restore', 'after', ctx, project)
  })
}
