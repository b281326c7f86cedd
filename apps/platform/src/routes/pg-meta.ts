import {
  PermissionAction,
  PermissionResource,
  PgMetaColumnsQuery,
  PgMetaListQuery,
  TypescriptTypesQuery,
  type TypescriptTypesResponse,
} from '@pgfleet/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireAuth } from '../auth/request-auth'
import type { AppContext } from '../context'
import { parseInput } from '../errors'
import { sendPreSerialized, serve } from '../http/typed-routes'
import { assertCan } from '../organizations/membership'
import { listMetaJson, META_LISTS, relationColumnsJson, tableJson } from '../pg-meta/service'
import { getProjectForUser } from '../projects/service'
import { generateProjectTypes } from '../types-gen/service'
import { RefParams } from './projects'

const METADATA_DENIED = 'You need additional permissions to read the database metadata'
const TableParams = RefParams.extend({ id: z.coerce.number().int().positive('Table id must be a positive number') })

/**
 * Database metadata for the dashboard (`/platform/pg-meta/{ref}/*`) and the generated TypeScript types.
 * The `x-connection-encrypted` header the hosted dashboard sends is accepted and ignored: the platform
 * connects to the project's database itself.
 */
export function pgMetaRoutes(ctx: AppContext) {
  async function projectOf(request: FastifyRequest) {
    const { ref } = parseInput(RefParams, request.params)
    const { row, membership } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
    assertCan(membership, PermissionAction.SQL_READ, PermissionResource.DATABASE, METADATA_DENIED)
    return row
  }

  return async (app: FastifyInstance) => {
    for (const list of META_LISTS) {
      serve(app, `GET /platform/pg-meta/{ref}/${list}`, async ({ request, reply }) => {
        const project = await projectOf(request)
        const query = parseInput(PgMetaListQuery, request.query)
        return sendPreSerialized(reply, await listMetaJson(ctx, project, list, query))
      })
    }

    serve(app, 'GET /platform/pg-meta/{ref}/tables/{id}', async ({ request, reply }) => {
      const project = await projectOf(request)
      const { id } = parseInput(TableParams, request.params)
      return sendPreSerialized(reply, await tableJson(ctx, project, id))
    })

    serve(app, 'GET /platform/pg-meta/{ref}/columns', async ({ request, reply }) => {
      const project = await projectOf(request)
      const { table_id } = parseInput(PgMetaColumnsQuery, request.query)
      return sendPreSerialized(reply, await relationColumnsJson(ctx, project, table_id))
    })

    serve(app, 'GET /v1/projects/{ref}/types/typescript', async ({ request }): Promise<TypescriptTypesResponse> => {
      const project = await projectOf(request)
      const { included_schemas } = parseInput(TypescriptTypesQuery, request.query)
      return { types: await generateProjectTypes(ctx, project, included_schemas) }
    })
  }
}
