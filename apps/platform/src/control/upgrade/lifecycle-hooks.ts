import type { LifecycleHooks } from '../projects/lifecycle-hooks'
import { startUpgradeAfterRestore } from './upgrade-service'

/** A project restored onto a newer major version is upgraded at once: the restore starts the upgrade it waits for. */
export function registerUpgradeLifecycleHooks(hooks: LifecycleHooks): void {
  hooks.register({
    service: 'upgrade',
    name: 'start the upgrade a restore onto a newer major version waits for',
    event: 'restore',
    stage: 'after',
    onFailure: 'fail-job',
    // it starts an operation in the control plane; the upgrade job does the work
    role: 'none',
    run: ({ ctx, project }) => startUpgradeAfterRestore(ctx, project.ref),
  })
}
