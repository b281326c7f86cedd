import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { getMembership } from '../control/organizations/membership'
import {
  addMember,
  createOrganization,
  deleteInvitation,
  freeLimitMembers,
  listInvitations,
  listMembers,
  listOrganizations,
  removeMember,
  toOrganization,
  toSubscription,
  updateMemberRole,
  updateOrganization,
  updateSubscription,
} from '../control/organizations/service'
import { createSupportRequest, listSupportRequests } from '../control/support/service'
import { type CallWithParams, serve } from '../http/typed-routes'

export function organizationRoutes(ctx: AppContext) {
  async function membershipOf({ request, params }: CallWithParams<{ slug: string }>) {
    const { slug } = params
    return getMembership(ctx.db, requireAuth(request).userId, slug)
  }

  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/organizations', async ({ request }) =>
      listOrganizations(ctx.db, requireAuth(request).userId),
    )

    serve(app, 'POST /platform/organizations', async (call) => {
      const { name } = call.body
      call.reply.status(201)
      return await createOrganization(ctx.db, requireAuth(call.request).userId, name)
    })

    serve(app, 'GET /platform/organizations/{slug}', async (call) => {
      const { organization, role } = await membershipOf(call)
      return toOrganization(organization, role)
    })

    serve(app, 'PATCH /platform/organizations/{slug}', async (call) => {
      const membership = await membershipOf(call)
      return updateOrganization(ctx.db, membership, call.body)
    })

    serve(app, 'GET /platform/organizations/{slug}/members', async (call) => {
      const { organization } = await membershipOf(call)
      return listMembers(ctx.db, organization.id)
    })

    serve(app, 'GET /platform/organizations/{slug}/members/invitations', async (call) => {
      const { organization } = await membershipOf(call)
      return listInvitations(ctx.db, organization.id)
    })

    serve(app, 'DELETE /platform/organizations/{slug}/members/invitations/{id}', async (call) => {
      const membership = await membershipOf(call)
      const { id } = call.params
      await deleteInvitation(ctx.db, membership, id)
      return {}
    })

    serve(app, 'GET /platform/organizations/{slug}/members/reached-free-project-limit', async (call) => {
      const { organization } = await membershipOf(call)
      if (organization.plan_id !== 'free') return []
      return freeLimitMembers(ctx.db, organization.id, ctx.config.freeProjectLimit)
    })

    serve(app, 'POST /platform/organizations/{slug}/members', async (call) => {
      const membership = await membershipOf(call)
      const body = call.body
      const added = await addMember(ctx.db, membership, requireAuth(call.request).userId, body.email, body.role_name)
      call.reply.status(201)
      return added
    })

    serve(app, 'PATCH /platform/organizations/{slug}/members/{userId}', async (call) => {
      const membership = await membershipOf(call)
      const { userId } = call.params
      const { role_name } = call.body
      return updateMemberRole(ctx.db, membership, userId, role_name)
    })

    serve(app, 'DELETE /platform/organizations/{slug}/members/{userId}', async (call) => {
      const membership = await membershipOf(call)
      const { userId } = call.params
      await removeMember(ctx.db, membership, requireAuth(call.request).userId, userId)
      return {}
    })

    serve(app, 'GET /platform/organizations/{slug}/billing/subscription', async (call) => {
      const { organization } = await membershipOf(call)
      return toSubscription(organization)
    })

    serve(app, 'PUT /platform/organizations/{slug}/billing/subscription', async (call) => {
      const { slug } = call.params
      const { plan } = call.body
      return updateSubscription(ctx.db, requireAuth(call.request).userId, slug, plan)
    })

    serve(app, 'GET /platform/organizations/{slug}/support-requests', async (call) =>
      listSupportRequests(ctx.db, await membershipOf(call)),
    )

    serve(app, 'POST /platform/feedback/send', async (call) => {
      const body = call.body
      call.reply.status(201)
      return await createSupportRequest(ctx.db, requireAuth(call.request).userId, body)
    })
  }
}
