import { randomUUID } from 'node:crypto'
import { PROJECT_REF_PATTERN } from '@pgfleet/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../context'
import { requireAuth } from '../control/accounts/request-auth'
import { ProjectHostResolver } from '../control/custom-domains/host-routing'
import { projectKeyrings } from '../control/keys/api-key-keyrings'
import { getProjectForUser } from '../control/projects/service'
import { HttpError } from '../errors'
import { cleanBodyText } from '../http/bad-input'
import { serve } from '../http/typed-routes'
import { RestError } from '../services/rest/errors'
import { describeProject, errorResponse, handleRestRequest } from '../services/rest/handler'
import { REST_POOL_SETTINGS, RestPools } from '../services/rest/project-databases'
import { ProjectDirectory } from '../services/rest/project-directory'
import type { RestDeps, RestRequest } from '../services/rest/request'
import { allowCors, corsPreflight } from './cors'
import { originOf } from './projects'

const METHODS = ['GET', 'HEAD', 'POST', 'PATCH', 'PUT', 'DELETE'] as const
const EXPOSED_HEADERS = 'Content-Range, Content-Location, Content-Profile, Preference-Applied, Range-Unit, Location'
const ALLOWED_HEADERS =
  'Authorization, apikey, Content-Type, Accept, Accept-Profile, Content-Profile, Prefer, Range, Range-Unit, X-Client-Info, X-Retry-Count'
const preflight = corsPreflight(METHODS, ALLOWED_HEADERS)

/**
 * The per-project data API (PostgREST-compatible) at /p/{ref}/rest/v1/* and, when PGFLEET_DOMAIN is set, at
 * {ref}.{domain}/rest/v1/*; plus the dashboard's API description.
 */
export function projectRestRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const directory = new ProjectDirectory(ctx.db)
    const pools = new RestPools({
      schemas: ctx.config.rest.schemas,
      pool: (target) =>
        ctx.connections.pool(target.ref, 'rest', {
          user: 'authenticator',
          password: target.authenticatorPassword,
          key: String(target.port),
          settings: REST_POOL_SETTINGS,
        }),
      superuserOneOff: (ref, reason, work) =>
        ctx.connections.oneOff.asSuperuser(ref, reason, { applicationName: 'pgfleet data api' }, work),
      log: ctx.log.child({ component: 'rest' }),
    })
    // a project whose connections close (pause, delete, resize) is looked up afresh by the next request
    ctx.connections.onClose((ref) => {
      pools.forget(ref)
      directory.invalidate(ref)
    })
    const deps: RestDeps = {
      directory,
      keyrings: projectKeyrings(ctx),
      readOnlyNow: (ref) => ctx.resources.modes.get(ref),
      pools,
      schemas: ctx.config.rest.schemas,
      allowUnfilteredWrites: ctx.config.rest.allowUnfilteredWrites,
    }

    await app.register(async (rest) => {
      // the body goes to Postgres as text; parse it only where the handler needs to
      rest.removeAllContentTypeParsers()
      rest.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
        try {
          done(null, cleanBodyText(body, /json/i.test(request.headers['content-type'] ?? '')))
        } catch (error) {
          done(error as Error, undefined)
        }
      })
      rest.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        const status = error.statusCode ?? 500
        if (status >= 500) {
          const requestId = randomUUID()
          request.log.error({ err: error, requestId }, 'data API error')
          return send(
            reply,
            errorResponse(new RestError(500, 'PGRST000', 'Something went wrong on the server', requestId)),
          )
        }
        return send(reply, errorResponse(new RestError(status, 'PGRST102', error.message)))
      })

      const handle =
        (
          refOf: (request: FastifyRequest) => string | null | Promise<string | null>,
          prefix: (request: FastifyRequest, ref: string) => string,
        ) =>
        async (request: FastifyRequest, reply: FastifyReply) => {
          const found = refOf(request)
          const ref = found instanceof Promise ? await found : found
          if (!ref)
            return send(reply, errorResponse(new RestError(404, 'PGRST125', 'Invalid path specified in request URL')))
          const response = await handleRestRequest(deps, new FastifyRestRequest(request, ref, prefix))
          ctx.usage.dataApiResponse(ref, response.body === null ? 0 : Buffer.byteLength(response.body))
          return send(reply, response)
        }

      const byPath = handle(
        (request) => {
          const { ref } = request.params as { ref: string }
          // ProjectRef's pattern, without a schema parse on every request
          return typeof ref === 'string' && PROJECT_REF_PATTERN.test(ref) ? ref : null
        },
        (request, ref) => `${originOf(ctx, request)}/p/${ref}/rest/v1`,
      )
      for (const url of ['/p/:ref/rest/v1', '/p/:ref/rest/v1/*']) {
        rest.route({ method: [...METHODS], url, handler: byPath, exposeHeadRoute: false })
        rest.options(url, preflight)
      }

      // {ref}.{PGFLEET_DOMAIN} and active custom hostnames reach the same API by their Host header
      const hosts = new ProjectHostResolver(ctx.db, ctx.config.domain)
      const byHost = handle(
        (request) => hosts.refOf(request.headers.host),
        (request) => `${request.protocol}://${request.headers.host}/rest/v1`,
      )
      for (const url of ['/rest/v1', '/rest/v1/*']) {
        rest.route({ method: [...METHODS], url, handler: byHost, exposeHeadRoute: false })
        rest.options(url, preflight)
      }
    })

    serve(app, 'GET /platform/projects/{ref}/api/rest', async ({ request, params }) => {
      const { ref } = params
      const { row } = await getProjectForUser(ctx, requireAuth(request).userId, ref)
      if (row.status !== 'ACTIVE_HEALTHY' || row.port === null) {
        throw new HttpError(503, `Project ${ref} is not running, so its REST API is unavailable`)
      }
      try {
        const target = { ref, port: row.port, authenticatorPassword: row.authenticator_password }
        return await describeProject(deps, target, `${originOf(ctx, request)}/p/${ref}/rest/v1`)
      } catch (error) {
        if (error instanceof RestError) throw new HttpError(error.status, error.message)
        throw error
      }
    })
  }
}

/** A Fastify request as the data API reads it (a class: no closure is made per request). */
class FastifyRestRequest implements RestRequest {
  readonly method: string
  readonly path: string
  readonly search: string
  readonly headers: RestRequest['headers']
  readonly body: string | undefined

  constructor(
    private readonly request: FastifyRequest,
    readonly ref: string,
    private readonly prefix: (request: FastifyRequest, ref: string) => string,
  ) {
    this.method = request.method
    this.path = (request.params as Record<string, string | undefined>)['*'] ?? ''
    const queryAt = request.url.indexOf('?')
    this.search = queryAt === -1 ? '' : request.url.slice(queryAt + 1)
    this.headers = request.headers
    this.body = typeof request.body === 'string' && request.body !== '' ? request.body : undefined
  }

  apiUrl(): string {
    return this.prefix(this.request, this.ref)
  }
}

/** Every data API answer, errors included, carries the CORS headers browsers need to read it. */
function send(reply: FastifyReply, response: { status: number; headers: Record<string, string>; body: string | null }) {
  reply.status(response.status).headers(response.headers)
  allowCors(reply, EXPOSED_HEADERS)
  return reply.send(response.body ?? undefined)
}
