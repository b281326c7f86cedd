import { randomBytes, randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import type pg from 'pg'
import { AuthError, badRequest, forbidden } from './errors'
import type { AuthProject } from './project-auth'
import { userJson } from './user-json'
import {
  IDENTITIES_JSON,
  identitiesFromJson,
  isBanned,
  USER_COLUMNS,
  type UserRow,
  type UserWithIdentities,
  userById,
} from './users-store'

/**
 * Sessions: a row in `auth.sessions`, a family of refresh tokens in `auth.refresh_tokens` (each one used once when
 * rotation is on; its successor names it as `parent`), and short-lived HS256 access tokens signed with the
 * project's JWT secret, carrying the claims the data API, storage and functions read.
 */

export type AuthMethod =
  | 'password'
  | 'otp'
  | 'magiclink'
  | 'email/signup'
  | 'anonymous'
  | 'oauth'
  | 'pkce'
  | 'invite'
  | 'recovery'
  | 'email_change'
  | 'token_refresh'

export interface RequestMeta {
  userAgent: string | null
  ip: string | null
}

const newRefreshToken = () => randomBytes(16).toString('base64url')

export async function signAccessToken(
  project: AuthProject,
  user: UserRow,
  session: { id: string; amr: { method: string; timestamp: number }[] },
): Promise<{ token: string; expiresAt: number }> {
  const now = Math.floor(Date.now() / 1000)
  const expiresAt = now + project.config.jwt_exp
  const token = await new SignJWT({
    aud: user.aud ?? 'authenticated',
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role ?? 'authenticated',
    aal: 'aal1',
    amr: session.amr,
    session_id: session.id,
    is_anonymous: user.is_anonymous,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(project.issuer)
    .setIssuedAt(now)
    .setExpirationTime(expiresAt)
    .sign(project.jwtKey)
  return { token, expiresAt }
}

interface AmrEntry {
  method: string
  timestamp: number
}

async function sessionAnswer(
  project: AuthProject,
  user: UserWithIdentities,
  sessionId: string,
  refreshToken: string,
  amr: AmrEntry[],
) {
  const { token, expiresAt } = await signAccessToken(project, user, { id: sessionId, amr })
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: project.config.jwt_exp,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, identitiesFromJson(user)),
  }
}

export type SessionAnswer = Awaited<ReturnType<typeof sessionAnswer>>

const AMR_JSON = (sessionRef: string) => `coalesce((SELECT json_agg(json_build_object('method', c.authentication_method,
  'timestamp', extract(epoch FROM c.created_at)::bigint) ORDER BY c.created_at)
  FROM auth.mfa_amr_claims c WHERE c.session_id = ${sessionRef}), '[]'::json) AS amr`

/**
 * A new session for the user, signed in by `method`, in one statement: the session, its method, its first refresh
 * token and the user's sign-in time, answered with the user and identities.
 */
export async function startSession(
  client: pg.ClientBase,
  project: AuthProject,
  user: UserRow,
  method: AuthMethod,
  meta: RequestMeta,
): Promise<SessionAnswer> {
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned')
  const sessionId = randomUUID()
  const refreshToken = newRefreshToken()
  const { rows } = await client.query<UserWithIdentities>(
    `WITH new_session AS (
       INSERT INTO auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
       VALUES ($1, $2, now(), now(), 'aal1', $3, $4) RETURNING id),
     new_method AS (
       INSERT INTO auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
       SELECT id, now(), now(), $5, $6 FROM new_session),
     new_token AS (
       INSERT INTO auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       SELECT '00000000-0000-0000-0000-000000000000', $7, $2, false, now(), now(), NULL, id FROM new_session),
     u AS (
       UPDATE auth.users SET last_sign_in_at = now(), updated_at = now() WHERE id = $2 RETURNING *)
     SELECT ${USER_COLUMNS}, ${IDENTITIES_JSON} FROM u`,
    [sessionId, user.id, meta.userAgent?.slice(0, 1024) ?? null, meta.ip, method, randomUUID(), refreshToken],
  )
  const signedIn = rows[0]
  if (!signedIn) throw notFoundUser()
  return sessionAnswer(project, signedIn, sessionId, refreshToken, [
    { method, timestamp: Math.floor(Date.now() / 1000) },
  ])
}

const notFoundUser = () => badRequest('user_not_found', 'User not found')

interface TokenRow {
  id: string
  token: string
  revoked: boolean
  updated_at: Date
  session_id: string | null
  user_id: string
}

const notFound = () => badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')

/**
 * The common refresh in one statement: the token is revoked, its successor stored, the session touched, and the
 * user, identities and sign-in methods read back. Answers null when the token is not a live one of an unbanned user
 * (the careful path then decides).
 */
async function rotateAtOnce(client: pg.ClientBase, presented: string, next: string) {
  const { rows } = await client.query<UserWithIdentities & { session_id: string; amr: AmrEntry[] }>(
    `WITH old AS (
       UPDATE auth.refresh_tokens t SET revoked = true, updated_at = now()
       WHERE t.token = $1 AND t.revoked = false AND t.session_id IS NOT NULL
         AND NOT EXISTS (SELECT 1 FROM auth.users b WHERE b.id::text = t.user_id AND b.banned_until > now())
       RETURNING t.token, t.user_id, t.session_id),
     fresh AS (
       INSERT INTO auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       SELECT '00000000-0000-0000-0000-000000000000', $2, user_id, false, now(), now(), token, session_id FROM old),
     touched AS (
       UPDATE auth.sessions SET refreshed_at = now()::timestamp, updated_at = now()
       WHERE id IN (SELECT session_id FROM old))
     SELECT old.session_id, ${USER_COLUMNS.split(',')
       .map((column) => `u.${column.trim()}`)
       .join(', ')}, ${IDENTITIES_JSON}, ${AMR_JSON('old.session_id')}
     FROM old JOIN auth.users u ON u.id::text = old.user_id`,
    [presented, next],
  )
  return rows[0] ?? null
}

/**
 * `grant_type=refresh_token`: the token's successor, or, for a token used again within the reuse interval (two
 * tabs refreshing at once), the family's current one. A token used again later is taken as stolen: the whole
 * session ends.
 */
export async function refreshAtOnce(
  client: pg.ClientBase,
  project: AuthProject,
  presented: string,
): Promise<SessionAnswer | null> {
  if (!project.config.refresh_token_rotation_enabled) return null
  const next = newRefreshToken()
  const rotated = await rotateAtOnce(client, presented, next)
  return rotated ? sessionAnswer(project, rotated, rotated.session_id, next, rotated.amr) : null
}

/** The refresh that `refreshAtOnce` left: a used, unknown or banned user's token, or rotation off (in a transaction). */
export async function refreshCarefully(
  client: pg.ClientBase,
  project: AuthProject,
  presented: string,
): Promise<SessionAnswer> {
  const { rows } = await client.query<TokenRow>(
    `SELECT rt.id, rt.token, rt.revoked, rt.updated_at, rt.session_id, rt.user_id
     FROM auth.refresh_tokens rt WHERE rt.token = $1 FOR UPDATE`,
    [presented],
  )
  const row = rows[0]
  if (!row?.session_id) throw notFound()
  const user = await userById(client, row.user_id)
  if (!user) throw notFound()
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned')
  let token = row.token
  if (row.revoked) {
    const withinGrace =
      Date.now() - row.updated_at.getTime() <= project.config.security_refresh_token_reuse_interval * 1000
    if (!withinGrace) throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used')
    const current = await client.query<{ token: string }>(
      'SELECT token FROM auth.refresh_tokens WHERE session_id = $1 AND revoked = false ORDER BY id DESC LIMIT 1',
      [row.session_id],
    )
    const latest = current.rows[0]?.token
    if (!latest) throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used')
    token = latest
  } else {
    await client.query('UPDATE auth.sessions SET refreshed_at = now()::timestamp, updated_at = now() WHERE id = $1', [
      row.session_id,
    ])
  }
  const { rows: found } = await client.query<UserWithIdentities & { amr: AmrEntry[] }>(
    `SELECT ${USER_COLUMNS}, ${IDENTITIES_JSON}, ${AMR_JSON('$2::uuid')} FROM auth.users u WHERE u.id = $1`,
    [user.id, row.session_id],
  )
  const full = found[0]
  if (!full) throw notFound()
  return sessionAnswer(project, full, row.session_id, token, full.amr)
}

/** Whether the session named by a token's `session_id` claim still exists (signed out sessions do not). */
export async function assertSessionAlive(client: pg.ClientBase, sessionId: unknown): Promise<void> {
  if (typeof sessionId !== 'string') return
  const { rowCount } = await client.query('SELECT 1 FROM auth.sessions WHERE id = $1', [sessionId])
  if (rowCount === 0) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist')
}

export type LogoutScope = 'global' | 'local' | 'others'

/** Ends the caller's session (`local`), every session of the user (`global`), or all but the caller's (`others`). */
export async function endSessions(
  client: pg.ClientBase,
  userId: string,
  sessionId: string | null,
  scope: LogoutScope,
): Promise<void> {
  if (scope === 'global' || !sessionId) {
    await client.query('DELETE FROM auth.sessions WHERE user_id = $1', [userId])
  } else if (scope === 'local') {
    await client.query('DELETE FROM auth.sessions WHERE id = $1 AND user_id = $2', [sessionId, userId])
  } else {
    await client.query('DELETE FROM auth.sessions WHERE user_id = $1 AND id <> $2', [userId, sessionId])
  }
}

export const isAuthError = (error: unknown): error is AuthError => error instanceof AuthError
