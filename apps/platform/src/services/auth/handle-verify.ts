import type pg from 'pg'
import { type AuthCall, type AuthResponse, bodyObject, inTransaction, json, metaOf, redirect } from './call'
import { VERIFY_TYPES, type VerifyType } from './email-flows'
import { AuthError, validationFailed } from './errors'
import { consumeToken, SENT_AT, type TokenColumn, tokenHash } from './one-time-tokens'
import { redirectTarget } from './redirects'
import { type AuthMethod, type SessionAnswer, startSession } from './sessions'
import { USER_COLUMNS, type UserRow } from './users-store'
import { normalizeEmail, normalizePhone } from './validation'

/**
 * `/verify`: completes what an email's link or code started. `GET` is the link a browser follows: it redirects to
 * the allowed `redirect_to` (else the site URL) with the session in the fragment, or with `?code=` for PKCE.
 * `POST` takes `{ type, token, email }` (the code typed in) or `{ type, token_hash }` and answers the session.
 */

const METHOD_OF: Record<VerifyType, AuthMethod> = {
  signup: 'email/signup',
  invite: 'invite',
  magiclink: 'magiclink',
  recovery: 'recovery',
  email_change: 'email_change',
  email: 'otp',
  sms: 'otp',
}

const expired = () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired')

interface Verified {
  session: SessionAnswer | null
  authCode: string | null
}

async function findByHash(
  client: pg.ClientBase,
  hash: string,
  columns: TokenColumn[],
): Promise<{ user: UserRow; column: TokenColumn } | null> {
  for (const column of columns) {
    const { rows } = await client.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM auth.users WHERE ${column} = $1 AND $1 <> '' FOR UPDATE`,
      [hash],
    )
    if (rows[0]) return { user: rows[0], column }
  }
  return null
}

/** The columns a type's code may be in: an email OTP may confirm a sign-up or sign in by link. */
function columnsOf(type: VerifyType): TokenColumn[] {
  if (type === 'email' || type === 'sms') return ['confirmation_token', 'recovery_token']
  if (type === 'email_change') return ['email_change_token_new', 'email_change_token_current']
  return [VERIFY_TYPES[type]]
}

async function verifyHash(call: AuthCall, type: VerifyType, rawHash: string): Promise<Verified> {
  const pkce = rawHash.startsWith('pkce_')
  const hash = pkce ? rawHash.slice(5) : rawHash
  if (!/^[0-9a-f]{56}$/.test(hash)) throw expired()
  return inTransaction(call.pool, async (client) => {
    const found = await findByHash(client, hash, columnsOf(type))
    if (!found) throw expired()
    const { user, column } = found
    const sentAt = (user as unknown as Record<string, Date | null>)[SENT_AT[column]]
    const lifetimeMs = (type === 'sms' ? call.project.config.sms_otp_exp : call.project.config.mailer_otp_exp) * 1000
    if (column !== 'email_change_token_current' && (!sentAt || Date.now() - sentAt.getTime() > lifetimeMs)) {
      throw expired()
    }
    await consumeToken(client, user.id, column)
    const done = await complete(client, type, column, user)
    if (!done) return { session: null, authCode: null }
    if (pkce) {
      const { rows } = await client.query<{ auth_code: string }>(
        `UPDATE auth.flow_state SET auth_code_issued_at = now(), updated_at = now()
         WHERE id = (SELECT id FROM auth.flow_state WHERE user_id = $1 AND provider_type = 'email'
                     ORDER BY created_at DESC LIMIT 1)
         RETURNING auth_code`,
        [user.id],
      )
      if (!rows[0]) throw expired()
      return { session: null, authCode: rows[0].auth_code }
    }
    return {
      session: await startSession(client, call.project, done, METHOD_OF[type], metaOf(call.req)),
      authCode: null,
    }
  })
}

/**
 * Applies what the code confirms; null when more is needed (the other half of a secure email change).
 */
async function complete(
  client: pg.ClientBase,
  type: VerifyType,
  column: TokenColumn,
  user: UserRow,
): Promise<UserRow | null> {
  if (type === 'email_change') {
    // with secure changes, both addresses confirm; the status counts the confirmations so far
    const { rows } = await client.query<{ email_change_confirm_status: number; pending: boolean }>(
      `SELECT email_change_confirm_status,
         (email_change_token_new <> '' OR email_change_token_current <> '') AS pending
       FROM auth.users WHERE id = $1`,
      [user.id],
    )
    if (rows[0]?.pending) {
      await client.query(
        'UPDATE auth.users SET email_change_confirm_status = email_change_confirm_status + 1 WHERE id = $1',
        [user.id],
      )
      return null
    }
    const { rows: changed } = await client.query<UserRow>(
      `UPDATE auth.users SET email = email_change, email_change = '', email_change_confirm_status = 0,
         email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
       WHERE id = $1 AND email_change <> '' RETURNING ${USER_COLUMNS}`,
      [user.id],
    )
    if (!changed[0]) throw expired()
    await client.query(
      `UPDATE auth.identities SET identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
       WHERE user_id = $1 AND provider = 'email'`,
      [user.id, changed[0].email],
    )
    return changed[0]
  }
  void column
  if (type === 'sms') {
    const { rows } = await client.query<UserRow>(
      `UPDATE auth.users SET phone_confirmed_at = coalesce(phone_confirmed_at, now()), updated_at = now()
       WHERE id = $1 RETURNING ${USER_COLUMNS}`,
      [user.id],
    )
    return rows[0] as UserRow
  }
  const { rows } = await client.query<UserRow>(
    `UPDATE auth.users SET email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    [user.id],
  )
  await client.query(
    `UPDATE auth.identities SET identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     WHERE user_id = $1 AND provider = 'email'`,
    [user.id],
  )
  return rows[0] as UserRow
}

