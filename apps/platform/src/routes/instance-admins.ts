import { AddInstanceAdminBody, RowId } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { requireAuth } from '../auth/request-auth'
import type { AppContext } from '../context'
import { parseInput } from '../errors'
import { serve } from '../http/typed-routes'
import {
  addInstanceAdmin,
  assertInstanceAdmin,
  listInstanceAdmins,
  removeInstanceAdmin,
} from '../users/instance-admins'

const AdminParams = z.object({ userId: RowId('Invalid user id') })

/** Instance administrators: only they see the list, name others and remove them. */
export function instanceAdminRoutes(ctx: AppContext) {
  const configuredEmail = () => ctx.config.admin?.email
  const admin = async (userId: number) => assertInstanceAdmin(ctx.db, userId)

  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/instance-admins', async ({ request }) => {
      await admin(requireAuth(request).userId)
      return listInstanceAdmins(ctx.db, configuredEmail())
    })

    serve(app, 'POST /platform/instance-admins', async ({ request, reply }) => {
      await admin(requireAuth(request).userId)
      const { email } = parseInput(AddInstanceAdminBody, request.body)
      reply.status(201)
      return addInstanceAdmin(ctx.db, email, configuredEmail())
    })

    serve(app, 'DELETE /platform/instance-admins/{userId}', async ({ request }) => {
      const { userId: callerId } = requireAuth(request)
      await admin(callerId)
      const { userId } = parseInput(AdminParams, request.params)
      await removeInstanceAdmin(ctx.db, callerId, userId)
      return {}
    })
  }
}
