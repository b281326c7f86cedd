/**
 * Errors of the data API, in PostgREST's shape `{ code, message, details, hint }` with its HTTP statuses, so
 * supabase-js (and anything written against PostgREST) reads them as it would from the real thing.
 */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** usually text; PGRST201 lists the candidate relationships */
    readonly details: unknown = null,
    readonly hint: string | null = null,
    /** extra response headers, e.g. WWW-Authenticate on 401 */
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'RestError'
  }

  toJSON() {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message }
  }
}

/** PGRST100: the query string does not follow the grammar. */
export const parseError = (message: string, details: string | null = null) =>
  new RestError(400, 'PGRST100', message, details)

export const invalidBody = (message: string) => new RestError(400, 'PGRST102', message)

export const tableNotFound = (schema: string, table: string) =>
  new RestError(
    404,
    'PGRST205',
    `Could not find the table '${schema}.${table}' in the schema cache`,
    null,
    'Check that the table exists in an exposed schema and that the name is spelled exactly',
  )

export const columnNotFound = (table: string, column: string) =>
  new RestError(400, '42703', `column ${table}.${column} does not exist`)

export const bodyColumnNotFound = (table: string, column: string) =>
  new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`)

export const singularError = (rows: number) =>
  new RestError(
    406,
    'PGRST116',
    'JSON object requested, multiple (or no) rows returned',
    `The result contains ${rows} rows`,
  )

export const unauthorized = (
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
) =>
  new RestError(401, code, message, details, hint, {
    'www-authenticate': `Bearer error="invalid_token", error_description="${message.replace(/"/g, "'")}"`,
  })

interface PgErrorLike {
  code?: string
  message: string
  detail?: string
  hint?: string
}

const isPgError = (error: unknown): error is PgErrorLike =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as PgErrorLike).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((error as PgErrorLike).code ?? '')

/** PostgREST's table from SQLSTATE to HTTP status; `anonymous` decides 401 or 403 on insufficient privileges. */
export function statusForSqlState(code: string, anonymous: boolean): number {
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '53400': 500,
    P0001: 400,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
    '42501': anonymous ? 401 : 403,
  }
  const known = exact[code]
  if (known !== undefined) return known
  // RAISE with SQLSTATE 'PT404' (PostgREST's convention) picks the status
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2))
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  }
  return byClass[code.slice(0, 2)] ?? 400
}

/** Turns a Postgres error into the PostgREST answer; anything else is left to the caller. */
export function fromPgError(error: unknown, anonymous: boolean): RestError | null {
  if (error instanceof RestError) return error
  if (!isPgError(error)) return null
  const code = error.code as string
  return new RestError(
    statusForSqlState(code, anonymous),
    code,
    error.message,
    error.detail ?? null,
    error.hint ?? null,
  )
}

/** Connection failures (project stopped, socket gone) become PGRST001 503s instead of 500s. */
export function isConnectionFailure(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code
  return (
    code === 'ECONNREFUSED' ||
    code === 'ENOENT' ||
    code === 'ECONNRESET' ||
    code === 'EPIPE' ||
    code === '57P01' ||
    code === '57P03' ||
    (error instanceof Error &&
      /Connection terminated|not queryable|timeout exceeded when trying to connect/.test(error.message))
  )
}

/**
 * During a major upgrade the data API keeps serving from the old cluster; for the few seconds of the switchover
 * (and the whole copy of a dump-and-restore upgrade) its connections are refused or ended. Those failures, a refused
 * login from the cut-off access rules included, become this 503 with Retry-After.
 */
export function isUpgradeSwitchoverFailure(error: unknown): boolean {
  if (error instanceof RestError) return error.code === 'PGRST001'
  const code = (error as { code?: string } | null)?.code
  return isConnectionFailure(error) || code === '28000' || code === '57P02' || code?.startsWith('08') === true
}

export const upgradeSwitchoverError = (ref: string) =>
  new RestError(
    503,
    'PGRST001',
    `Project ${ref} is switching to a new Postgres version`,
    null,
    'Retry in a few seconds',
    { 'retry-after': '5' },
  )

export const connectionError = (details: string | null) =>
  new RestError(503, 'PGRST001', 'Could not connect to the project database', details)
