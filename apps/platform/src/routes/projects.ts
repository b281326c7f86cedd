import { CreateProjectBody, ProjectRef, REQUIRED_VALUE_MESSAGES, toManagementProject } from '@pgfleet/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { requireAuth } from '../auth/request-auth'
import type { AppContext } from '../context'
import { parseInput } from '../errors'
import { serve } from '../http/typed-routes'
import { createProject, getProjectForUser, listProjects, projectStatus, toProject } from '../projects/service'

export const RefParams = z.object({ ref: z.string({ error: REQUIRED_VALUE_MESSAGES.projectRef }).pipe(ProjectRef) })

export const originOf = (ctx: AppContext, request: FastifyRequest): string =>
  ctx.config.publicUrl ? new URL(ctx.config.publicUrl).origin : `${request.protocol}://${request.headers.host}`

export function projectRoutes(ctx: AppContext) {
  async function projectOf(request: FastifyRequest) {
    const { ref } = parseInput(RefParams, request.params)
    return getProjectForUser(ctx, requireAuth(request).userId, ref)
  }

  return async (app: FastifyInstance) => {
    const list = async (request: FastifyRequest) => {
      const views = await listProjects(ctx, requireAuth(request).userId)
      return Promise.all(views.map((view) => toProject(ctx, view, originOf(ctx, request))))
    }
    serve(app, 'GET /v1/projects', async ({ request }) => (await list(request)).map(toManagementProject))
    serve(app, 'GET /platform/projects', ({ request }) => list(request))

    serve(app, 'POST /v1/projects', async ({ request, reply }) => {
      const body = parseInput(CreateProjectBody, request.body)
      const view = await createProject(ctx, requireAuth(request).userId, body)
      reply.status(201)
      return toManagementProject(await toProject(ctx, view, originOf(ctx, request)))
    })

    const detail = async (request: FastifyRequest) => toProject(ctx, await projectOf(request), originOf(ctx, request))
    serve(app, 'GET /v1/projects/{ref}', async ({ request }) => toManagementProject(await detail(request)))
    serve(app, 'GET /platform/projects/{ref}', ({ request }) => detail(request))

    const status = async (request: FastifyRequest) => projectStatus(await projectOf(request))
    serve(app, 'GET /platform/projects/{ref}/status', ({ request }) => status(request))
    serve(app, 'GET /v1/projects/{ref}/status', ({ request }) => status(request))
  }
}
