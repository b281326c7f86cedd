import { PermissionAction, PermissionResource, type ProjectInfrastructure } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import { requireAuth } from '../auth/request-auth'
import type { AppContext } from '../context'
import { serve } from '../http/typed-routes'
import { assertCan } from '../organizations/membership'
import { projectInfrastructure } from '../projects/infrastructure'
import { getProjectForUser } from '../projects/service'

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
