import { PermissionAction, PermissionResource, type ProjectInfrastructure } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { assertCan } from '../control/organizations/membership'
import { projectInfrastructure } from '../control/projects/infrastructure'
import { getProjectForUser } from '../control/projects/service'
import { serve } from '../http/typed-routes'

const INFRASTRUCTURE_DENIED = 'You need additional permissions to read this project'

/** The infrastructure page: the running server's size and live settings. Every member may read them. */
export function projectInfrastructureRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    serve(
      app,
      'GET /platform/projects/{ref}/infrastructure',
      async ({ request, params }): Promise<ProjectInfrastructure> => {
        const { ref } = params
        const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
        assertCan(membership, PermissionAction.READ, PermissionResource.PROJECTS, INFRASTRUCTURE_DENIED)
        return projectInfrastructure(ctx, row)
      },
    )
  }
}
