import { ISOLATION_GAPS_WITHOUT_ROOT, type PlatformIsolation } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'

/** What isolation this platform gives its tenants (shown on every project's infrastructure page). */
export function platformIsolationRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get('/platform/isolation', async (): Promise<PlatformIsolation> => {
      const perProject = ctx.driver.isolatesProjects()
      return {
        tenant_superuser: false,
        os_user_per_project: perProject,
        missing: perProject ? [] : [...ISOLATION_GAPS_WITHOUT_ROOT],
      }
    })
  }
}
