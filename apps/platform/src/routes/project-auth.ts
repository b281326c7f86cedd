import { PROJECT_REF_PATTERN } from '@pgfleet/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { AppContext } from '../context'
import { ProjectHostResolver } from '../control/custom-domains/host-routing'
import { cleanBodyText } from '../http/bad-input'
import type { AuthRequest, AuthResponse } from '../services/auth/call'
import { AuthError, errorBody } from '../services/auth/errors'
import { type AuthDeps, handleAuthRequest } from '../services/auth/router'
import { ProjectDirectory } from '../services/rest/project-directory'
import { allowCors, corsPreflight } from './cors'
import { originOf } from './projects'

const METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const
const ALLOWED_HEADERS = 'Authorization, apikey, Content-Type, X-Client-Info, X-Supabase-Api-Version'
const EXPOSED_HEADERS = 'X-Total-Count, Link, X-Supabase-Api-Version'
const preflight = corsPreflight(METHODS, ALLOWED_HEADERS)
/** Auth bodies are small JSON objects; anything bigger is refused before it is parsed. */
const MAX_BODY_BYTES = 64 * 1024

/**
 * The per-project auth server at /p/{ref}/auth/v1/* and, when PGFLEET_DOMAIN is set, {ref}.{domain}/auth/v1/*,
 * mounted like the data API.
 */
export function projectAuthRoutes(ctx: AppContext) {
  return async (app: FastifyInstance) => {
    const directory = new ProjectDirectory(ctx.db)
    ctx.connections.onClose((ref) => directory.invalidate(ref))
    const deps: AuthDeps = { ctx, directory }

    await app.register(async (auth) => {
      auth.removeAllContentTypeParsers()
      auth.addContentTypeParser(
        '*',
        { parseAs: 'buffer', bodyLimit: MAX_BODY_BYTES },
        (request, body: Buffer, done) => {
          const type = request.headers['content-type'] ?? ''
          let text: string
          try {
            // invalid UTF-8 and NUL are refused as everywhere on the platform, with the platform's message
            text = cleanBodyText(body, !/application\/x-www-form-urlencoded/i.test(type))
          } catch (error) {
            return done(new AuthError(400, 'validation_failed', (error as Error).message), undefined)
          }
          if (text.trim() === '') return done(null, undefined)
          try {
            if (/application\/x-www-form-urlencoded/i.test(type)) {
              return done(null, Object.fromEntries(new URLSearchParams(text)))
            }
            done(null, JSON.parse(text))
          } catch {
            done(new AuthError(400, 'bad_json', 'Could not parse request body as JSON'), undefined)
          }
        },
      )
      auth.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
        const authError =
          error instanceof AuthError
            ? error
            : new AuthError(
                error.statusCode && error.statusCode < 500 ? error.statusCode : 500,
                'validation_failed',
                error.statusCode === 413 ? 'The request body is too large' : error.message,
              )
        if (!(error instanceof AuthError) && (error.statusCode ?? 500) >= 500) {
          request.log.error({ err: error }, 'auth server error')
        }
        return send(reply, {
          status: authError.status,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(errorBody(authError, null)),
        })
      })

      const handle =
        (
          refOf: (request: FastifyRequest) => string | null | Promise<string | null>,
          projectUrl: (request: FastifyRequest, ref: string) => string,
        ) =>
        async (request: FastifyRequest, reply: FastifyReply) => {
          const ref = await refOf(request)
          if (!ref)
            return send(reply, {
              status: 404,
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ code: 404, error_code: 'not_found', msg: 'Not found' }),
            })
          const queryAt = request.url.indexOf('?')
          const authRequest: AuthRequest = {
            ref,
            method: request.method,
            path: `/${(request.params as Record<string, string | undefined>)['*'] ?? ''}`,
            query: new URLSearchParams(queryAt === -1 ? '' : request.url.slice(queryAt + 1)),
            headers: request.headers,
            body: request.body,
            ip: request.ip ?? null,
            projectUrl: projectUrl(request, ref),
          }
          return send(reply, await handleAuthRequest(deps, authRequest))
        }

      const byPath = handle(
        (request) => {
          const { ref } = request.params as { ref: string }
          return typeof ref === 'string' && PROJECT_REF_PATTERN.test(ref) ? ref : null
        },
        (request, ref) => `${originOf(ctx, request)}/p/${ref}`,
      )
      for (const url of ['/p/:ref/auth/v1', '/p/:ref/auth/v1/*']) {
        auth.route({ method: [...METHODS], url, handler: byPath, exposeHeadRoute: false })
        auth.options(url, preflight)
      }
      const hosts = new ProjectHostResolver(ctx.db, ctx.config.domain)
      const byHost = handle(
        (request) => hosts.refOf(request.headers.host),
        (request) => `${request.protocol}://${request.headers.host}`,
      )
      for (const url of ['/auth/v1', '/auth/v1/*']) {
        auth.route({ method: [...METHODS], url, handler: byHost, exposeHeadRoute: false })
        auth.options(url, preflight)
      }
    })
  }
}

function send(reply: FastifyReply, response: AuthResponse) {
  reply.status(response.status).headers(response.headers)
  allowCors(reply, EXPOSED_HEADERS)
  // answers carry sessions and tokens: never cached
  reply.header('cache-control', 'no-store')
  return reply.send(response.body ?? undefined)
}
