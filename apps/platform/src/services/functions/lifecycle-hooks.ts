import type { LifecycleHooks } from '../../control/projects/lifecycle-hooks'
import { removeProjectFunctions } from './service'

/** A deleted project's functions go with it: workers, files and OS user; each step is a no-op once done. */
export function registerEdgeFunctionLifecycleHooks(hooks: LifecycleHooks): void {
  hooks.register({
    service: 'edge-functions',
    name: "remove the project's functions",
    event: 'delete',
    stage: 'after',
    onFailure: 'fail-job',
    role: 'none',
    run: ({ ctx, project }) => removeProjectFunctions(ctx, project.ref),
  })
}
