import { CSRF_COOKIE, CSRF_HEADER } from '@pgfleet/contracts'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../../db/kysely'
import { forbidden, unauthorized } from '../../errors'
import { ACCESS_TOKEN_PREFIX, findUserIdByAccessToken } from './access-tokens'
import { safeEqual } from './secrets'
import { isSecureDashboard, sessionTokenOf } from './session-cookie'
import { findSession } from './sessions'

export interface AuthContext {
  userId: number
  via: 'session' | 'token'
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null
  }
}

const MUTATING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** The platform's own API (the assistant's model calls included); other paths are the dashboard and public APIs. */
const AUTHENTICATED_PREFIXES = ['/platform/', '/v1/', '/api/ai/']

/**
 * Whether the URL is under one of AUTHENTICATED_PREFIXES; they end in '/', so the URL starts with one exactly when its
 * path does.
 */
function isAuthenticatedUrl(url: string): boolean {
  for (const prefix of AUTHENTICATED_PREFIXES) if (url.startsWith(prefix)) return true
  return false
}

/** Routes that work without a signed-in user. */
const PUBLIC_ROUTES = new Set(['/platform/auth/signup', '/platform/auth/login', '/platform/auth/logout'])

function ownOrigins(request: FastifyRequest, publicUrl: string | undefined): string[] {
  const origins = [`${request.protocol}://${request.headers.host}`]
  if (publicUrl) origins.push(new URL(publicUrl).origin)
  return origins
}

/**
 * Resolves the caller from a Bearer personal access token or the session cookie. Cookie-authenticated
 * mutations must come from the platform's own origin and echo the csrf cookie in the x-csrf-token header.
 */
export function registerRequestAuth(app: FastifyInstance, deps: { db: Db; publicUrl: string | undefined }): void {
  app.decorateRequest('auth', null)
  // callback style, so the other routes (the data API's among them) spend no promise on this hook
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isAuthenticatedUrl(request.url)) return done()
    resolveCaller(request, deps).then(() => done(), done)
  })
}

async function resolveCaller(request: FastifyRequest, deps: { db: Db; publicUrl: string | undefined }): Promise<void> {
  const path = request.url.split('?')[0] ?? ''
  const mutating = MUTATING_METHODS.has(request.method)
  const origin = request.headers.origin
  if (mutating && origin && !ownOrigins(request, deps.publicUrl).includes(origin)) {
    throw forbidden('Cross-site request refused')
  }

  const authorization = request.headers.authorization
  if (authorization?.startsWith('Bearer ')) {
    const token = authorization.slice('Bearer '.length).trim()
    const userId = token.startsWith(ACCESS_TOKEN_PREFIX) ? await findUserIdByAccessToken(deps.db, token) : null
    if (!userId) throw unauthorized('Invalid or revoked access token')
    request.auth = { userId, via: 'token' }
    return
  }

  const sessionToken = sessionTokenOf(request, isSecureDashboard(request, deps.publicUrl))
  const session = sessionToken ? await findSession(deps.db, sessionToken) : null
  if (session) {
    if (mutating) {
      const header = request.headers[CSRF_HEADER]
      const cookie = request.cookies[CSRF_COOKIE]
      if (
        typeof header !== 'string' ||
        !cookie ||
        !safeEqual(header, session.csrfToken) ||
        !safeEqual(cookie, session.csrfToken)
      ) {
        throw forbidden('Missing or invalid CSRF token; reload the page and try again')
      }
    }
    request.auth = { userId: session.userId, via: 'session' }
    return
  }
  if (!PUBLIC_ROUTES.has(path)) {
    throw unauthorized(sessionToken ? 'Your session has expired; sign in again' : 'You must be signed in')
  }
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized()
  return request.auth
}
