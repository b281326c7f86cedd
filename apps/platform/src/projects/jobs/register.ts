import type { AppContext } from '../../context'
import type { JobHandler } from '../../jobs/queue'
import { jobNameFor, type OperationJobData } from '../operations'
import type { ProjectOperation } from '../state-machine'
import { createJob } from './create-job'
import { deleteJob } from './delete-job'
import { pauseJob } from './pause-job'
import { resizeJob } from './resize-job'
import { restartJob } from './restart-job'
import { restoreBackupJob } from './restore-backup-job'
import { restoreJob } from './restore-job'
import { upgradeJob } from './upgrade-job'

const HANDLERS: Record<ProjectOperation, (ctx: AppContext) => JobHandler<OperationJobData>> = {
  create: createJob,
  pause: pauseJob,
  restore: restoreJob,
  restart: restartJob,
  resize: resizeJob,
  delete: deleteJob,
  'restore-backup': restoreBackupJob,
  upgrade: upgradeJob,
}

/** Registers one durable queue per lifecycle operation. */
export async function registerProjectJobs(ctx: AppContext): Promise<void> {
  for (const [operation, handler] of Object.entries(HANDLERS) as [ProjectOperation, typeof createJob][]) {
    await ctx.jobs.register<OperationJobData>({
      name: jobNameFor(operation),
      handler: handler(ctx),
      // an upgrade that failed put the old cluster back: the user decides whether to try again
      retryLimit: operation === 'upgrade' ? 0 : 2,
      retryDelaySeconds: 1,
      expireInSeconds:
        operation === 'pause' || operation === 'restore-backup' || operation === 'upgrade' ? 6 * 3600 : 600,
    })
  }
}
