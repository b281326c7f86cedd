import { ProjectRef } from '@pgfleet/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../context'
import { edgeFunctionsRuntime } from '../edge-functions/runtime/edge-runtime'
import { invokeFunction } from '../edge-functions/runtime/invoke'
import type { ServedOn } from '../http/user-content'
import { ProjectHostResolver } from '../projects/host-routing'

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const

/**
 * Edge function invocations at /p/{ref}/functions/v1/{slug}[/*] and, by Host header, at
 * {ref}.{PGFLEET_DOMAIN}/functions/v1/{slug}[/*] or an active custom hostname (the same two ways the data API is served, see project-rest.ts).
 * Bodies are not parsed: they stream to the function as they arrive.
 */
export function edgeFunctionInvokeRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const runtime = edgeFunctionsRuntime(ctx)
    // functions call the project's APIs on the platform's own address, never on a Host a client sent
    runtime.apiOrigin = () => {
      if (ctx.config.publicUrl) return new URL(ctx.config.publicUrl).origin
      const address = app.server.address()
      const port = address && typeof address === 'object' ? address.port : ctx.config.port
      const host = ['0.0.0.0', '::', ''].includes(ctx.config.host) ? '127.0.0.1' : ctx.config.host
      return `http://${host.includes(':') ? `[${host}]` : host}:${port}`
    }
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
          return invokeFunction(runtime, await refOf(request), slug, request, reply, servedOn)
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
