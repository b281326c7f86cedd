import type pg from 'pg'
import {
  type AuthCall,
  type AuthResponse,
  bodyObject,
  inTransaction,
  json,
  noContent,
  signedInUser,
  withClient,
} from './call'
import { sendEmailChange } from './email-flows'
import { AuthError, badRequest, forbidden, notFound, validationFailed } from './errors'
import { consumeToken, tokenHash } from './one-time-tokens'
import { hashPassword } from './passwords'
import { assertSessionAlive, endSessions, type LogoutScope } from './sessions'
import { userJson } from './user-json'
import {
  identitiesFromJson,
  identitiesOf,
  USER_COLUMNS,
  type UserRow,
  userByEmail,
  userById,
  userWithIdentities,
} from './users-store'
import { checkMetadata, checkNewPassword, normalizeEmail } from './validation'

/** The signed-in user: `GET /user`, `PUT /user`, `POST /logout`. */

async function currentUser(call: AuthCall, client: pg.ClientBase) {
  const caller = await signedInUser(call)
  await assertSessionAlive(client, caller.sessionId)
  const user = await userById(client, caller.userId)
  if (!user) throw notFound('user_not_found', 'User from sub claim in JWT does not exist')
  return { caller, user }
}

/** One query: the user, its identities and whether the token's session still exists. */
export async function handleGetUser(call: AuthCall): Promise<AuthResponse> {
  const caller = await signedInUser(call)
  const user = await withClient(call, (client) => userWithIdentities(client, caller.userId, caller.sessionId))
  if (!user) throw notFound('user_not_found', 'User from sub claim in JWT does not exist')
  if (!user.session_alive) throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist')
  return json(200, userJson(user, identitiesFromJson(user)))
}

/** Keys set to null in `data` are removed from the metadata; others are set. */
function mergeMetadata(current: Record<string, unknown> | null, change: Record<string, unknown>) {
  const merged: Record<string, unknown> = { ...(current ?? {}) }
  for (const [key, value] of Object.entries(change)) {
    if (value === null) delete merged[key]
    else merged[key] = value
  }
  return merged
}

/** Whether a password change needs a reauthentication code, and whether the one given is right. */
async function assertReauthenticated(call: AuthCall, client: pg.ClientBase, user: UserRow, nonce: unknown) {
  if (!call.project.config.security_update_password_require_reauthentication) return
  if (typeof nonce !== 'string' || nonce === '') {
    throw badRequest('reauthentication_needed', 'Password update requires reauthentication')
  }
  const { rows } = await client.query<{ ok: boolean }>(
    `SELECT reauthentication_token = $2 AND reauthentication_sent_at > now() - make_interval(secs => $3) AS ok
     FROM auth.users WHERE id = $1`,
    [user.id, tokenHash(user.email ?? '', nonce), call.project.config.mailer_otp_exp],
  )
  if (!rows[0]?.ok) throw badRequest('reauthentication_not_valid', 'Requires a valid reauthentication nonce')
  await consumeToken(client, user.id, 'reauthentication_token')
}

export async function handleUpdateUser(call: AuthCall): Promise<AuthResponse> {
  const body = bodyObject(call.req)
  const { config } = call.project
  const data = body.data === undefined ? null : checkMetadata(body.data)
  const password = body.password === undefined ? null : checkNewPassword(body.password, config)
  const email = body.email === undefined || body.email === null || body.email === '' ? null : normalizeEmail(body.email)
  if (body.phone !== undefined && body.phone !== null && body.phone !== '') {
    throw new AuthError(
      422,
      'sms_send_failed',
      'Changing a phone number needs an SMS provider, which this platform does not have yet',
    )
  }
  const passwordHash = password === null ? null : await hashPassword(password)
  const updated = await inTransaction(call.pool, async (client) => {
    const { user } = await currentUser(call, client)
    if (passwordHash !== null) {
      await assertReauthenticated(call, client, user, body.nonce)
      await client.query('UPDATE auth.users SET encrypted_password = $2, updated_at = now() WHERE id = $1', [
        user.id,
        passwordHash,
      ])
    }
    if (data !== null) {
      await client.query('UPDATE auth.users SET raw_user_meta_data = $2, updated_at = now() WHERE id = $1', [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
      ])
    }
    if (email !== null && email !== user.email) {
      const taken = await userByEmail(client, email)
      if (taken && taken.id !== user.id)
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    }
    const { rows } = await client.query<UserRow>(`SELECT ${USER_COLUMNS} FROM auth.users WHERE id = $1`, [user.id])
    return rows[0] as UserRow
  })
  let answer = updated
  if (email !== null && email !== updated.email) {
    if (config.mailer_autoconfirm || updated.is_anonymous) {
      answer = await inTransaction(call.pool, async (client) => {
        const { rows } = await client.query<UserRow>(
          `UPDATE auth.users SET email = $2, email_confirmed_at = CASE WHEN $3 THEN now() ELSE email_confirmed_at END,
             updated_at = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
          [updated.id, email, config.mailer_autoconfirm],
        )
        return rows[0] as UserRow
      })
    } else {
      answer = await sendEmailChange(call, updated, email, {
        redirectTo: call.req.query.get('redirect_to'),
        codeChallenge: typeof body.code_challenge === 'string' ? body.code_challenge : null,
        codeChallengeMethod: typeof body.code_challenge_method === 'string' ? body.code_challenge_method : null,
      })
    }
  }
  return withClient(call, async (client) => json(200, userJson(answer, await identitiesOf(client, answer.id))))
}

const SCOPES = new Set<LogoutScope>(['global', 'local', 'others'])

export async function handleLogout(call: AuthCall): Promise<AuthResponse> {
  const scope = (call.req.query.get('scope') ?? 'global') as LogoutScope
  if (!SCOPES.has(scope)) throw validationFailed('Unsupported logout scope, must be one of global, local, others')
  const caller = await signedInUser(call)
  await inTransaction(call.pool, (client) => endSessions(client, caller.userId, caller.sessionId, scope))
  return noContent()
}
