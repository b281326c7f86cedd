import type { AppContext } from '../context'
import { BACKUP_JOB, type BackupJobData, backupJob } from './backup-job'

/** Registers the backup job; a backup cut off by a crash is retried once from scratch. */
export async function registerBackupJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.register<BackupJobData>({
    name: BACKUP_JOB,
    handler: backupJob(ctx),
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: 3600,
  })
}
