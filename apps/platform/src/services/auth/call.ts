import type { IncomingHttpHeaders } from 'node:http'
import { errors as joseErrors } from 'jose'
import type pg from 'pg'
import type { AppContext } from '../../context'
import { projectKeyrings } from '../../control/keys/api-key-keyrings'
import { resolveApiKey, resolveBearer } from '../../control/keys/api-key-resolver'
import { verifyProjectJwt } from '../../control/keys/api-keys'
import { AuthError, forbidden, unauthorized } from './errors'
import type { AuthProject } from './project-auth'
import type { RequestMeta } from './sessions'

/** One request to a project's auth server, as the router and handlers see it. */
export interface AuthRequest {
  ref: string
  method: string
  /** the path after /auth/v1, starting with '/' */
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  /** the parsed JSON (or form) body; undefined when there is none */
  body: unknown
  /** the client's address, through the platform's trusted proxies only */
  ip: string | null
  /** the project's URL as the request reached it (…/p/{ref} or https://{ref}.{domain}) */
  projectUrl: string
}

export interface AuthResponse {
  status: number
  headers: Record<string, string>
  body: string | null
}

export interface AuthCall {
  ctx: AppContext
  req: AuthRequest
  project: AuthProject
  pool: pg.Pool
  /** the role of the apikey the request carried (null on the routes browsers reach without one) */
  keyRole: string | null
}

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): AuthResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
})

export const noContent = (): AuthResponse => ({ status: 204, headers: {}, body: null })

export const redirect = (location: string): AuthResponse => ({ status: 303, headers: { location }, body: null })

export function metaOf(req: AuthRequest): RequestMeta {
  const agent = req.headers['user-agent']
  return { userAgent: typeof agent === 'string' ? agent : null, ip: req.ip }
}

/** The body as an object (GoTrue answers 400 to anything else). */
export function bodyObject(req: AuthRequest): Record<string, unknown> {
  if (req.body === undefined || req.body === null) return {}
  if (typeof req.body !== 'object' || Array.isArray(req.body)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object')
  }
  return req.body as Record<string, unknown>
}

/** Runs `work` on one of the auth server's connections, outside a transaction. */
export async function withClient<T>(call: { pool: pg.Pool }, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await call.pool.connect()
  try {
    return await work(client)
  } finally {
    client.release()
  }
}

/** Runs `work` in one transaction on the auth server's connection. */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  let broken = false
  try {
    await client.query('BEGIN')
    const result = await work(client)
    await client.query('COMMIT')
    return result
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true
    })
    throw error
  } finally {
    client.release(broken)
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const bearerOf = (req: AuthRequest): string | null => {
  const header = req.headers.authorization
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null
  return match?.[1] ?? null
}

export interface VerifiedCaller {
  role: string
  claims: Record<string, unknown>
}

async function verify(project: AuthProject, token: string): Promise<VerifiedCaller> {
  try {
    return await verifyProjectJwt(token, project.entry.jwtSecret)
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw forbidden(
        'bad_jwt',
        'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
      )
    throw forbidden('bad_jwt', 'invalid JWT: unable to parse or verify signature, signature is invalid')
  }
}

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)

/**
 * The role of the request's `apikey`, by the platform's one key resolver: a publishable or secret key, or a JWT of
 * the project whose role is anon or service_role while the legacy keys are on; a secret key from a browser is refused.
 */
export async function apiKeyRole(call: Pick<AuthCall, 'ctx' | 'req'>): Promise<string> {
  const keyring = await projectKeyrings(call.ctx).get(call.req.ref)
  if (!keyring) throw unauthorized('invalid_api_key', 'Invalid API key')
  const apikey = header(call.req.headers.apikey) ?? call.req.query.get('apikey') ?? undefined
  const resolved = await resolveApiKey(keyring, apikey, header(call.req.headers['user-agent']))
  if (!resolved.ok) throw unauthorized(resolved.code, resolved.message)
  return resolved.caller.role
}

/** A signed-in user's token (`Authorization: Bearer`): its claims, with `sub` naming the user. */
export async function signedInUser(
  call: AuthCall,
): Promise<{ userId: string; sessionId: string | null; claims: Record<string, unknown> }> {
  const token = bearerOf(call.req)
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a Bearer token')
  const caller = await verify(call.project, token)
  const sub = caller.claims.sub
  if (typeof sub !== 'string' || !UUID.test(sub)) {
    throw forbidden('bad_jwt', 'invalid claim: missing sub claim')
  }
  const claimed = caller.claims.session_id
  if (claimed !== undefined && (typeof claimed !== 'string' || !UUID.test(claimed))) {
    throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID')
  }
  const sessionId = typeof claimed === 'string' ? claimed : null
  return { userId: sub, sessionId, claims: caller.claims }
}

/** The admin API needs the service role in the Bearer token: its JWT, or a secret key (as auth-js's admin client sends). */
export async function requireServiceRole(call: AuthCall): Promise<void> {
  const authorization = header(call.req.headers.authorization)
  if (!authorization) throw unauthorized('no_authorization', 'This endpoint requires a Bearer token')
  const keyring = await projectKeyrings(call.ctx).get(call.req.ref)
  if (!keyring) throw unauthorized('invalid_api_key', 'Invalid API key')
  const resolved = await resolveBearer(keyring, authorization, {
    userAgent: header(call.req.headers['user-agent']),
    apiKeys: 'accept',
  })
  if (!resolved.ok) throw forbidden('bad_jwt', resolved.message)
  if (resolved.caller.role !== 'service_role' && resolved.caller.role !== 'supabase_admin') {
    throw forbidden('not_admin', 'User not allowed')
  }
}
