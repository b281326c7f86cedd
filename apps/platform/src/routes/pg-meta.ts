import { PermissionAction, PermissionResource, type TypescriptTypesResponse } from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { assertCan } from '../control/organizations/membership'
import { listMetaJson, META_LISTS, relationColumnsJson, tableJson } from '../control/pg-meta/service'
import { getProjectForUser } from '../control/projects/service'
import { generateProjectTypes } from '../control/types-gen/service'
import { type CallWithParams, sendPreSerialized, serve } from '../http/typed-routes'

const METADATA_DENIED = 'You need additional permissions to read the database metadata'

/**
 * Database metadata for the dashboard (`/platform/pg-meta/{ref}/*`) and the generated TypeScript types.
 * The `x-connection-encrypted` header the hosted dashboard sends is accepted and ignored: the platform
 * connects to the project's database itself.
 */
export function pgMetaRoutes(ctx: AppContext) {
  async function projectOf({ request, params }: CallWithParams<{ ref: string }>) {
    const { ref } = params
    const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
    assertCan(membership, PermissionAction.SQL_READ, PermissionResource.DATABASE, METADATA_DENIED)
    return row
  }

  return async (app: FastifyInstance) => {
    for (const list of META_LISTS) {
      serve(app, `GET /platform/pg-meta/{ref}/${list}`, async (call) => {
        const project = await projectOf(call)
        const query = call.query
        return sendPreSerialized(call.reply, await listMetaJson(ctx, project, list, query))
      })
    }

    serve(app, 'GET /platform/pg-meta/{ref}/tables/{id}', async (call) => {
      const project = await projectOf(call)
      const { id } = call.params
      return sendPreSerialized(call.reply, await tableJson(ctx, project, id))
    })

    serve(app, 'GET /platform/pg-meta/{ref}/columns', async (call) => {
      const project = await projectOf(call)
      const { table_id } = call.query
      return sendPreSerialized(call.reply, await relationColumnsJson(ctx, project, table_id))
    })

    serve(app, 'GET /v1/projects/{ref}/types/typescript', async (call): Promise<TypescriptTypesResponse> => {
      const project = await projectOf(call)
      const { included_schemas } = call.query
      return { types: await generateProjectTypes(ctx, project, included_schemas) }
    })
  }
}
