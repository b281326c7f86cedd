import { CreateAccessTokenBody, RowId } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { createAccessToken, deleteAccessToken, listAccessTokens } from '../auth/access-tokens'
import { permissionsOf } from '../auth/permissions'
import { requireAuth } from '../auth/request-auth'
import type { AppContext } from '../context'
import { parseInput } from '../errors'
import { listOrganizations } from '../organizations/service'
import { getUser, toProfile } from '../users/service'

const TokenParams = z.object({ id: RowId('Invalid token id') })

export function profileRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    app.get('/platform/profile', async (request) => toProfile(await getUser(ctx.db, requireAuth(request).userId)))

    app.get('/platform/profile/permissions', async (request) => {
      const organizations = await listOrganizations(ctx.db, requireAuth(request).userId)
      return organizations.map((org) => ({
        organization_id: org.id,
        organization_slug: org.slug,
        role_name: org.role_name,
        permissions: permissionsOf(org.role_name),
      }))
    })

    app.get('/platform/profile/access-tokens', async (request) => listAccessTokens(ctx.db, requireAuth(request).userId))

    app.post('/platform/profile/access-tokens', async (request, reply) => {
      const { name } = parseInput(CreateAccessTokenBody, request.body)
      return reply.status(201).send(await createAccessToken(ctx.db, requireAuth(request).userId, name))
    })

    app.delete('/platform/profile/access-tokens/:id', async (request) => {
      const { id } = parseInput(TokenParams, request.params)
      await deleteAccessToken(ctx.db, requireAuth(request).userId, id)
      return {}
    })
  }
}
