import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { createAccessToken, deleteAccessToken, listAccessTokens } from '../control/accounts/access-tokens'
import { requireAuth } from '../control/accounts/request-auth'
import { getUser, toProfile } from '../control/accounts/service'
import { permissionsOf } from '../control/organizations/permissions'
import { listOrganizations } from '../control/organizations/service'
import { serve } from '../http/typed-routes'

export function profileRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/profile', async ({ request }) =>
      toProfile(await getUser(ctx.db, requireAuth(request).userId)),
    )

    serve(app, 'GET /platform/profile/permissions', async ({ request }) => {
      const organizations = await listOrganizations(ctx.db, requireAuth(request).userId)
      return organizations.map((org) => ({
        organization_id: org.id,
        organization_slug: org.slug,
        role_name: org.role_name,
        permissions: permissionsOf(org.role_name),
      }))
    })

    serve(app, 'GET /platform/profile/access-tokens', async ({ request }) =>
      listAccessTokens(ctx.db, requireAuth(request).userId),
    )

    serve(app, 'POST /platform/profile/access-tokens', async (call) => {
      const { userId } = requireAuth(call.request)
      const { name } = call.body
      call.reply.status(201)
      return createAccessToken(ctx.db, userId, name)
    })

    serve(app, 'DELETE /platform/profile/access-tokens/{id}', async ({ request, params }) => {
      const { id } = params
      await deleteAccessToken(ctx.db, requireAuth(request).userId, id)
      return {}
    })
  }
}
