import { randomBytes, randomUUID } from 'node:crypto'
import { SignJWT } from 'jose'
import type pg from 'pg'
import { AuthError, badRequest, forbidden } from './errors'
import type { AuthProject } from './project-auth'
import { userJson } from './user-json'
import { identitiesOf, isBanned, type UserRow, userById } from './users-store'

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

async function sessionAnswer(
  client: pg.ClientBase,
  project: AuthProject,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
) {
  const { rows } = await client.query<{ authentication_method: string; created_at: Date }>(
    'SELECT authentication_method, created_at FROM auth.mfa_amr_claims WHERE session_id = $1 ORDER BY created_at',
    [sessionId],
  )
  const amr = rows.map((row) => ({
    method: row.authentication_method,
    timestamp: Math.floor(row.created_at.getTime() / 1000),
  }))
  const { token, expiresAt } = await signAccessToken(project, user, { id: sessionId, amr })
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: project.config.jwt_exp,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, await identitiesOf(client, user.id)),
  }
}

export type SessionAnswer = Awaited<ReturnType<typeof sessionAnswer>>

/** A new session for the user, signed in by `method`, in the caller's transaction. */
export async function startSession(
  client: pg.ClientBase,
  project: AuthProject,
  user: UserRow,
  method: AuthMethod,
  meta: RequestMeta,
): Promise<SessionAnswer> {
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned')
  const sessionId = randomUUID()
  await client.query(
    `INSERT INTO auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     VALUES ($1, $2, now(), now(), 'aal1', $3, $4)`,
    [sessionId, user.id, meta.userAgent?.slice(0, 1024) ?? null, meta.ip],
  )
  await client.query(
    `INSERT INTO auth.mfa_amr_claims (session_id, created_at, updated_at, authentication_method, id)
     VALUES ($1, now(), now(), $2, $3)`,
    [sessionId, method, randomUUID()],
  )
  const refreshToken = newRefreshToken()
  await client.query(
    `INSERT INTO auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     VALUES ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), NULL, $3)`,
    [refreshToken, user.id, sessionId],
  )
  await client.query('UPDATE auth.users SET last_sign_in_at = now(), updated_at = now() WHERE id = $1', [user.id])
  const signedIn = (await userById(client, user.id)) as UserRow
  return sessionAnswer(client, project, signedIn, sessionId, refreshToken)
}

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
 * `grant_type=refresh_token`: the token's successor, or, for a token used again within the reuse interval (two
 * tabs refreshing at once), the family's current one. A token used again later is taken as stolen: the whole
 * session ends.
 */
export async function refreshSession(
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
  const rotation = project.config.refresh_token_rotation_enabled
  if (row.revoked) {
    const withinGrace =
      Date.now() - row.updated_at.getTime() <= project.config.security_refresh_token_reuse_interval * 1000
    if (!withinGrace) {
      await client.query('DELETE FROM auth.sessions WHERE id = $1', [row.session_id])
      throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used')
    }
    const current = await client.query<{ token: string }>(
      'SELECT token FROM auth.refresh_tokens WHERE session_id = $1 AND revoked = false ORDER BY id DESC LIMIT 1',
      [row.session_id],
    )
    const token = current.rows[0]?.token
    if (!token) throw badRequest('refresh_token_already_used', 'Invalid Refresh Token: Already Used')
    return sessionAnswer(client, project, user, row.session_id, token)
  }
  let next = row.token
  if (rotation) {
    next = newRefreshToken()
    await client.query('UPDATE auth.refresh_tokens SET revoked = true, updated_at = now() WHERE id = $1', [row.id])
    await client.query(
      `INSERT INTO auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
       VALUES ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
      [next, user.id, row.token, row.session_id],
    )
  }
  await client.query('UPDATE auth.sessions SET refreshed_at = now()::timestamp, updated_at = now() WHERE id = $1', [
    row.session_id,
  ])
  return sessionAnswer(client, project, user, row.session_id, next)
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
