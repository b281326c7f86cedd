import {
  API_KEYS_PERMISSION_DENIED,
  JWT_SECRET_UPDATE_DENIED,
  type JwtSecretUpdateStatusResponse,
  PermissionAction,
  PermissionResource,
  type PostgrestConfigResponse,
} from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { jwtSecretUpdateStatus, startJwtSecretUpdate } from '../control/keys/jwt-secret'
import { postgrestConfig } from '../control/keys/project-config'
import { assertCan } from '../control/organizations/membership'
import { getProjectForUser } from '../control/projects/service'
import { type CallWithParams, serve } from '../http/typed-routes'

/**
 * The JWT secret (rotation as a durable job, and its status) and the data API configuration that carries the
 * secret. The API keys themselves are answered by project-api-keys.ts (/v1/projects/{ref}/api-keys).
 */
export function projectKeysRoutes(ctx: AppContext) {
  async function projectOf({ request, params }: CallWithParams<{ ref: string }>) {
    const { ref } = params
    const userId = requireAuth(request).userId
    return { ...(await getProjectForUser(ctx, userId, ref)), userId }
  }

  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/projects/{ref}/config/postgrest', async (call): Promise<PostgrestConfigResponse> => {
      const { row, membership } = await projectOf(call)
      assertCan(membership, PermissionAction.READ, PermissionResource.SERVICE_API_KEYS, API_KEYS_PERMISSION_DENIED)
      return postgrestConfig(ctx, row)
    })

    // the hosted product's path; without jwt_secret the platform generates a new secret
    serve(app, 'PATCH /platform/projects/{ref}/config/secrets', async (call) => {
      const { row, membership, userId } = await projectOf(call)
      assertCan(membership, PermissionAction.UPDATE, PermissionResource.PROJECTS, JWT_SECRET_UPDATE_DENIED)
      const body = call.body
      call.reply.status(202)
      return await startJwtSecretUpdate(ctx, row, userId, body)
    })

    serve(
      app,
      'GET /platform/props/project/{ref}/jwt-secret-update-status',
      async (call): Promise<JwtSecretUpdateStatusResponse> => {
        const { row } = await projectOf(call)
        return jwtSecretUpdateStatus(ctx, row.ref)
      },
    )
  }
}
