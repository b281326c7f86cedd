import { type OrganizationAiSettings, PermissionAction, PermissionResource } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { assistantProjectFor } from '../control/assistant/access'
import { assertPublicEndpoint } from '../control/assistant/endpoint-guard'
import { organizationKeyContext } from '../control/assistant/model-settings'
import { metadataAllowedFor, NEVER_SHARED_SCHEMAS } from '../control/assistant/privacy'
import type { AssistantService } from '../control/assistant/service'
import { assertCan, getMembership } from '../control/organizations/membership'
import { roleCan } from '../control/organizations/permissions'
import type { OrganizationRow } from '../db/types'
import { badRequest, conflict, forbidden } from '../errors'
import { type CallWithParams, serve } from '../http/typed-routes'
import { egressPolicyOf } from '../security/egress-policy'

export const AI_SETTINGS_OWNER_ONLY = "Only an owner can change the organization's AI settings"
export const SCHEMA_SHARING_DENIED = 'You need additional permissions to change which schemas the assistant may read'
export const SCHEMA_SHARING_NEEDS_OPT_IN =
  'The organization has not opted in to sending schema metadata to the assistant; opt in first'
export const HIPAA_SCHEMA_SHARING = 'The organization has the HIPAA add-on: no schema metadata is sent to a model'
const SUBSCRIPTION_DENIED = 'You need additional permissions to amend subscriptions'

const organizationAiSettings = (organization: OrganizationRow): OrganizationAiSettings => ({
  provider:
    organization.ai_provider === 'anthropic' || organization.ai_provider === 'openai' ? organization.ai_provider : null,
  base_url: organization.ai_base_url,
  model: organization.ai_model,
  has_api_key: organization.ai_api_key_encrypted !== null,
  hipaa_addon: organization.hipaa_addon,
})

/** Conversations, the project's shared schemas, the organization's model settings and its HIPAA add-on. */
export function assistantSettingsRoutes(ctx: AppContext, assistant: AssistantService) {
  async function conversationOwner({ request, params }: CallWithParams<{ ref: string }>) {
    const { ref } = params
    const userId = requireAuth(request).userId
    const { project } = await assistantProjectFor(ctx, userId, ref)
    return { projectId: project.id, userId }
  }

  async function membershipOf({ request, params }: CallWithParams<{ slug: string }>) {
    const { slug } = params
    return getMembership(ctx.db, requireAuth(request).userId, slug)
  }

  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/projects/{ref}/ai/conversations', async (call) =>
      assistant.conversations.list(await conversationOwner(call)),
    )

    serve(app, 'POST /platform/projects/{ref}/ai/conversations', async (call) => {
      const owner = await conversationOwner(call)
      const { name } = call.body
      call.reply.status(201)
      return await assistant.conversations.create(owner, name)
    })

    serve(app, 'GET /platform/projects/{ref}/ai/conversations/{id}', async (call) => {
      const owner = await conversationOwner(call)
      const { id } = call.params
      return assistant.conversations.get(owner, id)
    })

    serve(app, 'PATCH /platform/projects/{ref}/ai/conversations/{id}', async (call) => {
      const owner = await conversationOwner(call)
      const { id } = call.params
      const { name } = call.body
      return assistant.conversations.rename(owner, id, name)
    })

    serve(app, 'DELETE /platform/projects/{ref}/ai/conversations/{id}', async (call) => {
      const owner = await conversationOwner(call)
      const { id } = call.params
      await assistant.conversations.delete(owner, id)
      return { message: 'Conversation deleted' }
    })

    serve(app, 'GET /platform/projects/{ref}/ai/settings', async ({ request, params }) => {
      const { ref } = params
      const { project } = await assistantProjectFor(ctx, requireAuth(request).userId, ref)
      return { schemas: project.ai_schemas }
    })

    serve(app, 'PUT /platform/projects/{ref}/ai/settings', async (call) => {
      const { ref } = call.params
      const { project, organization, role } = await assistantProjectFor(ctx, requireAuth(call.request).userId, ref)
      if (!roleCan(role, PermissionAction.SQL_WRITE, PermissionResource.DATABASE))
        throw forbidden(SCHEMA_SHARING_DENIED)
      if (organization.hipaa_addon) throw conflict(HIPAA_SCHEMA_SHARING)
      if (!metadataAllowedFor(organization.opt_in_tags, organization.hipaa_addon)) {
        throw conflict(SCHEMA_SHARING_NEEDS_OPT_IN)
      }
      const { schemas } = call.body
      const system = schemas.filter((schema) => NEVER_SHARED_SCHEMAS.includes(schema))
      if (system.length > 0) throw badRequest(`These schemas are never shared with the assistant: ${system.join(', ')}`)
      const chosen = [...new Set(schemas)].sort()
      await ctx.db.updateTable('projects').set({ ai_schemas: chosen }).where('id', '=', project.id).execute()
      return { schemas: chosen }
    })

    serve(app, 'GET /platform/organizations/{slug}/ai-settings', async (call) =>
      organizationAiSettings((await membershipOf(call)).organization),
    )

    serve(app, 'PUT /platform/organizations/{slug}/ai-settings', async (call) => {
      const { organization, role } = await membershipOf(call)
      if (role !== 'Owner') throw forbidden(AI_SETTINGS_OWNER_ONLY)
      const body = call.body
      if (body.base_url) {
        await assertPublicEndpoint(egressPolicyOf(ctx.config), body.base_url).catch((error: Error) => {
          throw badRequest(
            error.message.startsWith('The model address')
              ? error.message
              : `The model address cannot be resolved: ${error.message}`,
          )
        })
      }
      const key =
        body.api_key === undefined
          ? {}
          : {
              ai_api_key_encrypted:
                body.api_key === null ? null : assistant.sealKey(body.api_key, organizationKeyContext(organization.id)),
            }
      const updated = await ctx.db
        .updateTable('organizations')
        .set({ ai_provider: body.provider, ai_base_url: body.base_url, ai_model: body.model, ...key })
        .where('id', '=', organization.id)
        .returningAll()
        .executeTakeFirstOrThrow()
      return organizationAiSettings(updated)
    })

    serve(app, 'PUT /platform/organizations/{slug}/addons/hipaa', async (call) => {
      const membership = await membershipOf(call)
      assertCan(membership, PermissionAction.BILLING_WRITE, PermissionResource.SUBSCRIPTIONS, SUBSCRIPTION_DENIED)
      const { enabled } = call.body
      await ctx.db
        .updateTable('organizations')
        .set({ hipaa_addon: enabled })
        .where('id', '=', membership.organization.id)
        .execute()
      return {}
    })
  }
}
