import {
  CUSTOM_DOMAIN_UPDATE_DENIED,
  type CustomHostnameResponse,
  DB_PASSWORD_RESET_DENIED,
  PermissionAction,
  PermissionResource,
  type ProjectSettingsResponse,
} from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import {
  activateCustomHostname,
  deleteCustomHostname,
  getCustomHostname,
  initializeCustomHostname,
  reverifyCustomHostname,
} from '../control/custom-domains/custom-hostname'
import { resetDatabasePassword } from '../control/keys/db-password'
import { projectSettings } from '../control/keys/project-config'
import { assertCan } from '../control/organizations/membership'
import { getProjectForUser } from '../control/projects/service'
import { type CallWithParams, type RouteCall, serve } from '../http/typed-routes'
import { originOf } from './projects'

type ProjectCall = CallWithParams<{ ref: string }>

/** The settings pages: project URL and connection details, custom domain, database password. */
export function projectSettingsRoutes(ctx: AppContext) {
  async function projectOf({ request, params }: ProjectCall) {
    const { ref } = params
    const view = await getProjectForUser(ctx, requireAuth(request).userId, ref)
    return {
      ...view,
      target: { project: view.row, organization: view.membership.organization, origin: originOf(ctx, request) },
    }
  }

  async function editableProjectOf(call: ProjectCall, deniedMessage: string) {
    const view = await projectOf(call)
    assertCan(view.membership, PermissionAction.UPDATE, PermissionResource.PROJECTS, deniedMessage)
    return view
  }

  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/projects/{ref}/settings', async (call): Promise<ProjectSettingsResponse> => {
      const { row } = await projectOf(call)
      return projectSettings(ctx, row, originOf(ctx, call.request))
    })

    const resetPassword = async (
      call: RouteCall<'POST /platform/projects/{ref}/db-password' | 'PATCH /platform/projects/{ref}/db-password'>,
    ) => {
      const { row } = await editableProjectOf(call, DB_PASSWORD_RESET_DENIED)
      const { password } = call.body
      await resetDatabasePassword(ctx, row, password)
      return { result: 'Database password updated' }
    }
    serve(app, 'POST /platform/projects/{ref}/db-password', (call) => resetPassword(call))
    serve(app, 'PATCH /platform/projects/{ref}/db-password', (call) => resetPassword(call))

    serve(app, 'GET /v1/projects/{ref}/custom-hostname', async (call): Promise<CustomHostnameResponse> => {
      const { target } = await projectOf(call)
      return getCustomHostname(ctx, target)
    })

    const initialize = async (
      call: RouteCall<'POST /v1/projects/{ref}/custom-hostname' | 'POST /v1/projects/{ref}/custom-hostname/initialize'>,
    ): Promise<CustomHostnameResponse> => {
      const { target } = await editableProjectOf(call, CUSTOM_DOMAIN_UPDATE_DENIED)
      const { custom_hostname } = call.body
      return initializeCustomHostname(ctx, target, custom_hostname)
    }
    serve(app, 'POST /v1/projects/{ref}/custom-hostname', (call) => initialize(call))
    serve(app, 'POST /v1/projects/{ref}/custom-hostname/initialize', (call) => initialize(call))

    serve(app, 'POST /v1/projects/{ref}/custom-hostname/reverify', async (call): Promise<CustomHostnameResponse> => {
      const { target } = await editableProjectOf(call, CUSTOM_DOMAIN_UPDATE_DENIED)
      return reverifyCustomHostname(ctx, target)
    })

    serve(app, 'POST /v1/projects/{ref}/custom-hostname/activate', async (call): Promise<CustomHostnameResponse> => {
      const { target } = await editableProjectOf(call, CUSTOM_DOMAIN_UPDATE_DENIED)
      return activateCustomHostname(ctx, target)
    })

    serve(app, 'DELETE /v1/projects/{ref}/custom-hostname', async (call) => {
      const { row } = await editableProjectOf(call, CUSTOM_DOMAIN_UPDATE_DENIED)
      await deleteCustomHostname(ctx, row)
      return {}
    })
  }
}
