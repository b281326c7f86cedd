import type { LifecycleHooks } from '../projects/lifecycle-hooks'
import { ensureDefaultApiKeys } from './api-key-service'

/** A new project (or preview branch) gets its default publishable and secret keys; making them twice makes them once. */
export function registerKeyLifecycleHooks(hooks: LifecycleHooks): void {
  hooks.register({
    service: 'api-keys',
    name: 'create the default publishable and secret keys',
    event: 'create',
    stage: 'after',
    // listing the keys makes them too, so a failure here is caught up on first use
    onFailure: 'report',
    role: 'none',
    run: ({ ctx, project }) => ensureDefaultApiKeys(ctx, project.ref),
  })
}
