import type { AppContext } from '../../context'
import { isUpgradeSwitchoverFailure } from '../rest/errors'
import type { ProjectDirectory } from '../rest/project-directory'
import { type AuthCall, type AuthRequest, type AuthResponse, apiKeyRole, json } from './call'
import { API_VERSION_HEADER, AuthError, errorBody, requestedApiVersion } from './errors'
import {
  handleCreateUser,
  handleDeleteUser,
  handleGenerateLink,
  handleGetUserById,
  handleInvite,
  handleListUsers,
  handleUpdateUserById,
} from './handle-admin'
import { handleAuthorize, handleCallback, handleLinkAuthorize, handleUnlink } from './handle-oauth'
import { handleOtp, handleReauthenticate, handleRecover, handleResend } from './handle-otp'
import { handleSignup } from './handle-signup'
import { handleToken } from './handle-token'
import { handleGetUser, handleLogout, handleUpdateUser } from './handle-user'
import { handleVerifyGet, handleVerifyPost } from './handle-verify'
import { type AuthProject, authProjects } from './project-auth'
import type { AuthLimit } from './rate-limits'
import { settingsOf } from './settings'

/**
 * A project's auth server (what `supabase.auth` calls under {project URL}/auth/v1): finds the project, checks the
 * `apikey` where a client sends one, prepares the project's `auth` schema on first use, and routes.
 */
export interface AuthDeps {
  ctx: AppContext
  directory: ProjectDirectory
}

interface Route {
  /** a browser reaches it by following a link: no apikey */
  keyless?: boolean
  /** it writes to the database: refused while the project is read-only */
  writes: boolean
  handle(call: AuthCall, id: string): Promise<AuthResponse>
}

const ROUTES: Record<string, Route> = {
  'GET /settings': { writes: false, handle: async (call) => json(200, settingsOf(call.project.config)) },
  'POST /signup': { writes: true, handle: handleSignup },
  'POST /token': { writes: true, handle: handleToken },
  'GET /user': { writes: false, handle: handleGetUser },
  'PUT /user': { writes: true, handle: handleUpdateUser },
  'POST /logout': { writes: true, handle: handleLogout },
  'POST /otp': { writes: true, handle: handleOtp },
  'POST /magiclink': { writes: true, handle: handleOtp },
  'POST /recover': { writes: true, handle: handleRecover },
  'POST /resend': { writes: true, handle: handleResend },
  'GET /reauthenticate': { writes: true, handle: handleReauthenticate },
  'POST /verify': { writes: true, handle: handleVerifyPost },
  'GET /verify': { keyless: true, writes: true, handle: handleVerifyGet },
  'POST /invite': { writes: true, handle: handleInvite },
  'GET /admin/users': { writes: false, handle: handleListUsers },
  'POST /admin/users': { writes: true, handle: handleCreateUser },
  'GET /admin/users/:id': { writes: false, handle: handleGetUserById },
  'PUT /admin/users/:id': { writes: true, handle: handleUpdateUserById },
  'DELETE /admin/users/:id': { writes: true, handle: handleDeleteUser },
  'POST /admin/generate_link': { writes: true, handle: handleGenerateLink },
  'GET /authorize': { keyless: true, writes: true, handle: handleAuthorize },
  'GET /callback': { keyless: true, writes: true, handle: handleCallback },
  'GET /user/identities/authorize': { writes: true, handle: handleLinkAuthorize },
  'DELETE /user/identities/:id': { writes: true, handle: handleUnlink },
}

/** The per-address limit a request counts against (the admin API, for the service role, has none). */
function limitOf(method: string, path: string, req: AuthRequest): AuthLimit | null {
  const route = `${method} ${path.replace(/\/+$/, '')}`
  if (route === 'POST /signup') {
    const body = (req.body ?? {}) as Record<string, unknown>
    const anonymous = body.email === undefined && body.phone === undefined && body.password === undefined
    return anonymous ? 'anonymous_users' : 'signups_signins'
  }
  if (route === 'POST /token') {
    return req.query.get('grant_type') === 'refresh_token' ? 'token_refresh' : 'signups_signins'
  }
  if (route === 'GET /callback') return 'signups_signins'
  if (route === 'POST /verify' || route === 'GET /verify') return 'verify'
  if (['POST /otp', 'POST /magiclink', 'POST /recover', 'POST /resend', 'GET /reauthenticate'].includes(route)) {
    return 'otp'
  }
  return null
}

