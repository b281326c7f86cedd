import type { AppContext } from '../../context'
import { STORAGE_ARCHIVE_JOB, type StorageArchiveJobData, storageArchiveJob } from './archive-job'

/** Registers storage's durable jobs. A job cut off by a crash is retried by pg-boss and rebuilds from scratch. */
export async function registerStorageJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.register<StorageArchiveJobData>({
    name: STORAGE_ARCHIVE_JOB,
    handler: storageArchiveJob(ctx),
    retryLimit: 2,
    retryDelaySeconds: 2,
    expireInSeconds: 3600,
  })
}
