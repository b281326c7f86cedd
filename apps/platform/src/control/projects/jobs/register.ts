import type { AppContext } from '../../../context'
import type { JobHandler } from '../../../jobs/queue'
import { jobNameFor, type OperationJobData } from '../operations'
import type { ProjectOperation } from '../state-machine'
import { createJob } from './create-job'
import { deleteJob } from './delete-job'
import { pauseJob } from './pause-job'
import { resizeJob } from './resize-job'
import { restartJob } from './restart-job'
import { restoreBackupJob } from './restore-backup-job'
import { restoreJob } from './restore-job'

/** Every operation but the upgrade, whose room registers its own queue (`control/upgrade/register.ts`). */
const HANDLERS: Record<Exclude<ProjectOperation, 'upgrade'>, (ctx: AppContext) => JobHandler<OperationJobData>> = {
  create: createJob,
  pause: pauseJob,
  restore: restoreJob,
  restart: restartJob,
  resize: resizeJob,
  delete: deleteJob,
  'restore-backup': restoreBackupJob,
}

/** Registers one durable queue per lifecycle operation. */
export async function registerProjectJobs(ctx: AppContext): Promise<void> {
  for (const [operation, handler] of Object.entries(HANDLERS) as [keyof typeof HANDLERS, typeof createJob][]) {
    await ctx.jobs.register<OperationJobData>({
      name: jobNameFor(operation),
      handler: handler(ctx),
      retryLimit: 2,
      retryDelaySeconds: 1,
      expireInSeconds: operation === 'pause' || operation === 'restore-backup' ? 6 * 3600 : 600,
    })
  }
}
