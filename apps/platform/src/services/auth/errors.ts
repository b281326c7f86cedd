/**
 * Errors as the hosted auth server (GoTrue) answers them, in the two shapes it has. A client that sends
 * `X-Supabase-Api-Version: 2024-01-01` or later gets `{ code: "<error code>", message }` and the header back;
 * others get `{ code: <status>, error_code, msg }`. auth-js reads the error code from `code` only when the answer
 * carries the header, so the header is what decides.
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    /** GoTrue's error code: invalid_credentials, user_already_exists, weak_password, ... */
    readonly code: string,
    message: string,
    /** fields the answer carries besides the code and message (e.g. weak_password's reasons) */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
    this.name = 'AuthError'
  }
}

export const API_VERSION_HEADER = 'x-supabase-api-version'
/** The first API version whose errors carry the code in `code`. */
const FIRST_CODED_VERSION = Date.UTC(2024, 0, 1)

/** The request's API version when it is a date this server knows, else null (the older error shape). */
export function requestedApiVersion(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null
  const time = Date.parse(`${value}T00:00:00Z`)
  return Number.isNaN(time) || time < FIRST_CODED_VERSION ? null : value
}

export function errorBody(error: AuthError, apiVersion: string | null): Record<string, unknown> {
  return apiVersion
    ? { code: error.code, message: error.message, ...error.extra }
    : { code: error.status, error_code: error.code, msg: error.message, ...error.extra }
}

export const badRequest = (code: string, message: string, extra?: Record<string, unknown>) =>
  new AuthError(400, code, message, extra)
export const validationFailed = (message: string) => new AuthError(400, 'validation_failed', message)
export const unauthorized = (code: string, message: string) => new AuthError(401, code, message)
export const forbidden = (code: string, message: string) => new AuthError(403, code, message)
export const notFound = (code: string, message: string) => new AuthError(404, code, message)
export const tooManyRequests = (code: string, message: string) => new AuthError(429, code, message)
