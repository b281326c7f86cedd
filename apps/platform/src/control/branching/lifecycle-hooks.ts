import type { LifecycleHooks } from '../projects/lifecycle-hooks'
import { buildIfBranch, copyParentDataIfBranch, destroyClusterIfResetting, prefetchIfBranch } from './build-job'

/** As long as the create job may run: these wait on a whole cluster (removed, or copied from the parent). */
const CLUSTER_WORK_TIMEOUT_MS = 10 * 60_000

/**
 * A preview branch is made by the project create job: before its cluster starts, a reset removes the old one and a
 * branch with data gets a copy of its parent's; once it is up, its migrations are queued. Each does nothing for a
 * project that is not a branch, and each is safe to run again (a removed cluster, a present copy, a queued build).
 */
export function registerBranchingLifecycleHooks(hooks: LifecycleHooks): void {
  hooks.register({
    service: 'branching',
    name: 'remove the cluster of a branch being reset',
    event: 'create',
    stage: 'before',
    onFailure: 'fail-job',
    timeoutMs: CLUSTER_WORK_TIMEOUT_MS,
    role: 'none',
    run: ({ ctx, project }) => destroyClusterIfResetting(ctx, project),
  })
  hooks.register({
    service: 'branching',
    name: "start fetching the branch's git files",
    event: 'create',
    stage: 'before',
    // it only starts the fetch: a failed fetch is left to the build, which fetches again and reports it
    onFailure: 'fail-job',
    role: 'none',
    run: ({ ctx, project }) => prefetchIfBranch(ctx, project),
  })
  hooks.registerSuperuserHook(
    {
      service: 'branching',
      name: "copy the parent's data",
      event: 'create',
      stage: 'before',
      onFailure: 'fail-job',
      timeoutMs: CLUSTER_WORK_TIMEOUT_MS,
      run: ({ ctx, project }) => copyParentDataIfBranch(ctx, project),
    },
    "the driver copies the running parent's files between pg_backup_start and pg_backup_stop, with a replication slot holding its WAL: only the platform's superuser may do that on the parent",
  )
  hooks.register({
    service: 'branching',
    name: "queue the branch's migrations",
    event: 'create',
    stage: 'after',
    onFailure: 'fail-job',
    // the build job itself applies them as the tenant's owner role
    role: 'none',
    run: ({ ctx, project }) => buildIfBranch(ctx, project),
  })
}
