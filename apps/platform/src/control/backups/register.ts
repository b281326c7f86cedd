import type { AppContext } from '../../context'
import { BACKUP_JOB, type BackupJobData, backupJob } from './backup-job'
import { RESTORE_CHECK_JOB, type RestoreCheckJobData, restoreCheckJob } from './restore-check-job'

/** Registers the backup job (a backup cut off by a crash is retried once from scratch) and the restore check. */
export async function registerBackupJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.register<BackupJobData>({
    name: BACKUP_JOB,
    handler: backupJob(ctx),
    retryLimit: 1,
    retryDelaySeconds: 30,
    expireInSeconds: 3600,
  })
  await ctx.jobs.register<RestoreCheckJobData>({
    name: RESTORE_CHECK_JOB,
    handler: restoreCheckJob(ctx),
    retryLimit: 0,
    expireInSeconds: 3600,
  })
}
