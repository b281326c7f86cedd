import {
  type DatabaseExtension,
  EXTENSIONS_READ_DENIED,
  EXTENSIONS_WRITE_DENIED,
  PermissionAction,
  PermissionResource,
} from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { disableExtension, enableExtension, listExtensions } from '../control/extensions/service'
import { assertCan } from '../control/organizations/membership'
import { getProjectForUser } from '../control/projects/service'
import { type CallWithParams, serve } from '../http/typed-routes'

/**
 * The extensions page: every extension the project's server has, and enabling or disabling the trusted and
 * allow-listed ones. Reading needs sql:read on the database (every member), changing needs sql:write
 * (Developers and above), the permission that runs DDL from the SQL editor.
 */
export function projectExtensionRoutes(ctx: AppContext) {
  async function projectOf({ request, params }: CallWithParams<{ ref: string }>, action: string, denied: string) {
    const { ref } = params
    const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
    assertCan(membership, action, PermissionResource.DATABASE, denied)
    return row
  }

  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/projects/{ref}/extensions', async (call): Promise<DatabaseExtension[]> => {
      const project = await projectOf(call, PermissionAction.SQL_READ, EXTENSIONS_READ_DENIED)
      return listExtensions(ctx, project)
    })

    serve(app, 'POST /platform/projects/{ref}/extensions', async (call): Promise<DatabaseExtension> => {
      const project = await projectOf(call, PermissionAction.SQL_WRITE, EXTENSIONS_WRITE_DENIED)
      return enableExtension(ctx, project, call.body)
    })

    serve(app, 'DELETE /platform/projects/{ref}/extensions/{name}', async (call): Promise<DatabaseExtension> => {
      const { name } = call.params
      const project = await projectOf(call, PermissionAction.SQL_WRITE, EXTENSIONS_WRITE_DENIED)
      return disableExtension(ctx, project, name)
    })
  }
}
