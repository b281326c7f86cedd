import { ProjectRef } from '@pgfleet/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../context'
import { ProjectHostResolver } from '../control/custom-domains/host-routing'
import type { ServedOn } from '../http/user-content'
import { ProjectApiSockets } from '../services/functions/runtime/api-socket'
import { edgeFunctionsRuntime } from '../services/functions/runtime/edge-runtime'
import { invokeFunction } from '../services/functions/runtime/invoke'

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const

/**
 * Edge function invocations at /p/{ref}/functions/v1/{slug}[/*] and, by Host header, at
 * {ref}.{PGFLEET_DOMAIN}/functions/v1/{slug}[/*] or an active custom hostname (the same two ways the data API is served, see project-rest.ts).
 * Bodies are not parsed: they stream to the function as they arrive.
 */
export function edgeFunctionInvokeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const runtime = edgeFunctionsRuntime(ctx)
    // functions call their project's APIs through a unix socket, handled as a request to this server
    runtime.apiSockets = new ProjectApiSockets((request, response) => app.server.emit('request', request, response))
    app.addHook('onClose', async () => {
      await runtime.stopAll()
    })

    await app.register(async (functions) => {
      functions.removeAllContentTypeParsers()
      functions.addContentTypeParser('*', (_request, _payload, done) => done(null))

      const handle =
        (servedOn: ServedOn, refOf: (request: FastifyRequest) => string | null | Promise<string | null>) =>
        async (request: FastifyRequest, reply: FastifyReply) => {
          const { slug } = request.params as { slug: string }
          const ref = await refOf(request)
          if (ref) ctx.usage.functionInvoked(ref)
          return invokeFunction(runtime, ref, slug, request, reply, servedOn)
        }

      // on the platform's own origin a function's answer is sandboxed: it must not run as the dashboard
      const byPath = handle('platform-origin', (request) => {
        const { ref } = request.params as { ref: string }
        return ProjectRef.safeParse(ref).success ? ref : null
      })
      for (const url of ['/p/:ref/functions/v1/:slug', '/p/:ref/functions/v1/:slug/*']) {
        functions.route({ method: [...METHODS], url, handler: byPath, exposeHeadRoute: false })
      }

      // {ref}.{PGFLEET_DOMAIN} and active custom hostnames, as for the data API
      const hosts = new ProjectHostResolver(ctx.db, ctx.config.domain)
      const byHost = handle('project-host', (request) => hosts.refOf(request.headers.host))
      for (const url of ['/functions/v1/:slug', '/functions/v1/:slug/*']) {
        functions.route({ method: [...METHODS], url, handler: byHost, exposeHeadRoute: false })
      }
    })
  }
}
