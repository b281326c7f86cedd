import { randomUUID } from 'node:crypto'
import type { JwtSecretUpdateStatusResponse, UpdateJwtSecretBody, UpdateJwtSecretResponse } from '@pgfleet/contracts'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { conflict } from '../../errors'
import { randomToken } from '../accounts/secrets'

export const JWT_SECRET_UPDATE_JOB = 'project-jwt-secret-update'

export interface JwtSecretUpdateJobData {
  /** the job queue runs one piece of work per ref at a time, so an update never overlaps a lifecycle job */
  ref: string
  updateId: number
}

/** 40 random bytes: 54 base64url characters, well above the 32 the data API's HS256 needs. */
const GENERATED_SECRET_BYTES = 40
const ONE_RUNNING_INDEX = 'jwt_secret_updates_one_running'

/**
 * Records the update (status Updating) and hands it to the durable job, which installs the secret.
 * Both API keys are derived from the secret, so they change with it and the old ones stop verifying.
 */
export async function startJwtSecretUpdate(
  ctx: AppContext,
  project: ProjectRow,
  userId: number,
  body: UpdateJwtSecretBody,
): Promise<UpdateJwtSecretResponse> {
  if (project.status === 'GOING_DOWN') throw conflict('The project is being deleted')
  const changeTrackingId = body.change_tracking_id ?? randomUUID()
  let updateId: number
  try {
    const row = await ctx.db
      .insertInto('jwt_secret_updates')
      .values({
        project_ref: project.ref,
        change_tracking_id: changeTrackingId,
        status: 'Updating',
        progress: 'Started',
        new_secret: body.jwt_secret ?? randomToken(GENERATED_SECRET_BYTES),
        requested_by: userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    updateId = row.id
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string }
    if (code === '23505' && constraint === ONE_RUNNING_INDEX) {
      throw conflict('A JWT secret update is already running for this project; wait for it to finish')
    }
    if (code === '23505') throw conflict('This change_tracking_id was already used; send a new one')
    throw error
  }
  try {
    await ctx.jobs.send<JwtSecretUpdateJobData>(JWT_SECRET_UPDATE_JOB, { ref: project.ref, updateId })
  } catch (error) {
    await finishJwtSecretUpdate(ctx, updateId, 'Failed', `Could not queue the update: ${(error as Error).message}`)
    throw error
  }
  return { change_tracking_id: changeTrackingId }
}

/** The project's latest update; every field null when its secret never changed. */
export async function jwtSecretUpdateStatus(ctx: AppContext, ref: string): Promise<JwtSecretUpdateStatusResponse> {
  const row = await ctx.db
    .selectFrom('jwt_secret_updates')
    .select(['status', 'progress', 'error', 'change_tracking_id'])
    .where('project_ref', '=', ref)
    .orderBy('id', 'desc')
    .executeTakeFirst()
  if (!row) return { status: null, progress: null, error: null, change_tracking_id: null }
  return {
    status: row.status as JwtSecretUpdateStatusResponse['status'],
    progress: row.progress,
    error: row.error,
    change_tracking_id: row.change_tracking_id,
  }
}

/** Ends an update; the pending secret is dropped either way, so only projects.jwt_secret keeps a secret. */
export async function finishJwtSecretUpdate(
  ctx: AppContext,
  updateId: number,
  status: 'Updated' | 'Failed',
  error: string | null = null,
): Promise<void> {
  await ctx.db
    .updateTable('jwt_secret_updates')
    .set({
      status,
      error,
      progress: status === 'Updated' ? 'Completed' : undefined,
      new_secret: null,
      finished_at: new Date(),
    })
    .where('id', '=', updateId)
    .execute()
}
