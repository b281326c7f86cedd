import {
  API_KEYS_MANAGE_DENIED,
  API_KEYS_PERMISSION_DENIED,
  LEGACY_API_KEYS_UPDATE_DENIED,
  PermissionAction,
  PermissionResource,
} from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import {
  createApiKey,
  deleteApiKey,
  getApiKey,
  type KeyVisibility,
  legacyApiKeysStatus,
  listApiKeys,
  setLegacyApiKeys,
  updateApiKey,
} from '../control/keys/api-key-service'
import { assertCan, type Membership } from '../control/organizations/membership'
import { roleCan } from '../control/organizations/permissions'
import { getProjectForUser } from '../control/projects/service'
import { forbidden } from '../errors'
import { type CallWithParams, serve } from '../http/typed-routes'

/**
 * The project's API keys, as the hosted Management API has them. Every member lists them; secret values (and the
 * legacy service_role key) only reach members who may read service keys, and secret values only with ?reveal=true.
 * Creating, renaming and revoking keys, and the legacy keys' switch, take the right to rotate the JWT secret.
 */
export function projectApiKeyRoutes(ctx: AppContext) {
  async function projectOf({ request, params }: CallWithParams<{ ref: string }>) {
    const userId = requireAuth(request).userId
    return { ...(await getProjectForUser(ctx, userId, params.ref)), userId }
  }

  function visibilityOf(membership: Membership, reveal: boolean | undefined): KeyVisibility {
    const canReadSecrets = roleCan(membership.role, PermissionAction.READ, PermissionResource.SERVICE_API_KEYS)
    if (reveal && !canReadSecrets) throw forbidden(API_KEYS_PERMISSION_DENIED)
    return { canReadSecrets, reveal: reveal ?? false }
  }

  const assertMayManage = (membership: Membership, message: string) =>
    assertCan(membership, PermissionAction.UPDATE, PermissionResource.PROJECTS, message)

  return async (app: FastifyInstance) => {
    serve(app, 'GET /v1/projects/{ref}/api-keys', async (call) => {
      const { row, membership } = await projectOf(call)
      return listApiKeys(ctx, row, visibilityOf(membership, call.query.reveal))
    })

    serve(app, 'POST /v1/projects/{ref}/api-keys', async (call) => {
      const { row, membership, userId } = await projectOf(call)
      assertMayManage(membership, API_KEYS_MANAGE_DENIED)
      const visibility = visibilityOf(membership, call.query.reveal)
      const created = await createApiKey(ctx, row, userId, call.body, visibility)
      call.reply.status(201)
      return created
    })

    serve(app, 'GET /v1/projects/{ref}/api-keys/legacy', async (call) => {
      const { row } = await projectOf(call)
      return legacyApiKeysStatus(row)
    })

    serve(app, 'PUT /v1/projects/{ref}/api-keys/legacy', async (call) => {
      const { row, membership } = await projectOf(call)
      assertMayManage(membership, LEGACY_API_KEYS_UPDATE_DENIED)
      return setLegacyApiKeys(ctx, row, call.query.enabled)
    })

    serve(app, 'GET /v1/projects/{ref}/api-keys/{id}', async (call) => {
      const { row, membership } = await projectOf(call)
      const visibility = visibilityOf(membership, call.query.reveal)
      if (call.params.id === 'service_role' && !visibility.canReadSecrets) throw forbidden(API_KEYS_PERMISSION_DENIED)
      return getApiKey(ctx, row, call.params.id, visibility)
    })

    serve(app, 'PATCH /v1/projects/{ref}/api-keys/{id}', async (call) => {
      const { row, membership } = await projectOf(call)
      assertMayManage(membership, API_KEYS_MANAGE_DENIED)
      return updateApiKey(ctx, row, call.params.id, call.body, visibilityOf(membership, call.query.reveal))
    })

    serve(app, 'DELETE /v1/projects/{ref}/api-keys/{id}', async (call) => {
      const { row, membership } = await projectOf(call)
      assertMayManage(membership, API_KEYS_MANAGE_DENIED)
      return deleteApiKey(ctx, row, call.params.id, visibilityOf(membership, call.query.reveal))
    })
  }
}
