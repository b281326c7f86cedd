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
    app.get('/platform/organizations', async (request) => listOrganizations(ctx.db, requireAuth(request).userId))

    app.post('/platform/organizations', async (request, reply) => {
      const { name } = parseInput(CreateOrganizationBody, request.body)
      return reply.status(201).send(await createOrganization(ctx.db, requireAuth(request).userId, name))
    })

    app.get('/platform/organizations/:slug', async (request) => {
      const { organization, role } = await membershipOf(request)
      return toOrganization(organization, role)
    })

    app.patch('/platform/organizations/:slug', async (request) => {
      const membership = await membershipOf(request)
      const body = parseInput(UpdateOrganizationBody, request.body)
      return updateOrganization(ctx.db, membership, body)
    })

    app.get('/platform/organizations/:slug/members', async (request) => {
      const { organization } = await membershipOf(request)
      return listMembers(ctx.db, organization.id)
    })

    app.get('/platform/organizations/:slug/members/invitations', async (request) => {
      const { organization } = await membershipOf(request)
      return listInvitations(ctx.db, organization.id)
    })

    app.delete('/platform/organizations/:slug/members/invitations/:id', async (request) => {
      const membership = await membershipOf(request)
      const { id } = parseInput(InvitationParams, request.params)
      await deleteInvitation(ctx.db, membership, id)
      return {}
    })

    app.get('/platform/organizations/:slug/members/reached-free-project-limit', async (request) => {
      const { organization } = await membershipOf(request)
      if (organization.plan_id !== 'free') return []
      return freeLimitMembers(ctx.db, organization.id, ctx.config.freeProjectLimit)
    })

    app.post('/platform/organizations/:slug/members', async (request, reply) => {
      const membership = await membershipOf(request)
      const body = parseInput(AddMemberBody, request.body)
      const added = await addMember(ctx.db, membership, requireAuth(request).userId, body.email, body.role_name)
      return reply.status(201).send(added)
    })

    app.patch('/platform/organizations/:slug/members/:userId', async (request) => {
      const membership = await membershipOf(request)
      const { userId } = parseInput(MemberParams, request.params)
      const { role_name } = parseInput(UpdateMemberBody, request.body)
      return updateMemberRole(ctx.db, membership, userId, role_name)
    })

    app.delete('/platform/organizations/:slug/members/:userId', async (request) => {
      const membership = await membershipOf(request)
      const { userId } = parseInput(MemberParams, request.params)
      await removeMember(ctx.db, membership, requireAuth(request).userId, userId)
      return {}
    })

    app.get('/platform/organizations/:slug/billing/subscription', async (request) => {
      const { organization } = await membershipOf(request)
      return toSubscription(organization)
    })

    app.put('/platform/organizations/:slug/billing/subscription', async (request) => {
      const membership = await membershipOf(request)
      const { plan } = parseInput(UpdateSubscriptionBody, request.body)
      return updateSubscription(ctx.db, membership, plan)
    })

    app.get('/platform/organizations/:slug/support-requests', async (request) =>
      listSupportRequests(ctx.db, await membershipOf(request)),
    )

    app.post('/platform/feedback/send', async (request, reply) => {
      const body = parseInput(CreateSupportRequestBody, request.body)
      parseInput(OrganizationSlug, body.organization_slug)
      return reply.status(201).send(await createSupportRequest(ctx.db, requireAuth(request).userId, body))
    })
  }
}
