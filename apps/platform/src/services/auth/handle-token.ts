import { createHash } from 'node:crypto'
import { type AuthCall, type AuthResponse, bodyObject, inTransaction, json, metaOf, withClient } from './call'
import { AuthError, badRequest, validationFailed } from './errors'
import { idTokenGrant } from './handle-oauth'
import { checkDecoy, checkPassword, hashPassword } from './passwords'
import { type AuthMethod, refreshAtOnce, refreshCarefully, startSession } from './sessions'
import { isBanned, markSignedIn, type UserRow, userByEmail, userById, userByPhone } from './users-store'
import { checkTypedPassword, normalizeEmail, normalizePhone } from './validation'

/** `POST /token?grant_type=…`: sign in with a password, refresh a session, or exchange a PKCE auth code. */
export async function handleToken(call: AuthCall): Promise<AuthResponse> {
  const grant = call.req.query.get('grant_type')
  const body = bodyObject(call.req)
  switch (grant) {
    case 'password':
      return passwordGrant(call, body)
    case 'refresh_token':
      return refreshGrant(call, body)
    case 'pkce':
      return pkceGrant(call, body)
    case 'id_token':
      return idTokenGrant(call)
    default:
      throw badRequest('validation_failed', 'unsupported_grant_type')
  }
}

const invalidCredentials = () => badRequest('invalid_credentials', 'Invalid login credentials')

async function passwordGrant(call: AuthCall, body: Record<string, unknown>): Promise<AuthResponse> {
  const { config } = call.project
  const password = checkTypedPassword(body.password)
  const byEmail = typeof body.email === 'string' && body.email !== ''
  if (!byEmail && !(typeof body.phone === 'string' && body.phone !== '')) {
    throw validationFailed('Only an email address or phone number should be provided on login.')
  }
  if (byEmail && !config.external_email_enabled)
    throw badRequest('email_provider_disabled', 'Email logins are disabled')
  if (!byEmail && !config.external_phone_enabled)
    throw badRequest('phone_provider_disabled', 'Phone logins are disabled')
  let address: string
  try {
    address = byEmail ? normalizeEmail(body.email) : normalizePhone(body.phone)
  } catch {
    // an address that cannot exist costs the same time as a wrong password
    await checkDecoy(password)
    throw invalidCredentials()
  }
  const client = await call.pool.connect()
  let user: UserRow | null
  try {
    user = byEmail ? await userByEmail(client, address) : await userByPhone(client, address)
  } finally {
    client.release()
  }
  const check = await checkPassword(user?.encrypted_password || null, password)
  if (!user || !check.ok) throw invalidCredentials()
  if (isBanned(user)) throw badRequest('user_banned', 'User is banned')
  if (byEmail && !user.email_confirmed_at && !config.mailer_autoconfirm) {
    throw badRequest('email_not_confirmed', 'Email not confirmed')
  }
  if (!byEmail && !user.phone_confirmed_at && !config.sms_autoconfirm) {
    throw badRequest('phone_not_confirmed', 'Phone not confirmed')
  }
  const rehash = check.rehash ? await hashPassword(password) : undefined
  const signedIn = user
  // one statement makes the session: a transaction is needed only to store a new hash with it
  const session = rehash
    ? await inTransaction(call.pool, async (tx) => {
        await markSignedIn(tx, signedIn.id, rehash)
        return startSession(tx, call.project, signedIn, 'password', metaOf(call.req))
      })
    : await withClient(call, (client) => startSession(client, call.project, signedIn, 'password', metaOf(call.req)))
  return json(200, session)
}

async function refreshGrant(call: AuthCall, body: Record<string, unknown>): Promise<AuthResponse> {
  const token = body.refresh_token
  if (typeof token !== 'string' || token === '' || token.length > 255) {
    throw badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
  }
  const rotated = await withClient(call, (client) => refreshAtOnce(client, call.project, token))
  if (rotated) return json(200, rotated)
  try {
    return json(200, await inTransaction(call.pool, (client) => refreshCarefully(client, call.project, token)))
  } catch (error) {
    // reuse ends the session family: that delete is committed even though the request fails
    if (error instanceof AuthError && error.code === 'refresh_token_already_used') {
      await inTransaction(call.pool, async (client) => {
        const { rows } = await client.query<{ session_id: string }>(
          'SELECT session_id FROM auth.refresh_tokens WHERE token = $1',
          [token],
        )
        if (rows[0]) await client.query('DELETE FROM auth.sessions WHERE id = $1', [rows[0].session_id])
      })
    }
    throw error
  }
}

/** How long an auth code from a link or OAuth redirect may be exchanged. */
const FLOW_LIFETIME_MS = 10 * 60_000

function challengeOf(verifier: string, method: string): string {
  return method === 'plain' ? verifier : createHash('sha256').update(verifier).digest('base64url')
}

async function pkceGrant(call: AuthCall, body: Record<string, unknown>): Promise<AuthResponse> {
  const authCode = body.auth_code
  const verifier = body.code_verifier
  if (typeof authCode !== 'string' || typeof verifier !== 'string' || authCode === '' || verifier === '') {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty')
  }
  const session = await inTransaction(call.pool, async (client) => {
    const { rows } = await client.query<{
      id: string
      user_id: string | null
      code_challenge: string
      code_challenge_method: string
      authentication_method: string
      created_at: Date
    }>(
      `SELECT id, user_id, code_challenge, code_challenge_method::text, authentication_method, created_at
       FROM auth.flow_state WHERE auth_code = $1 FOR UPDATE`,
      [authCode],
    )
    const flow = rows[0]
    if (!flow?.user_id)
      throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
    if (Date.now() - flow.created_at.getTime() > FLOW_LIFETIME_MS) {
      await client.query('DELETE FROM auth.flow_state WHERE id = $1', [flow.id])
      throw badRequest('flow_state_expired', 'invalid flow state, flow state has expired')
    }
    if (challengeOf(verifier, flow.code_challenge_method) !== flow.code_challenge) {
      throw badRequest('bad_code_verifier', 'code challenge does not match previously saved code verifier')
    }
    await client.query('DELETE FROM auth.flow_state WHERE id = $1', [flow.id])
    const user = await userById(client, flow.user_id)
    if (!user) throw badRequest('user_not_found', 'User not found')
    return startSession(client, call.project, user, flow.authentication_method as AuthMethod, metaOf(call.req))
  })
  return json(200, session)
}
