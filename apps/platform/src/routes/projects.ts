import { toManagementProject } from '@pgfleet/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { createProject, getProjectForUser, listProjects, projectStatus, toProject } from '../control/projects/service'
import { type CallWithParams, serve } from '../http/typed-routes'

export const originOf = (ctx: AppContext, request: FastifyRequest): string =>
  ctx.config.publicUrl ? new URL(ctx.config.publicUrl).origin : `${request.protocol}://${request.headers.host}`

export function projectRoutes(ctx: AppContext) {
  async function projectOf({ request, params }: CallWithParams<{ ref: string }>) {
    const { ref } = params
    return getProjectForUser(ctx, requireAuth(request).userId, ref)
  }

  return async (app: FastifyInstance) => {
    const list = async (request: FastifyRequest) => {
      const views = await listProjects(ctx, requireAuth(request).userId)
      return Promise.all(views.map((view) => toProject(ctx, view, originOf(ctx, request))))
    }
    serve(app, 'GET /v1/projects', async ({ request }) => (await list(request)).map(toManagementProject))
    serve(app, 'GET /platform/projects', ({ request }) => list(request))

    serve(app, 'POST /v1/projects', async ({ request, reply, body }) => {
      const view = await createProject(ctx, requireAuth(request).userId, body)
      reply.status(201)
      return toManagementProject(await toProject(ctx, view, originOf(ctx, request)))
    })

    const detail = async (call: CallWithParams<{ ref: string }>) =>
      toProject(ctx, await projectOf(call), originOf(ctx, call.request))
    serve(app, 'GET /v1/projects/{ref}', async (call) => toManagementProject(await detail(call)))
    serve(app, 'GET /platform/projects/{ref}', (call) => detail(call))

    const status = async (call: CallWithParams<{ ref: string }>) => projectStatus(await projectOf(call))
    serve(app, 'GET /platform/projects/{ref}/status', (call) => status(call))
    serve(app, 'GET /v1/projects/{ref}/status', (call) => status(call))
  }
}
