// The plain values of auth.ts, apart from its zod schemas, so the dashboard's first paint can import
// them without loading zod.

export const PASSWORD_MIN_LENGTH = 8

/** Cookie and header names shared by the server and the dashboard. */
export const SESSION_COOKIE = 'pgfleet_session'

export const CSRF_COOKIE = 'csrf'

export const CSRF_HEADER = 'x-csrf-token'
