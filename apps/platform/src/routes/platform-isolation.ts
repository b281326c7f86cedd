import { ISOLATION_GAPS_WITHOUT_ROOT, type PlatformIsolation } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { serve } from '../http/typed-routes'
import { edgeFunctionsRuntime } from '../services/functions/runtime/edge-runtime'
import { EGRESS_GUARD_MISSING } from '../services/functions/runtime/egress-guard'

/** What isolation this platform gives its tenants (shown on every project's infrastructure page). */
export function platformIsolationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/isolation', async (): Promise<PlatformIsolation> => {
      const perProject = ctx.driver.isolatesProjects()
      const egressGuard = await edgeFunctionsRuntime(ctx).egressGuard()
      return {
        tenant_superuser: false,
        os_user_per_project: perProject,
        missing: [...(perProject ? [] : ISOLATION_GAPS_WITHOUT_ROOT), ...(egressGuard ? [] : [EGRESS_GUARD_MISSING])],
      }
    })
  }
}