function typeOf(value: unknown): VerifyType {
  if (typeof value === 'string' && value in VERIFY_TYPES) return value as VerifyType
  throw validationFailed('Verify requires a verification type')
}

export async function handleVerifyPost(call: AuthCall): Promise<AuthResponse> {
  const body = bodyObject(call.req)
  const type = typeOf(body.type)
  let hash: string
  if (typeof body.token_hash === 'string' && body.token_hash !== '') {
    hash = body.token_hash
  } else if (typeof body.token === 'string' && body.token !== '' && body.email !== undefined) {
    if (!/^\d{6,10}$/.test(body.token)) throw expired()
    hash = tokenHash(normalizeEmail(body.email), body.token)
  } else if (typeof body.token === 'string' && body.token !== '' && body.phone !== undefined) {
    if (!/^\d{6,10}$/.test(body.token)) throw expired()
    hash = tokenHash(normalizePhone(body.phone), body.token)
  } else {
    throw validationFailed('Verify requires either a token and an email, or a token hash')
  }
  const verified = await verifyHash(call, type, hash)
  if (verified.session) return json(200, verified.session)
  if (verified.authCode) return json(200, { auth_code: verified.authCode })
  return json(200, { msg: 'Confirmation link accepted. Please proceed to confirm link sent to the other email' })
}

/** The link in an email: always a redirect, with the outcome in the fragment (or `?code=` for PKCE). */
export async function handleVerifyGet(call: AuthCall): Promise<AuthResponse> {
  const target = redirectTarget(call.project.config, call.req.query.get('redirect_to'))
  const url = new URL(target)
  try {
    const type = typeOf(call.req.query.get('type'))
    const verified = await verifyHash(call, type, call.req.query.get('token') ?? '')
    if (verified.authCode) {
      url.searchParams.set('code', verified.authCode)
      return redirect(url.toString())
    }
    const fragment = new URLSearchParams()
    if (verified.session) {
      const session = verified.session
      fragment.set('access_token', session.access_token)
      fragment.set('expires_at', String(session.expires_at))
      fragment.set('expires_in', String(session.expires_in))
      fragment.set('refresh_token', session.refresh_token)
      fragment.set('token_type', 'bearer')
      fragment.set('type', type)
    } else {
      fragment.set('message', 'Confirmation link accepted. Please proceed to confirm link sent to the other email')
    }
    url.hash = fragment.toString()
    return redirect(url.toString())
  } catch (error) {
    if (!(error instanceof AuthError)) throw error
    const fragment = new URLSearchParams({
      error: error.status === 403 ? 'access_denied' : 'server_error',
      error_code: error.code,
      error_description: error.message,
    })
    url.hash = fragment.toString()
    return redirect(url.toString())
  }
}
