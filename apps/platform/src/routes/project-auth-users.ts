import { PermissionAction, PermissionResource } from '@pgfleet/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { appConfig } from '../control/keys/project-config'
import { assertCan } from '../control/organizations/membership'
import { getProjectForUser } from '../control/projects/service'
import { serve } from '../http/typed-routes'
import { type DashboardAuthTarget, withDashboardAuth } from '../services/auth/dashboard-call'
import { ensureDashboardIndexes } from '../services/auth/dashboard-indexes'
import {
  authUserDetails,
  banAuthUser,
  createAuthUser,
  deleteAuthUser,
  emailAuthUser,
  inviteAuthUser,
  signOutAuthUser,
} from '../services/auth/dashboard-users'
import { listUsersPage } from '../services/auth/dashboard-users-list'
import { originOf } from './projects'

export const AUTH_USERS_WRITE_DENIED = "Your role cannot change this project's auth users"

/**
 * The dashboard's Users page (`/platform/auth/{ref}/...`): every member of the project's organization reads its
 * users; creating, emailing, banning, signing out and deleting need update on auth. Each runs on the project's auth
 * server pool, as the auth role.
 */
export function projectAuthUsersRoutes(ctx: AppContext) {
  async function targetOf(request: FastifyRequest, ref: string, write: boolean): Promise<DashboardAuthTarget> {
    const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
    if (write) assertCan(membership, PermissionAction.UPDATE, PermissionResource.AUTH, AUTH_USERS_WRITE_DENIED)
    const config = appConfig(ctx, row.ref, originOf(ctx, request))
    return { project: row, projectUrl: `${config.protocol}://${config.endpoint}`, ip: request.ip ?? null }
  }

  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/auth/{ref}/users', async ({ request, params, query }) => {
      const target = await targetOf(request, params.ref, false)
      const page = query
      return withDashboardAuth(ctx, target, { writes: false, doing: 'listing users' }, async (_call, pool) => {
        await ensureDashboardIndexes(ctx, target.project.ref, target.project.port ?? 0, pool)
        const client = await pool.connect()
        try {
          return await listUsersPage(client, {
            search: page.search,
            filter: page.filter,
            provider: page.provider,
            sort: page.sort,
            order: page.order,
            perPage: page.per_page,
            cursor: page.cursor,
          })
        } finally {
          client.release()
        }
      })
    })

    serve(app, 'POST /platform/auth/{ref}/users', async ({ request, params, body, reply }) => {
      const target = await targetOf(request, params.ref, true)
      const input = body
      const user = await withDashboardAuth(ctx, target, { writes: true, doing: 'creating new user' }, (call) =>
        createAuthUser(call, {
          email: input.email,
          phone: input.phone,
          password: input.password,
          autoConfirm: input.auto_confirm,
        }),
      )
      reply.status(201)
      return user
    })

    serve(app, 'GET /platform/auth/{ref}/users/{id}', async ({ request, params }) => {
      const target = await targetOf(request, params.ref, false)
      const id = params.id
      return withDashboardAuth(ctx, target, { writes: false, doing: 'reading the user' }, (_call, pool) =>
        authUserDetails(pool, id),
      )
    })

    serve(app, 'PATCH /platform/auth/{ref}/users/{id}', async ({ request, params, body }) => {
      const target = await targetOf(request, params.ref, true)
      const id = params.id
      const duration = body.ban_duration
      return withDashboardAuth(ctx, target, { writes: true, doing: 'updating the user' }, (_call, pool) =>
        banAuthUser(pool, id, duration),
      )
    })

    serve(app, 'DELETE /platform/auth/{ref}/users/{id}', async ({ request, params }) => {
      const target = await targetOf(request, params.ref, true)
      const id = params.id
      await withDashboardAuth(ctx, target, { writes: true, doing: 'deleting the user' }, (_call, pool) =>
        deleteAuthUser(pool, id),
      )
      return { message: 'User deleted' }
    })

    serve(app, 'DELETE /platform/auth/{ref}/users/{id}/sessions', async ({ request, params }) => {
      const target = await targetOf(request, params.ref, true)
      const id = params.id
      const ended = await withDashboardAuth(
        ctx,
        target,
        { writes: true, doing: 'signing the user out' },
        (_call, pool) => signOutAuthUser(pool, id),
      )
      return { message: ended === 1 ? 'Signed out of 1 session' : `Signed out of ${ended} sessions` }
    })

    serve(app, 'POST /platform/auth/{ref}/invite', async ({ request, params, body }) => {
      const target = await targetOf(request, params.ref, true)
      const input = body
      return withDashboardAuth(ctx, target, { writes: true, doing: 'inviting the user' }, (call) =>
        inviteAuthUser(call, { email: input.email, redirectTo: input.redirect_to }),
      )
    })

    serve(app, 'POST /platform/auth/{ref}/magiclink', async ({ request, params, body }) => {
      const target = await targetOf(request, params.ref, true)
      const input = body
      return withDashboardAuth(ctx, target, { writes: true, doing: 'sending the magic link' }, (call) =>
        emailAuthUser(call, 'magiclink', { email: input.email, redirectTo: input.redirect_to }),
      )
    })

    serve(app, 'POST /platform/auth/{ref}/recover', async ({ request, params, body }) => {
      const target = await targetOf(request, params.ref, true)
      const input = body
      return withDashboardAuth(ctx, target, { writes: true, doing: 'sending the recovery email' }, (call) =>
        emailAuthUser(call, 'recovery', { email: input.email, redirectTo: input.redirect_to }),
      )
    })
  }
}
