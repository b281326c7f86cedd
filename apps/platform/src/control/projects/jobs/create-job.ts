import type { AppContext } from '../../../context'
import { runtimeConfig } from '../runtime'
import { operationHandler } from './run-operation'

/**
 * Initialises, starts and bootstraps the project's cluster, then marks it ACTIVE_HEALTHY. The postgres role's
 * password arrives as a SCRAM verifier kept on the row only until the cluster has it.
 */
export function createJob(ctx: AppContext) {
  return operationHandler(ctx, 'create', async (project, report) => {
    // e.g. a preview branch being reset starts again from an empty cluster, one with data from its parent's
    await ctx.lifecycleHooks.run('create', 'before', ctx, project)
    await report('initialising the database cluster')
    const result = await ctx.driver.createProject({
      ...runtimeConfig(project),
      ref: project.ref,
      superuserPassword: project.pending_password_verifier ?? '',
      authenticatorPassword: project.authenticator_password,
      diskSizeBytes: project.disk_size_bytes === null ? undefined : Number(project.disk_size_bytes),
    })
    ctx.health.markServing(project.ref)
    // e.g. the auth server's schema, which the tenant's first migration may reference
    await ctx.lifecycleHooks.run('create', 'ready', ctx, project)
    await ctx.db
      .updateTable('projects')
      .set({
        status: 'ACTIVE_HEALTHY',
        status_error: null,
        pending_password_verifier: null,
        postgres_version: result.version,
        updated_at: new Date(),
      })
      .where('ref', '=', project.ref)
      .execute()
    // e.g. a preview branch's migrations run as their own job once its cluster is up
    await ctx.lifecycleHooks.run('create', 'after', ctx, project)
  })
}
