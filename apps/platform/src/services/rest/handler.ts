import { READ_ONLY_MODE_HINT } from '@pgfleet/contracts'
import { credentialsOf } from '../../control/keys/api-key-resolver'
import { authenticate, type RequestAuth } from './auth'
import { fromPgError, isUpgradeSwitchoverFailure, RestError, upgradeSwitchoverError } from './errors'
import { inProjectTransaction } from './executor'
import { readTable } from './handle-read'
import { callFunction } from './handle-rpc'
import { writeTable } from './handle-write'
import { negotiate, parsePrefer } from './headers'
import { buildOpenApi } from './openapi'
import type { PoolTarget } from './project-databases'
import type { ProjectEntry } from './project-directory'
import { header, type RequestContext, type RestDeps, type RestRequest } from './request'
import { appliedPreferences, CONTENT_TYPES, type RestResponse } from './respond'

/** Answers one data API request: project, API key and JWT, schema profile, then the table, rpc or root handler. */
export async function handleRestRequest(deps: RestDeps, req: RestRequest): Promise<RestResponse> {
  let anonymous = true
  let upgrading = false
  let readOnlyEntry: ProjectEntry | null = null
  try {
    // the lookups answer synchronously from their caches on a busy endpoint
    const found = deps.directory.get(req.ref)
    const entry = found instanceof Promise ? await found : found
    const ring = entry ? deps.keyrings.get(req.ref) : null
    const keyring = ring instanceof Promise ? await ring : ring
    if (!entry || !keyring) throw new RestError(404, 'PGRST125', `Project ${req.ref} not found`)
    const credentials = credentialsOf(req.headers)
    credentials.apikey ??= new URLSearchParams(req.search).get('apikey') || undefined
    const verified = authenticate(keyring, credentials)
    const auth = verified instanceof Promise ? await verified : verified
    anonymous = auth.role === 'anon'
    // an upgrade keeps the old cluster serving on the project's port until its switchover
    upgrading = entry.status === 'UPGRADING'
    readOnlyEntry = entry
    if ((entry.status !== 'ACTIVE_HEALTHY' && !upgrading) || entry.port === null) {
      throw new RestError(503, 'PGRST001', `Project ${req.ref} is not running`, `Its status is ${entry.status}`)
    }
    const ctx: RequestContext = {
      deps,
      req,
      db: deps.pools.database({ ref: entry.ref, port: entry.port, authenticatorPassword: entry.authenticatorPassword }),
      auth,
      schemaName: profileOf(deps, req),
      accepted: negotiate(header(req, 'accept'), req.path === ''),
      prefs: parsePrefer(req.headers.prefer),
      meta: { method: req.method, path: `/${req.path}`, headers: req.headers },
      // a method rather than an arrow, which tsx would name per request; it reads no `this` and may be passed on
      readOnlyMode() {
        return readOnlyModeOf(deps, entry)
      },
    }
    return await route(ctx)
  } catch (error) {
    if (upgrading && isUpgradeSwitchoverFailure(error)) return errorResponse(upgradeSwitchoverError(req.ref))
    const restError = fromPgError(error, anonymous)
    if (!restError) throw error
    const readOnly = readOnlyEntry !== null && readOnlyModeOf(deps, readOnlyEntry)
    if (readOnly && restError.code === READ_ONLY_SQL_STATE) return errorResponse(readOnlyModeError(restError))
    return errorResponse(restError)
  }
}

/** Read-only mode: the row is cached for a second, so what the platform applies now comes first. */
function readOnlyModeOf(deps: RestDeps, entry: ProjectEntry): boolean {
  return deps.readOnlyNow(entry.ref) ?? entry.readOnlyMode
}

/** Postgres' read_only_sql_transaction. */
const READ_ONLY_SQL_STATE = '25006'

/** Postgres' own answer (405, as PostgREST gives it) with the reason and the way out. */
const readOnlyModeError = (error: RestError) =>
  new RestError(error.status, error.code, error.message, error.details, READ_ONLY_MODE_HINT, error.headers)

export function errorResponse(error: RestError): RestResponse {
  return {
    status: error.status,
    headers: { 'content-type': CONTENT_TYPES.json, ...error.headers },
    body: JSON.stringify(error.toJSON()),
  }
}

/** Accept-Profile (reads) or Content-Profile (writes) picks one of the exposed schemas; the first is the default. */
function profileOf(deps: RestDeps, req: RestRequest): string {
  const reading = req.method === 'GET' || req.method === 'HEAD'
  const requested = header(req, reading ? 'accept-profile' : 'content-profile')
  const fallback = deps.schemas[0] ?? 'public'
  if (!requested) return fallback
  if (!deps.schemas.includes(requested)) {
    throw new RestError(
      406,
      'PGRST106',
      `The schema must be one of the following: ${deps.schemas.join(', ')}`,
      `Invalid schema: ${requested}`,
    )
  }
  return requested
}

async function route(ctx: RequestContext): Promise<RestResponse> {
  const { path, method } = ctx.req
  if (path === '') {
    if (method !== 'GET' && method !== 'HEAD') {
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
    }
    const document = await describe(ctx.db, ctx.auth, ctx.schemaName, ctx.req.apiUrl())
    return {
      status: 200,
      headers: { 'content-type': CONTENT_TYPES.openapi, ...appliedPreferences(ctx.prefs) },
      body: method === 'HEAD' ? null : JSON.stringify(document),
    }
  }
  if (path.startsWith('rpc/') && !path.slice(4).includes('/') && path.length > 4)
    return callFunction(ctx, path.slice(4))
  if (path.includes('/')) throw new RestError(404, 'PGRST125', 'Invalid path specified in request URL')
  if (method === 'GET' || method === 'HEAD') return readTable(ctx, path)
  if (method === 'POST' || method === 'PATCH' || method === 'DELETE') return writeTable(ctx, path)
  throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`)
}

function describe(db: RequestContext['db'], auth: RequestAuth, schemaName: string, url: string) {
  const options = { readOnly: true, singleBatch: true }
  return inProjectTransaction(
    db,
    auth,
    { method: 'GET', path: '/', headers: {} },
    options,
    async (_client, schema) => ({
      value: buildOpenApi(schema, { schema: schemaName, url }),
      commit: true,
    }),
  )
}

/** The OpenAPI description for the dashboard's API docs, read as service_role from the same schema cache. */
export async function describeProject(
  deps: RestDeps,
  target: PoolTarget,
  url: string,
  schemaName = deps.schemas[0] ?? 'public',
): Promise<Record<string, unknown>> {
  const auth: RequestAuth = { role: 'service_role', claims: { role: 'service_role' } }
  return describe(deps.pools.database(target), auth, schemaName, url)
}
