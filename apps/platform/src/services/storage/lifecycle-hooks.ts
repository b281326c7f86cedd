import type { LifecycleHooks } from '../../control/projects/lifecycle-hooks'
import { ensureStorageSchema } from './schema'
import { removeProjectStorage } from './service'

/**
 * A new project gets the storage schema; a deleted project's objects go with it (a pause keeps them); removing what
 * is gone already changes nothing.
 */
export function registerStorageLifecycleHooks(hooks: LifecycleHooks): void {
  // a new project has the storage schema before anyone sees it: its first migration may write policies on it
  hooks.register({
    service: 'storage',
    name: 'create the storage schema',
    event: 'create',
    stage: 'ready',
    onFailure: 'report',
    role: 'tenant-owner',
    run: ({ ctx, project }) =>
      ctx.connections.oneOff.run(project.ref, { applicationName: 'pgfleet storage' }, (client) =>
        ensureStorageSchema(client),
      ),
  })
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
