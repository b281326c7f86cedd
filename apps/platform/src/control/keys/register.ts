import { sql } from 'kysely'
import type { AppContext } from '../../context'
import { JWT_SECRET_UPDATE_JOB, type JwtSecretUpdateJobData } from './jwt-secret'
import { jwtSecretUpdateJob } from './jwt-secret-job'

/**
 * Registers the JWT secret update queue, then re-sends the job of any update still Updating without a queued
 * job (the platform stopped between recording the update and queueing it).
 */
export async function registerKeyJobs(ctx: AppContext): Promise<void> {
  const log = ctx.log.child({ component: 'recovery' })
  await ctx.jobs.register<JwtSecretUpdateJobData>({
    name: JWT_SECRET_UPDATE_JOB,
    handler: jwtSecretUpdateJob(ctx),
    retryLimit: 2,
    retryDelaySeconds: 1,
    expireInSeconds: 120,
  })
  const running = await ctx.db
    .selectFrom('jwt_secret_updates')
    .select(['id', 'project_ref'])
    .where('status', '=', 'Updating')
    .execute()
  for (const update of running) {
    const queued = await sql<{ n: number }>`
      select count(*)::int as n from pgboss.job
      where name = ${JWT_SECRET_UPDATE_JOB} and (data->>'updateId')::int = ${update.id}
        and state in ('created', 'retry', 'active')`.execute(ctx.db)
    if ((queued.rows[0]?.n ?? 0) > 0) continue
    log.info('resuming the JWT secret update of the project', { ref: update.project_ref })
    await ctx.jobs.send<JwtSecretUpdateJobData>(JWT_SECRET_UPDATE_JOB, { ref: update.project_ref, updateId: update.id })
  }
}
