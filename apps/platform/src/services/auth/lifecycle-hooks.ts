import type { LifecycleHooks } from '../../control/projects/lifecycle-hooks'
import { AUTH_ROLE_REASON, loadAuthRow, prepareProjectAuth } from './project-auth'

/**
 * A new project gets the auth server's role and `auth` schema before anyone sees it (its first migration may use
 * `auth.uid()`); a project made before the auth server existed gets them when it next starts (and on the auth
 * server's first request in any case).
 */
export function registerAuthLifecycleHooks(hooks: LifecycleHooks): void {
  const prepare = async ({ ctx, project }: Parameters<Parameters<LifecycleHooks['register']>[0]['run']>[0]) => {
    const row = await loadAuthRow(ctx, project.ref)
    await prepareProjectAuth(ctx, project.ref, row.adminPassword)
  }
  hooks.registerSuperuserHook(
    {
      service: 'auth',
      name: 'create the auth role and schema',
      event: 'create',
      stage: 'ready',
      onFailure: 'fail-job',
      run: prepare,
    },
    AUTH_ROLE_REASON,
  )
  for (const event of ['restore', 'restart', 'restore-backup'] as const) {
    hooks.registerSuperuserHook(
      {
        service: 'auth',
        name: 'bring the auth role and schema up to date',
        event,
        stage: 'after',
        onFailure: 'report',
        run: prepare,
      },
      AUTH_ROLE_REASON,
    )
  }
}
