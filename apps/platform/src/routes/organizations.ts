import {
  AddMemberBody,
  CreateOrganizationBody,
  CreateSupportRequestBody,
  OrganizationSlug,
  REQUIRED_VALUE_MESSAGES,
  RowId,
  UpdateMemberBody,
  UpdateOrganizationBody,
  UpdateSubscriptionBody,
} from '@pgfleet/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireAuth } from '../auth/request-auth'
import type { AppContext } from '../context'
import { parseInput } from '../errors'
import { serve } from '../http/typed-routes'
import { getMembership } from '../organizations/membership'
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
} from '../organizations/service'
import { createSupportRequest, listSupportRequests } from '../support/service'

const SlugParams = z.object({ slug: z.string({ error: REQUIRED_VALUE_MESSAGES.organizationSlug }).min(1) })
const MemberParams = SlugParams.extend({ userId: RowId('Invalid member id') })
const InvitationParams = SlugParams.extend({ id: RowId('Invalid invitation id') })

export function organizationRoutes(ctx: AppContext) {
  async function membershipOf(request: FastifyRequest) {
    const { slug } = parseInput(SlugParams, request.params)
    return getMembership(ctx.db, requireAuth(request).userId, slug)
  }

  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/organizations', async ({ request }) =>
      listOrganizations(ctx.db, requireAuth(request).userId),
    )

    serve(app, 'POST /platform/organizations', async ({ request, reply }) => {
      const { name } = parseInput(CreateOrganizationBody, request.body)
      reply.status(201)
      return await createOrganization(ctx.db, requireAuth(request).userId, name)
    })

    serve(app, 'GET /platform/organizations/{slug}', async ({ request }) => {
      const { organization, role } = await membershipOf(request)
      return toOrganization(organization, role)
    })

    serve(app, 'PATCH /platform/organizations/{slug}', async ({ request }) => {
      const membership = await membershipOf(request)
      const body = parseInput(UpdateOrganizationBody, request.body)
      return updateOrganization(ctx.db, membership, body)
    })

    serve(app, 'GET /platform/organizations/{slug}/members', async ({ request }) => {
      const { organization } = await membershipOf(request)
      return listMembers(ctx.db, organization.id)
    })

    serve(app, 'GET /platform/organizations/{slug}/members/invitations', async ({ request }) => {
      const { organization } = await membershipOf(request)
      return listInvitations(ctx.db, organization.id)
    })

    serve(app, 'DELETE /platform/organizations/{slug}/members/invitations/{id}', async ({ request }) => {
      const membership = await membershipOf(request)
      const { id } = parseInput(InvitationParams, request.params)
      await deleteInvitation(ctx.db, membership, id)
      return {}
    })

    serve(app, 'GET /platform/organizations/{slug}/members/reached-free-project-limit', async ({ request }) => {
      const { organization } = await membershipOf(request)
      if (organization.plan_id !== 'free') return []
      return freeLimitMembers(ctx.db, organization.id, ctx.config.freeProjectLimit)
    })

    serve(app, 'POST /platform/organizations/{slug}/members', async ({ request, reply }) => {
      const membership = await membershipOf(request)
      const body = parseInput(AddMemberBody, request.body)
      const added = await addMember(ctx.db, membership, requireAuth(request).userId, body.email, body.role_name)
      reply.status(201)
      return added
    })

    serve(app, 'PATCH /platform/organizations/{slug}/members/{userId}', async ({ request }) => {
      const membership = await membershipOf(request)
      const { userId } = parseInput(MemberParams, request.params)
      const { role_name } = parseInput(UpdateMemberBody, request.body)
      return updateMemberRole(ctx.db, membership, userId, role_name)
    })

    serve(app, 'DELETE /platform/organizations/{slug}/members/{userId}', async ({ request }) => {
      const membership = await membershipOf(request)
      const { userId } = parseInput(MemberParams, request.params)
      await removeMember(ctx.db, membership, requireAuth(request).userId, userId)
      return {}
    })

    serve(app, 'GET /platform/organizations/{slug}/billing/subscription', async ({ request }) => {
      const { organization } = await membershipOf(request)
      return toSubscription(organization)
    })

    serve(app, 'PUT /platform/organizations/{slug}/billing/subscription', async ({ request }) => {
      const { slug } = parseInput(SlugParams, request.params)
      const { plan } = parseInput(UpdateSubscriptionBody, request.body)
      return updateSubscription(ctx.db, requireAuth(request).userId, slug, plan)
    })

    serve(app, 'GET /platform/organizations/{slug}/support-requests', async ({ request }) =>
      listSupportRequests(ctx.db, await membershipOf(request)),
    )

    serve(app, 'POST /platform/feedback/send', async ({ request, reply }) => {
      const body = parseInput(CreateSupportRequestBody, request.body)
      parseInput(OrganizationSlug, body.organization_slug)
      reply.status(201)
      return await createSupportRequest(ctx.db, requireAuth(request).userId, body)
    })
  }
}
