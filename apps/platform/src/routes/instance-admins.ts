import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import {
  addInstanceAdmin,
  assertInstanceAdmin,
  listInstanceAdmins,
  removeInstanceAdmin,
} from '../control/instance/admins'
import { serve } from '../http/typed-routes'

/** Instance administrators: only they see the list, name others and remove them. */
export function instanceAdminRoutes(ctx: AppContext) {
  const configuredEmail = () => ctx.config.admin?.email
  const admin = async (userId: number) => assertInstanceAdmin(ctx.db, userId)

  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/instance-admins', async ({ request }) => {
      await admin(requireAuth(request).userId)
      return listInstanceAdmins(ctx.db, configuredEmail())
    })

    serve(app, 'POST /platform/instance-admins', async (call) => {
      await admin(requireAuth(call.request).userId)
      const { email } = call.body
      call.reply.status(201)
      return addInstanceAdmin(ctx.db, email, configuredEmail())
    })

    serve(app, 'DELETE /platform/instance-admins/{userId}', async ({ request, params }) => {
      const { userId: callerId } = requireAuth(request)
      await admin(callerId)
      const { userId } = params
      await removeInstanceAdmin(ctx.db, callerId, userId)
      return {}
    })
  }
}
