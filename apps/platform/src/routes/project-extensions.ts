import {
  type DatabaseExtension,
  EnableExtensionBody,
  EXTENSIONS_READ_DENIED,
  EXTENSIONS_WRITE_DENIED,
  ExtensionParams,
  PermissionAction,
  PermissionResource,
} from '@pgfleet/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { requireAuth } from '../auth/request-auth'
import type { AppContext } from '../context'
import { parseInput } from '../errors'
import { disableExtension, enableExtension, listExtensions } from '../extensions/service'
import { serve } from '../http/typed-routes'
import { assertCan } from '../organizations/membership'
import { getProjectForUser } from '../projects/service'
import { RefParams } from './projects'

const ExtensionPathParams = RefParams.extend(ExtensionParams.shape)

/**
 * The extensions page: every extension the project's server has, and enabling or disabling the trusted and
 * allow-listed ones. Reading needs sql:read on the database (every member), changing needs sql:write
 * (Developers and above), the permission that runs DDL from the SQL editor.
 */
export function projectExtensionRoutes(ctx: AppContext) {
  async function projectOf(request: FastifyRequest, action: string, denied: string) {
    const { ref } = parseInput(RefParams, request.params)
    const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
    assertCan(membership, action, PermissionResource.DATABASE, denied)
    return row
  }

  return async (app: FastifyInstance) => {
    serve(app, 'GET /platform/projects/{ref}/extensions', async ({ request }): Promise<DatabaseExtension[]> => {
      const project = await projectOf(request, PermissionAction.SQL_READ, EXTENSIONS_READ_DENIED)
      return listExtensions(ctx, project)
    })

    serve(app, 'POST /platform/projects/{ref}/extensions', async ({ request }): Promise<DatabaseExtension> => {
      const project = await projectOf(request, PermissionAction.SQL_WRITE, EXTENSIONS_WRITE_DENIED)
      return enableExtension(ctx, project, parseInput(EnableExtensionBody, request.body))
    })

    serve(app, 'DELETE /platform/projects/{ref}/extensions/{name}', async ({ request }): Promise<DatabaseExtension> => {
      const { name } = parseInput(ExtensionPathParams, request.params)
      const project = await projectOf(request, PermissionAction.SQL_WRITE, EXTENSIONS_WRITE_DENIED)
      return disableExtension(ctx, project, name)
    })
  }
}
