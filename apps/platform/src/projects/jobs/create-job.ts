import type { ComputeSize } from '@pgfleet/contracts'
import type { AppContext } from '../context'
import type { JobAttempt } from '../jobs/queue'
import { setProjectStatus } from './status'

export const PROJECT_CREATE_JOB = 'project-create'

export interface ProjectCreateJobData {
  ref: string
  /** SCRAM verifier of the postgres role's password; the plaintext never leaves the request */
  passwordVerifier: string
}

/**
 * Initialises, starts and bootstraps the project's cluster, then marks it ACTIVE_HEALTHY.
 * Idempotent: a retry after a crash finds whatever the earlier attempt left and carries on.
 */
export function projectCreateHandler(ctx: AppContext) {
  return async ({ ref, passwordVerifier }: ProjectCreateJobData, { isFinalAttempt }: JobAttempt): Promise<void> => {
    const row = await ctx.db.selectFrom('projects').selectAll().where('ref', '=', ref).executeTakeFirst()
    if (row?.status !== 'COMING_UP') return
    try {
      await ctx.driver.createProject({
        ref,
        major: row.postgres_major,
        port: row.port,
        superuserPassword: passwordVerifier,
        authenticatorPassword: row.authenticator_password,
        computeSize: row.compute_size as ComputeSize,
      })
      ctx.health.markServing(ref)
      await setProjectStatus(ctx.db, ref, 'ACTIVE_HEALTHY')
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (isFinalAttempt) {
        await setProjectStatus(ctx.db, ref, 'UNKNOWN', `Setting up the database failed: ${message}`)
      } else {
        await setProjectStatus(ctx.db, ref, 'COMING_UP', `Setting up the database failed, retrying: ${message}`)
      }
      throw error
    }
  }
}
