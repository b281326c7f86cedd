import {
  AUTH_USER_BAN_MAX_HOURS,
  AUTH_USER_SESSIONS_SHOWN,
  type AuthEmailSentResponse,
  type AuthUser,
  type AuthUserDetailsResponse,
  type AuthUserSession,
} from '@pgfleet/contracts'
import type pg from 'pg'
import { HttpError } from '../../errors'
import { type AuthCall, inTransaction, withClient } from './call'
import { type LinkOptions, sendConfirmation, sendInvite, sendMagicLink, sendRecovery } from './email-flows'
import { AuthError } from './errors'
import { parseBanDuration } from './handle-admin'
import { hashPassword } from './passwords'
import { userJson } from './user-json'
import { identitiesOf, insertUser, USER_COLUMNS, type UserRow, userByEmail, userById, userByPhone } from './users-store'
import { checkNewPassword, normalizeEmail, normalizePhone } from './validation'

/**
 * What the dashboard's Users page changes, on the auth server's pool: users made with a password, emails sent
 * through the auth server's own flows (invite, magic link, recovery), bans, sign-out everywhere and deletion.
 */

const userNotFound = () => new HttpError(404, 'User not found')
const asUser = async (client: pg.ClientBase, user: UserRow): Promise<AuthUser> =>
  userJson(user, await identitiesOf(client, user.id))

interface SessionRow {
  id: string
  created_at: Date | null
  updated_at: Date | null
  refreshed_at: Date | null
  user_agent: string | null
  ip: string | null
  aal: string | null
  not_after: Date | null
}

const iso = (value: unknown) => (value instanceof Date && Number.isFinite(value.getTime()) ? value.toISOString() : null)

export async function authUserDetails(pool: pg.Pool, id: string): Promise<AuthUserDetailsResponse> {
  return withClient({ pool }, async (client) => {
    const user = await userById(client, id)
    if (!user) throw userNotFound()
    // refreshed_at has no time zone: it was written as now() in the pool's own zone, and is read back in it
    const { rows } = await client.query<SessionRow>(
      `SELECT id, created_at, updated_at, refreshed_at AT TIME ZONE current_setting('TimeZone') AS refreshed_at,
         user_agent, host(ip) AS ip, aal::text AS aal, not_after
       FROM auth.sessions WHERE user_id = $1
       ORDER BY coalesce(refreshed_at AT TIME ZONE current_setting('TimeZone'), updated_at, created_at) DESC NULLS LAST, id
       LIMIT $2`,
      [id, AUTH_USER_SESSIONS_SHOWN],
    )
    const sessions: AuthUserSession[] = rows.map((row) => ({
      id: row.id,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      refreshed_at: iso(row.refreshed_at),
      user_agent: row.user_agent?.slice(0, 1024) ?? null,
      ip: row.ip,
      aal: row.aal,
      not_after: iso(row.not_after),
    }))
    return { user: await asUser(client, user), sessions }
  })
}

export interface NewDashboardUser {
  email?: string
  phone?: string
  password: string
  autoConfirm: boolean
}

export async function createAuthUser(call: AuthCall, input: NewDashboardUser): Promise<AuthUser> {
  const email = input.email ? normalizeEmail(input.email) : null
  const phone = input.phone ? normalizePhone(input.phone) : null
  if (!email && !phone) throw new HttpError(400, 'An email address or a phone number is required')
  const passwordHash = await hashPassword(checkNewPassword(input.password, call.project.config))
  return inTransaction(call.pool, async (client) => {
    if (email && (await userByEmail(client, email))) {
      throw new HttpError(422, 'A user with this email address has already been registered')
    }
    if (phone && (await userByPhone(client, phone))) {
      throw new HttpError(422, 'A user with this phone number has already been registered')
    }
    const user = await insertUser(client, {
      email,
      phone,
      passwordHash,
      emailConfirmed: input.autoConfirm && email !== null,
      phoneConfirmed: input.autoConfirm && phone !== null,
      provider: email ? 'email' : 'phone',
      userMetadata: {},
    })
    return asUser(client, user)
  })
}

const linkOptions = (redirectTo: string | undefined): LinkOptions => ({
  redirectTo: redirectTo ?? null,
  codeChallenge: null,
  codeChallengeMethod: null,
})

