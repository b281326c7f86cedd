import { PermissionAction, PermissionResource } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { assertCan } from '../control/organizations/membership'
import { getProjectForUser } from '../control/projects/service'
import { HttpError } from '../errors'
import { serve } from '../http/typed-routes'
import { AuthConfigError, applyAuthConfigPatch, publicAuthConfig, resolveAuthConfig } from '../services/auth/config'
import { validateTemplate } from '../services/auth/mail/templates'
import { authProjects, loadAuthRow } from '../services/auth/project-auth'

const templateProblem = (text: string) => {
  const problem = validateTemplate(text)
  return problem ? problem.message : null
}

const AUTH_CONFIG_DENIED = "Your role cannot change this project's auth settings"

/** `GET/PATCH /v1/projects/{ref}/config/auth`: every member reads the settings; changing them needs update on auth. */
export function projectAuthConfigRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    serve(app, 'GET /v1/projects/{ref}/config/auth', async ({ request, params }) => {
      await getProjectForUser(ctx, requireAuth(request).userId, params.ref)
      const row = await loadAuthRow(ctx, params.ref)
      return publicAuthConfig(resolveAuthConfig(row.config))
    })

    serve(app, 'PATCH /v1/projects/{ref}/config/auth', async ({ request, params, body }) => {
      const { membership } = await getProjectForUser(ctx, requireAuth(request).userId, params.ref)
      assertCan(membership, PermissionAction.UPDATE, PermissionResource.AUTH, AUTH_CONFIG_DENIED)
      const row = await loadAuthRow(ctx, params.ref)
      let overrides: Record<string, unknown>
      try {
        overrides = applyAuthConfigPatch(row.config, body, templateProblem)
      } catch (error) {
        if (error instanceof AuthConfigError) throw new HttpError(400, error.message)
        throw error
      }
      await ctx.db
        .updateTable('project_auth')
        .set({ config: JSON.stringify(overrides), updated_at: new Date() })
        .where('project_ref', '=', params.ref)
        .execute()
      authProjects(ctx).invalidate(params.ref)
      return publicAuthConfig(resolveAuthConfig(overrides))
    })
  }
}
