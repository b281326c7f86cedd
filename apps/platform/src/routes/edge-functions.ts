import fastifyMultipart from '@fastify/multipart'
import {
  EDGE_FUNCTIONS_READ_DENIED,
  EDGE_FUNCTIONS_WRITE_DENIED,
  type FunctionsNetworkAccess,
  PermissionAction,
  PermissionResource,
} from '@pgfleet/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { assertCan } from '../control/organizations/membership'
import { getProjectForUser } from '../control/projects/service'
import { type CallWithParams, serve } from '../http/typed-routes'
import { DEPLOY_MULTIPART_OPTIONS, readDeployRequest } from '../services/functions/deploy-request'
import {
  deleteFunction,
  deployFunction,
  functionBody,
  getFunction,
  listFunctions,
  setFunctionsNetworkAccess,
} from '../services/functions/service'

/**
 * The management API of edge functions (the hosted product's /v1 paths): list, detail, download, deploy
 * (multipart) and delete. Reading needs functions:read, deploying and deleting functions:write.
 */
export function edgeFunctionRoutes(ctx: AppContext) {
  async function projectOf({ request, params }: CallWithParams<{ ref: string }>, action: string) {
    const { ref } = params
    const userId = requireAuth(request).userId
    const view = await getProjectForUser(ctx, userId, ref)
    const denied =
      action === PermissionAction.FUNCTIONS_WRITE ? EDGE_FUNCTIONS_WRITE_DENIED : EDGE_FUNCTIONS_READ_DENIED
    assertCan(view.membership, action, PermissionResource.EDGE_FUNCTIONS, denied)
    return { ...view, userId }
  }

  return async (app: FastifyInstance) => {
    // multipart only for this plugin's routes (the deploy)
    await app.register(fastifyMultipart, DEPLOY_MULTIPART_OPTIONS)

    serve(app, 'GET /v1/projects/{ref}/functions', async (call) => {
      const { row } = await projectOf(call, PermissionAction.FUNCTIONS_READ)
      return listFunctions(ctx, row.ref)
    })

    serve(app, 'GET /v1/projects/{ref}/functions/{function_slug}', async (call) => {
      const slug = call.params.function_slug
      const { row } = await projectOf(call, PermissionAction.FUNCTIONS_READ)
      return getFunction(ctx, row.ref, slug)
    })

    serve(app, 'GET /v1/projects/{ref}/functions/{function_slug}/body', async (call) => {
      const slug = call.params.function_slug
      const { row } = await projectOf(call, PermissionAction.FUNCTIONS_READ)
      return functionBody(ctx, row.ref, slug)
    })

    serve(app, 'POST /v1/projects/{ref}/functions/deploy', async (call) => {
      const { slug } = call.query
      const { row, userId } = await projectOf(call, PermissionAction.FUNCTIONS_WRITE)
      const { metadata, files } = await readDeployRequest(call.request)
      call.reply.status(201)
      return await deployFunction(ctx, row, { slug, metadata, files, userId })
    })

    // what the project's functions may reach beyond the internet (loopback and private networks are denied)
    serve(app, 'GET /platform/projects/{ref}/edge-functions/network', async (call): Promise<FunctionsNetworkAccess> => {
      const { row } = await projectOf(call, PermissionAction.FUNCTIONS_READ)
      return { allow: row.functions_network_allow }
    })

    serve(app, 'PUT /platform/projects/{ref}/edge-functions/network', async (call): Promise<FunctionsNetworkAccess> => {
      const body = call.body
      const { row } = await projectOf(call, PermissionAction.FUNCTIONS_WRITE)
      return setFunctionsNetworkAccess(ctx, row.ref, [...new Set(body.allow)])
    })

    serve(app, 'DELETE /v1/projects/{ref}/functions/{function_slug}', async (call) => {
      const slug = call.params.function_slug
      const { row } = await projectOf(call, PermissionAction.FUNCTIONS_WRITE)
      await deleteFunction(ctx, row.ref, slug)
      return { message: `Function ${slug} deleted` }
    })
  }
}