/** Invites a new address; when the email cannot be sent, the user made for it is removed again. */
export async function inviteAuthUser(
  call: AuthCall,
  input: { email: string; redirectTo?: string },
): Promise<AuthEmailSentResponse> {
  const email = normalizeEmail(input.email)
  const { user, created } = await inTransaction(call.pool, async (client) => {
    const existing = await userByEmail(client, email)
    if (existing?.email_confirmed_at) {
      throw new HttpError(422, 'A user with this email address has already been registered')
    }
    if (existing) return { user: existing, created: false }
    const made = await insertUser(client, {
      email,
      phone: null,
      passwordHash: null,
      emailConfirmed: false,
      phoneConfirmed: false,
      provider: 'email',
      userMetadata: {},
      invited: true,
    })
    return { user: made, created: true }
  })
  let sent: UserRow
  try {
    sent = await sendInvite(call, user, linkOptions(input.redirectTo))
  } catch (error) {
    if (created) await call.pool.query('DELETE FROM auth.users WHERE id = $1', [user.id]).catch(() => {})
    throw error
  }
  return {
    message: `Invitation sent to ${email}`,
    user: await withClient(call, (client) => asUser(client, sent)),
  }
}

/** A sign-in link (a confirmation link while the address is unconfirmed) or a recovery link, to an existing user. */
export async function emailAuthUser(
  call: AuthCall,
  kind: 'magiclink' | 'recovery',
  input: { email: string; redirectTo?: string },
): Promise<AuthEmailSentResponse> {
  if (!call.project.config.external_email_enabled) {
    throw new HttpError(422, 'Email sign-in is turned off for this project: turn it on under Auth providers first')
  }
  const email = normalizeEmail(input.email)
  const user = await withClient(call, (client) => userByEmail(client, email))
  if (!user) throw new HttpError(404, `No user has the email address ${email}`)
  const options = linkOptions(input.redirectTo)
  if (kind === 'recovery') {
    await sendRecovery(call, user, options)
    return { message: `Password recovery email sent to ${email}` }
  }
  if (!user.email_confirmed_at) {
    await sendConfirmation(call, user, options)
    return { message: `The address is not confirmed yet: a confirmation email was sent to ${email}` }
  }
  await sendMagicLink(call, user, options)
  return { message: `Magic link sent to ${email}` }
}

const MAX_BAN_MS = AUTH_USER_BAN_MAX_HOURS * 3_600_000

/** Bans the user for the duration (its sessions end now), or lifts the ban with `none`. */
export async function banAuthUser(pool: pg.Pool, id: string, duration: string): Promise<AuthUser> {
  let ban: number | 'none'
  try {
    ban = parseBanDuration(duration)
  } catch (error) {
    if (error instanceof AuthError) throw new HttpError(400, error.message)
    throw error
  }
  if (ban !== 'none' && (ban <= 0 || ban > MAX_BAN_MS)) {
    throw new HttpError(400, `ban_duration must be more than 0 and at most ${AUTH_USER_BAN_MAX_HOURS}h`)
  }
  return inTransaction(pool, async (client) => {
    const { rows } = await client.query<UserRow>(
      ban === 'none'
        ? `UPDATE auth.users SET banned_until = NULL, updated_at = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`
        : `UPDATE auth.users SET banned_until = now() + make_interval(secs => $2::double precision / 1000),
             updated_at = now() WHERE id = $1 RETURNING ${USER_COLUMNS}`,
      ban === 'none' ? [id] : [id, ban],
    )
    const user = rows[0]
    if (!user) throw userNotFound()
    if (ban !== 'none') await client.query('DELETE FROM auth.sessions WHERE user_id = $1', [id])
    return asUser(client, user)
  })
}

export async function deleteAuthUser(pool: pg.Pool, id: string): Promise<void> {
  const { rowCount } = await pool.query('DELETE FROM auth.users WHERE id = $1', [id])
  if (rowCount === 0) throw userNotFound()
}

/** Ends every session of the user (their refresh tokens go with them); answers how many there were. */
export async function signOutAuthUser(pool: pg.Pool, id: string): Promise<number> {
  return inTransaction(pool, async (client) => {
    if (!(await userById(client, id))) throw userNotFound()
    const { rowCount } = await client.query('DELETE FROM auth.sessions WHERE user_id = $1', [id])
    return rowCount ?? 0
  })
}
