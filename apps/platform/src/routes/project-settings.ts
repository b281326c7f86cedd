import {
  CUSTOM_DOMAIN_UPDATE_DENIED,
  CustomHostnameBody,
  type CustomHostnameResponse,
  DB_PASSWORD_RESET_DENIED,
  PermissionAction,
  PermissionResource,
  type ProjectSettingsResponse,
  ResetDbPasswordBody,
} from '@pgfleet/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { requireAuth } from '../auth/request-auth'
import type { AppContext } from '../context'
import { parseInput } from '../errors'
import { serve } from '../http/typed-routes'
import {
  activateCustomHostname,
  deleteCustomHostname,
  getCustomHostname,
  initializeCustomHostname,
  reverifyCustomHostname,
} from '../keys/custom-hostname'
import { resetDatabasePassword } from '../keys/db-password'
import { projectSettings } from '../keys/project-config'
import { assertCan } from '../organizations/membership'
import { getProjectForUser } from '../projects/service'
import { originOf, RefParams } from './projects'

/** The settings pages: project URL and connection details, custom domain, database password. */
export function projectSettingsRoutes(ctx: AppContext) {
  async function projectOf(request: FastifyRequest) {
    const { ref } = parseInput(RefParams, request.params)
    const view = await getProjectForUser(ctx, requireAuth(request).userId, ref)
    return {
      ...view,
      target: { project: view.row, organization: view.membership.organization, origin: originOf(ctx, request) },
    }
  }

  async function editableProjectOf(request: FastifyRequest, deniedMessage: string) {
    const view = await projectOf(request)
    assertCan(view.membership, PermissionAction.UPDATE, PermissionResource.PROJECTS, deniedMessage)
    return view
  }

  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/projects/{ref}/settings', async ({ request }): Promise<ProjectSettingsResponse> => {
      const { row } = await projectOf(request)
      return projectSettings(ctx, row, originOf(ctx, request))
    })

    const resetPassword = async (request: FastifyRequest) => {
      const { row } = await editableProjectOf(request, DB_PASSWORD_RESET_DENIED)
      const { password } = parseInput(ResetDbPasswordBody, request.body)
      await resetDatabasePassword(ctx, row, password)
      return { result: 'Database password updated' }
    }
    serve(app, 'POST /platform/projects/{ref}/db-password', ({ request }) => resetPassword(request))
    serve(app, 'PATCH /platform/projects/{ref}/db-password', ({ request }) => resetPassword(request))

    serve(app, 'GET /v1/projects/{ref}/custom-hostname', async ({ request }): Promise<CustomHostnameResponse> => {
      const { target } = await projectOf(request)
      return getCustomHostname(ctx, target)
    })

    const initialize = async (request: FastifyRequest): Promise<CustomHostnameResponse> => {
      const { target } = await editableProjectOf(request, CUSTOM_DOMAIN_UPDATE_DENIED)
      const { custom_hostname } = parseInput(CustomHostnameBody, request.body)
      return initializeCustomHostname(ctx, target, custom_hostname)
    }
    serve(app, 'POST /v1/projects/{ref}/custom-hostname', ({ request }) => initialize(request))
    serve(app, 'POST /v1/projects/{ref}/custom-hostname/initialize', ({ request }) => initialize(request))

    serve(
      app,
      'POST /v1/projects/{ref}/custom-hostname/reverify',
      async ({ request }): Promise<CustomHostnameResponse> => {
        const { target } = await editableProjectOf(request, CUSTOM_DOMAIN_UPDATE_DENIED)
        return reverifyCustomHostname(ctx, target)
      },
    )

    serve(
      app,
      'POST /v1/projects/{ref}/custom-hostname/activate',
      async ({ request }): Promise<CustomHostnameResponse> => {
        const { target } = await editableProjectOf(request, CUSTOM_DOMAIN_UPDATE_DENIED)
        return activateCustomHostname(ctx, target)
      },
    )

    serve(app, 'DELETE /v1/projects/{ref}/custom-hostname', async ({ request }) => {
      const { row } = await editableProjectOf(request, CUSTOM_DOMAIN_UPDATE_DENIED)
      await deleteCustomHostname(ctx, row)
      return {}
    })
  }
}
