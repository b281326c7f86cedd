import { STORAGE_ARCHIVE_NOT_FOUND, type StorageArchiveResponse } from '@pgfleet/contracts'
import type { AppContext } from '../../context'
import { HttpError, notFound } from '../../errors'
import type { JobHandler } from '../../jobs/queue'
import { archiveState, buildArchive, clearArchive, recordArchiveFailure } from './archive'

/** The durable job that builds a project's storage archive (POST /platform/storage/{ref}/archive). */
export const STORAGE_ARCHIVE_JOB = 'storage-archive'

export interface StorageArchiveJobData {
  ref: string
}

export function storageArchiveJob(ctx: AppContext): JobHandler<StorageArchiveJobData> {
  return async ({ ref }, attempt) => {
    const project = await ctx.db.selectFrom('projects').select('ref').where('ref', '=', ref).executeTakeFirst()
    if (!project) return // deleted since: nothing to archive, nowhere to put it
    try {
      await buildArchive(ctx.config.dataDir, ref)
    } catch (error) {
      // the last attempt leaves its reason where GET /archive reports it, instead of a wait that never ends
      if (attempt.isFinalAttempt) await recordArchiveFailure(ctx.config.dataDir, ref, (error as Error).message)
      throw error
    }
  }
}

export async function startStorageArchive(ctx: AppContext, ref: string): Promise<void> {
  await clearArchive(ctx.config.dataDir, ref)
  await ctx.jobs.send<StorageArchiveJobData>(STORAGE_ARCHIVE_JOB, { ref })
}

/** `{ fileUrl }` once built; 404 'Storage archive not found' until then; the failure when the job gave up. */
export async function storageArchive(ctx: AppContext, ref: string, fileUrl: string): Promise<StorageArchiveResponse> {
  const state = await archiveState(ctx.config.dataDir, ref)
  if (state?.state === 'ready') return { fileUrl }
  if (state?.state === 'failed') throw new HttpError(500, state.message)
  throw notFound(STORAGE_ARCHIVE_NOT_FOUND)
}
