// The plain values of auth.ts, apart from its zod schemas, so the dashboard's first paint can import
// them without loading zod.

export const PASSWORD_MIN_LENGTH = 8

/** Cookie and header names shared by the server and the dashboard. */
export const SESSION_COOKIE = 'pgfleet_session'

/**
 * The session cookie's name when the dashboard is served over HTTPS: browsers accept a `__Host-` cookie only when
 * it is Secure, has Path=/ and no Domain, so no other host (a sibling subdomain included) can plant or widen it.
 */
export const SECURE_SESSION_COOKIE = '__Host-pgfleet_session'

export const CSRF_COOKIE = 'csrf'

export const CSRF_HEADER = 'x-csrf-token'
