import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@pgfleet/contracts'
import type { FastifyRequest } from 'fastify'

/**
 * Whether the dashboard is served over HTTPS: the request came in over TLS, or the operator's public URL (what
 * browsers see in front of a TLS-terminating proxy) is https.
 */
export function isSecureDashboard(request: FastifyRequest, publicUrl: string | undefined): boolean {
  return request.protocol === 'https' || publicUrl?.startsWith('https:') === true
}

/** The session cookie's name: `__Host-` prefixed under HTTPS, so only the dashboard's own host can set it. */
export function sessionCookieName(secure: boolean): string {
  return secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE
}

/**
 * The session token the browser sent. Under HTTPS only the `__Host-` cookie counts: a plain `pgfleet_session`
 * could have been planted by another host of the same site (session fixation).
 */
export function sessionTokenOf(request: FastifyRequest, secure: boolean): string | undefined {
  return request.cookies[sessionCookieName(secure)] || undefined
}
