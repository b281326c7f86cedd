import type { LifecycleHooks } from '../../control/projects/lifecycle-hooks'
import { removeProjectStorage } from './service'

/** A deleted project's objects go with it (a pause keeps them); removing what is gone already changes nothing. */
export function registerStorageLifecycleHooks(hooks: LifecycleHooks): void {
  hooks.register({
    service: 'storage',
    name: "remove the project's object files",
    event: 'delete',
    stage: 'after',
    onFailure: 'fail-job',
    // as long as the delete job may run: a project can hold many objects
    timeoutMs: 10 * 60_000,
    role: 'none',
    run: ({ ctx, project }) => removeProjectStorage(ctx, project.ref),
  })
}
