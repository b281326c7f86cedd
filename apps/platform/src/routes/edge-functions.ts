import fastifyMultipart from '@fastify/multipart'
import {
  EDGE_FUNCTIONS_READ_DENIED,
  EDGE_FUNCTIONS_WRITE_DENIED,
  EdgeFunctionSlug,
  FunctionsNetworkAccess,
  PermissionAction,
  PermissionResource,
} from '@pgfleet/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireAuth } from '../auth/request-auth'
import type { AppContext } from '../context'
import { DEPLOY_MULTIPART_OPTIONS, readDeployRequest } from '../edge-functions/deploy-request'
import {
  deleteFunction,
  deployFunction,
  functionBody,
  getFunction,
  listFunctions,
  setFunctionsNetworkAccess,
} from '../edge-functions/service'
import { parseInput } from '../errors'
import { serve } from '../http/typed-routes'
import { assertCan } from '../organizations/membership'
import { getProjectForUser } from '../projects/service'
import { RefParams } from './projects'

const FunctionParams = RefParams.extend({ function_slug: EdgeFunctionSlug })
const DeployQuery = z.object({ slug: EdgeFunctionSlug })

/**
 * The management API of edge functions (the hosted product's /v1 paths): list, detail, download, deploy
 * (multipart) and delete. Reading needs functions:read, deploying and deleting functions:write.
 */
export function edgeFunctionRoutes(ctx: AppContext) {
  async function projectOf(request: FastifyRequest, action: string) {
    const { ref } = parseInput(RefParams, request.params)
    const userId = requireAuth(request).userId
    const view = await getProjectForUser(ctx, userId, ref)
    const denied =
      action === PermissionAction.FUNCTIONS_WRITE ? EDGE_FUNCTIONS_WRITE_DENIED : EDGE_FUNCTIONS_READ_DENIED
    assertCan(view.membership, action, PermissionResource.EDGE_FUNCTIONS, denied)
    return { ...view, userId }
  }
  const slugOf = (request: FastifyRequest) => parseInput(FunctionParams, request.params).function_slug

  return async (app: FastifyInstance) => {
    // multipart only for this plugin's routes (the deploy)
    await app.register(fastifyMultipart, DEPLOY_MULTIPART_OPTIONS)

    serve(app, 'GET /v1/projects/{ref}/functions', async ({ request }) => {
      const { row } = await projectOf(request, PermissionAction.FUNCTIONS_READ)
      return listFunctions(ctx, row.ref)
    })

    serve(app, 'GET /v1/projects/{ref}/functions/{function_slug}', async ({ request }) => {
      const slug = slugOf(request)
      const { row } = await projectOf(request, PermissionAction.FUNCTIONS_READ)
      return getFunction(ctx, row.ref, slug)
    })

    serve(app, 'GET /v1/projects/{ref}/functions/{function_slug}/body', async ({ request }) => {
      const slug = slugOf(request)
      const { row } = await projectOf(request, PermissionAction.FUNCTIONS_READ)
      return functionBody(ctx, row.ref, slug)
    })

    serve(app, 'POST /v1/projects/{ref}/functions/deploy', async ({ request, reply }) => {
      const { slug } = parseInput(DeployQuery, request.query)
      const { row, userId } = await projectOf(request, PermissionAction.FUNCTIONS_WRITE)
      const { metadata, files } = await readDeployRequest(request)
      reply.status(201)
      return await deployFunction(ctx, row, { slug, metadata, files, userId })
    })

    // what the project's functions may reach beyond the internet (loopback and private networks are denied)
    serve(
      app,
      'GET /platform/projects/{ref}/edge-functions/network',
      async ({ request }): Promise<FunctionsNetworkAccess> => {
        const { row } = await projectOf(request, PermissionAction.FUNCTIONS_READ)
        return { allow: row.functions_network_allow }
      },
    )

    serve(
      app,
      'PUT /platform/projects/{ref}/edge-functions/network',
      async ({ request }): Promise<FunctionsNetworkAccess> => {
        const body = parseInput(FunctionsNetworkAccess, request.body)
        const { row } = await projectOf(request, PermissionAction.FUNCTIONS_WRITE)
        return setFunctionsNetworkAccess(ctx, row.ref, [...new Set(body.allow)])
      },
    )

    serve(app, 'DELETE /v1/projects/{ref}/functions/{function_slug}', async ({ request }) => {
      const slug = slugOf(request)
      const { row } = await projectOf(request, PermissionAction.FUNCTIONS_WRITE)
      await deleteFunction(ctx, row.ref, slug)
      return { message: `Function ${slug} deleted` }
    })
  }
}
