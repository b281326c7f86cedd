import type { AppContext } from '../../context'
import { runtimeConfig } from './runtime'

/**
 * Runs at start: projects that should be running are started again (or adopted when their postmaster
 * survived), and creations interrupted by a crash are handed back to the job queue.
 */
export async function recoverProjects(ctx: AppContext): Promise<void> {
  const log = ctx.log.child({ component: 'recovery' })
  const projects = await ctx.db
    .selectFrom('projects')
    .select(['ref', 'status', 'port', 'postgres_major', 'compute_size', 'pitr_retention_days'])
    .execute()
  await Promise.all(
    projects.map(async (project) => {
      if (project.status === 'ACTIVE_HEALTHY') {
        try {
          await ctx.driver.startProject(project.ref, runtimeConfig(project))
          ctx.health.markServing(project.ref)
        } catch (error) {
          log.error('could not start the project', { ref: project.ref, error })
        }
      } else if (project.status === 'INACTIVE') {
        // a paused project's server must not run: one left over from a crash mid-pause is stopped
        await ctx.driver
          .stopProject(project.ref)
          .catch((error: unknown) => log.warn('could not stop the paused project', { ref: project.ref, error }))
      }
      // transitional statuses: their operations are resumed by resumeOperations()
    }),
  )
}
