import type { AppContext } from '../../context'
import { jobNameFor, type OperationJobData } from '../projects/operations'
import { upgradeJob } from './upgrade-job'

/** The upgrade's durable queue: one attempt (a failed upgrade put the old cluster back; the user decides). */
export async function registerUpgradeJob(ctx: AppContext): Promise<void> {
  await ctx.jobs.register<OperationJobData>({
    name: jobNameFor('upgrade'),
    handler: upgradeJob(ctx),
    retryLimit: 0,
    retryDelaySeconds: 1,
    expireInSeconds: 6 * 3600,
  })
}