function routeOf(method: string, path: string): { route: Route; id: string } | null {
  const trimmed = path.replace(/\/+$/, '') || '/'
  const direct = ROUTES[`${method} ${trimmed}`]
  if (direct) return { route: direct, id: '' }
  const match = /^\/(admin\/users|user\/identities)\/([^/]+)$/.exec(trimmed)
  if (match) {
    const route = ROUTES[`${method} /${match[1]}/:id`]
    if (route) return { route, id: decodeURIComponent(match[2] as string) }
  }
  return null
}

const HEALTH = { version: 'pgfleet', name: 'GoTrue', description: 'pgfleet auth server, compatible with GoTrue' }

export async function handleAuthRequest(deps: AuthDeps, req: AuthRequest): Promise<AuthResponse> {
  const apiVersion = requestedApiVersion(req.headers[API_VERSION_HEADER])
  const answer = await answerRequest(deps, req).catch((error: unknown) => errorAnswer(deps, req, error, apiVersion))
  if (apiVersion) answer.headers[API_VERSION_HEADER] = apiVersion
  return answer
}

async function answerRequest(deps: AuthDeps, req: AuthRequest): Promise<AuthResponse> {
  if (req.method === 'GET' && (req.path === '/health' || req.path === '/')) return json(200, HEALTH)
  const found = routeOf(req.method, req.path)
  if (!found) throw new AuthError(404, 'not_found', 'Not found')
  const entry = await deps.directory.get(req.ref)
  if (!entry) throw new AuthError(404, 'not_found', `Project ${req.ref} not found`)
  if ((entry.status !== 'ACTIVE_HEALTHY' && entry.status !== 'UPGRADING') || entry.port === null) {
    throw new AuthError(503, 'service_unavailable', `Project ${req.ref} is not running (status ${entry.status})`)
  }
  const registry = authProjects(deps.ctx)
  const state = await registry.state(req.ref)
  const project: AuthProject = {
    ...state,
    entry,
    jwtKey: new TextEncoder().encode(entry.jwtSecret),
    issuer: `${req.projectUrl}/auth/v1`,
  }
  const keyRole = found.route.keyless ? null : await apiKeyRole({ ctx: deps.ctx, req })
  if (found.route.writes && (entry.readOnlyMode || deps.ctx.resources.modes.get(req.ref) === true)) {
    throw new AuthError(
      503,
      'read_only_mode',
      "The project's database is read-only because its disk is nearly full: sign-ups, sign-ins and other changes are paused until space is freed or the disk grows",
    )
  }
  const limit = limitOf(req.method, req.path, req)
  if (limit && !registry.limits.take(req.ref, limit, req.ip ?? 'unknown', state.config)) {
    deps.ctx.usage.authRateLimited(req.ref)
    throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')
  }
  const pool = await registry.pool(req.ref, entry.port, state.adminPassword)
  return found.route.handle({ ctx: deps.ctx, req, project, pool, keyRole }, found.id)
}

/** Postgres' answer to a write while the database is read-only. */
const READ_ONLY_SQLSTATE = '25006'

function errorAnswer(deps: AuthDeps, req: AuthRequest, error: unknown, apiVersion: string | null): AuthResponse {
  let authError: AuthError
  if (error instanceof AuthError) authError = error
  else if ((error as { code?: string })?.code === READ_ONLY_SQLSTATE) {
    authError = new AuthError(
      503,
      'read_only_mode',
      "The project's database is read-only: this change cannot be saved now",
    )
  } else if (isUpgradeSwitchoverFailure(error)) {
    authError = new AuthError(503, 'service_unavailable', `Project ${req.ref} is switching to a new Postgres version`)
  } else {
    const pgError = error as { code?: string; message?: string; where?: string }
    const tenantCode = typeof pgError.code === 'string' && pgError.code.length === 5
    deps.ctx.log.warn('auth server request failed', {
      ref: req.ref,
      path: req.path,
      code: pgError.code,
      error: pgError.message,
    })
    authError = tenantCode
      ? new AuthError(
          500,
          'unexpected_failure',
          req.path === '/signup' || req.path.startsWith('/admin/users')
            ? `Database error saving new user: ${pgError.message ?? 'unknown error'}`
            : `Database error: ${pgError.message ?? 'unknown error'}`,
        )
      : new AuthError(500, 'unexpected_failure', 'Something went wrong on the server')
  }
  return json(authError.status, errorBody(authError, apiVersion))
}
