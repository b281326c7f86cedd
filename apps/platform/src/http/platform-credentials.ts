import { CSRF_COOKIE, CSRF_HEADER, SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@pgfleet/contracts'
import type { ServedOn } from './user-content'

/**
 * The dashboard's credentials never reach tenant code (edge functions, the request headers that RLS policies and
 * database functions read): a function that saw the session cookie could replay it as the signed-in member.
 */

/** Cookies the platform sets for the dashboard. */
const PLATFORM_COOKIES = new Set([SESSION_COOKIE, SECURE_SESSION_COOKIE, CSRF_COOKIE])

type Headers = Record<string, string | string[] | undefined>

/** A Cookie header without the platform's cookies; undefined when nothing is left. */
function withoutPlatformCookies(cookie: string): string | undefined {
  const kept = cookie
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '' && !PLATFORM_COOKIES.has((pair.split('=', 1)[0] ?? '').trim()))
  return kept.length > 0 ? kept.join('; ') : undefined
}

/**
 * The request's headers as tenant code may see them: never the CSRF header, never the platform's cookies. On the
 * platform's own origin no cookie at all is passed on: every cookie there is the dashboard's, since a tenant's
 * `Set-Cookie` is never stored for it (see `droppedTenantResponseHeaders`). On a project's own host the project's
 * own cookies pass.
 */
export function withoutPlatformCredentials<T extends Headers>(headers: T, servedOn: ServedOn = 'project-host'): T {
  const { cookie, [CSRF_HEADER]: _csrf, ...rest } = headers
  const kept = servedOn === 'project-host' && typeof cookie === 'string' ? withoutPlatformCookies(cookie) : undefined
  return (kept === undefined ? rest : { ...rest, cookie: kept }) as T
}

/** Response headers a tenant may not send through the platform: cookies would be stored for the dashboard's host. */
export function droppedTenantResponseHeaders(servedOn: ServedOn): string[] {
  return servedOn === 'platform-origin' ? ['set-cookie'] : []
}
