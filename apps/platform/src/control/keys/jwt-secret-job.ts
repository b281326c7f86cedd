import { JWT_SECRET_MIN_LENGTH, JWT_SECRET_UPDATE_PROGRESS } from '@pgfleet/contracts'
import type { AppContext } from '../../context'
import type { JobAttempt } from '../../jobs/queue'
import { PROJECT_CACHE_TTL_MS } from '../projects/cache-ttl'
import { projectKeyrings } from './api-key-keyrings'
import { finishJwtSecretUpdate, type JwtSecretUpdateJobData } from './jwt-secret'

const [, STORING] = JWT_SECRET_UPDATE_PROGRESS

/**
 * Installs a project's new JWT secret. Idempotent: storing the same secret twice changes nothing, so a run
 * cut off by a crash is simply run again. It reports Updated only once the data API (which re-reads the
 * secret at least every PROJECT_CACHE_TTL_MS) verifies with the new secret, so the new keys work by then.
 */
export function jwtSecretUpdateJob(ctx: AppContext, dataApiPickupMs = PROJECT_CACHE_TTL_MS) {
  return async ({ ref, updateId }: JwtSecretUpdateJobData, { isFinalAttempt }: JobAttempt): Promise<void> => {
    const update = await ctx.db
      .selectFrom('jwt_secret_updates')
      .selectAll()
      .where('id', '=', updateId)
      .executeTakeFirst()
    // already over (a duplicate run after recovery), or the project was deleted with its updates
    if (update?.status !== 'Updating') return
    try {
      await ctx.db.updateTable('jwt_secret_updates').set({ progress: STORING }).where('id', '=', updateId).execute()
      const secret = update.new_secret
      if (!secret || secret.length < JWT_SECRET_MIN_LENGTH) {
        throw new Error(`The new JWT secret must be at least ${JWT_SECRET_MIN_LENGTH} characters`)
      }
      const stored = await ctx.db
        .updateTable('projects')
        .set({ jwt_secret: secret, updated_at: new Date() })
        .where('ref', '=', ref)
        .where('status', '!=', 'GOING_DOWN')
        .executeTakeFirst()
      if (stored.numUpdatedRows === 0n) throw new Error('The project is being deleted')
      // this process's services verify with the new secret from the next request; other replicas within the wait
      projectKeyrings(ctx).invalidate(ref)
      await new Promise((resolve) => setTimeout(resolve, dataApiPickupMs))
      await finishJwtSecretUpdate(ctx, updateId, 'Updated')
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      if (!isFinalAttempt) {
        await ctx.db
          .updateTable('jwt_secret_updates')
          .set({ progress: `Retrying: ${message}` })
          .where('id', '=', updateId)
          .execute()
        throw error
      }
      await finishJwtSecretUpdate(ctx, updateId, 'Failed', message)
    }
  }
}
