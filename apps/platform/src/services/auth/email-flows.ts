import { randomUUID } from 'node:crypto'
import type { AuthEmailKind } from '@pgfleet/contracts'
import type pg from 'pg'
import { type AuthCall, inTransaction, withClient } from './call'
import { deliverAuthEmail } from './deliver'
import { AuthError, tooManyRequests, validationFailed } from './errors'
import { issueToken, SENT_AT, type TokenColumn } from './one-time-tokens'
import { redirectTarget } from './redirects'
import { type UserRow, userById } from './users-store'

/**
 * The emails the auth server sends and the links in them: confirm a sign-up, sign in by link or code, recover a
 * password, accept an invitation, confirm an email change. Each stores a fresh one-time code, then sends; the
 * verify endpoint completes them. With PKCE (`code_challenge`), the link's redirect carries an auth code to
 * exchange instead of the session itself.
 */

/** The `type` a link's `/verify` carries, and the column its code is kept in. */
export const VERIFY_TYPES = {
  signup: 'confirmation_token',
  invite: 'confirmation_token',
  magiclink: 'recovery_token',
  recovery: 'recovery_token',
  email_change: 'email_change_token_new',
  email: 'confirmation_token',
  sms: 'confirmation_token',
} as const satisfies Record<string, TokenColumn>
export type VerifyType = keyof typeof VERIFY_TYPES

export interface LinkOptions {
  redirectTo: string | null
  codeChallenge: string | null
  codeChallengeMethod: string | null
  /** links the admin API makes are not held to the interval between two emails to one address */
  ignoreInterval?: boolean
}

const PKCE_METHODS = new Set(['s256', 'plain'])

/** Refuses another email to the same address within the project's minimum interval. */
async function assertNotTooSoon(client: pg.ClientBase, call: AuthCall, userId: string, column: TokenColumn) {
  const interval = call.project.config.smtp_max_frequency
  if (interval <= 0) return
  const { rows } = await client.query<{ wait: number | null }>(
    `SELECT ceil(extract(epoch FROM (${SENT_AT[column]} + make_interval(secs => $2)) - now()))::int AS wait
     FROM auth.users WHERE id = $1`,
    [userId, interval],
  )
  const wait = rows[0]?.wait
  if (wait !== null && wait !== undefined && wait > 0) {
    throw tooManyRequests(
      'over_email_send_rate_limit',
      `For security purposes, you can only request this after ${wait} seconds.`,
    )
  }
}

/** A flow for PKCE: the link's redirect will carry its auth code. */
async function startFlow(
  client: pg.ClientBase,
  userId: string,
  method: string,
  options: LinkOptions,
): Promise<string | null> {
  if (!options.codeChallenge) return null
  const challengeMethod = (options.codeChallengeMethod ?? 's256').toLowerCase()
  if (!PKCE_METHODS.has(challengeMethod) || options.codeChallenge.length < 43 || options.codeChallenge.length > 128) {
    throw validationFailed('code_challenge must be 43 to 128 characters, with code_challenge_method s256 or plain')
  }
  const authCode = randomUUID()
  await client.query(
    `INSERT INTO auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
       created_at, updated_at, authentication_method)
     VALUES ($1, $2, $3, $4::auth.code_challenge_method, $5, 'email', now(), now(), $6)`,
    [randomUUID(), userId, authCode, challengeMethod, options.codeChallenge, method],
  )
  return authCode
}

export interface SendPlan {
  kind: AuthEmailKind
  verifyType: VerifyType
  column: TokenColumn
  /** the address the email goes to (a new address for an email change) */
  to: string
  /** the address the code belongs to (hashed with it) */
  address: string
  newEmail?: string
  authenticationMethod: string
}

export interface PreparedLink {
  user: UserRow
  /** the link a browser follows: /verify with the code's hash */
  actionLink: string
  code: string
  hash: string
  redirectTo: string
}

/** Stores a fresh code (and a PKCE flow when asked) for the user; the link to send. Sends nothing. */
export async function prepareLink(
  call: AuthCall,
  user: UserRow,
  plan: SendPlan,
  options: LinkOptions,
): Promise<PreparedLink> {
  const { config } = call.project
  const prepared = await inTransaction(call.pool, async (client) => {
    if (!options.ignoreInterval) await assertNotTooSoon(client, call, user.id, plan.column)
    const { code, hash } = await issueToken(client, user.id, plan.column, plan.address, config.mailer_otp_length)
    const flow = await startFlow(client, user.id, plan.authenticationMethod, options)
    return { code, hash, flow, user: (await userById(client, user.id)) as UserRow }
  })
  const redirectTo = redirectTarget(config, options.redirectTo)
  const verifyUrl = new URL(`${call.req.projectUrl}/auth/v1/verify`)
  verifyUrl.searchParams.set('token', prepared.flow ? `pkce_${prepared.hash}` : prepared.hash)
  verifyUrl.searchParams.set('type', plan.verifyType)
  verifyUrl.searchParams.set('redirect_to', redirectTo)
  return {
    user: prepared.user,
    actionLink: verifyUrl.toString(),
    code: prepared.code,
    hash: prepared.hash,
    redirectTo,
  }
}

/** Stores the code, sends the email; answers the user as it is after. The send happens after the commit. */
async function sendLink(call: AuthCall, user: UserRow, plan: SendPlan, options: LinkOptions): Promise<UserRow> {
  const link = await prepareLink(call, user, plan, options)
  const sending = deliverAuthEmail(call, plan.kind, plan.to, {
    ConfirmationURL: link.actionLink,
    Token: link.code,
    TokenHash: link.hash,
    SiteURL: call.project.config.site_url,
    Email: user.email ?? '',
    NewEmail: plan.newEmail ?? '',
    RedirectTo: link.redirectTo,
    Data: user.raw_user_meta_data ?? {},
  })
  try {
    await sending
  } catch (error) {
    // nothing went out: the address may be sent to again at once
    await withClient(call, (client) =>
      client.query(`UPDATE auth.users SET ${SENT_AT[plan.column]} = NULL WHERE id = $1`, [user.id]),
    ).catch(() => {})
    throw error
  }
  return link.user
}

export const emailOf = (user: UserRow) => {
  if (!user.email) throw new AuthError(422, 'email_address_invalid', 'The user has no email address')
  return user.email
}

export const sendConfirmation = (call: AuthCall, user: UserRow, options: LinkOptions) =>
  sendLink(
    call,
    user,
    {
      kind: 'confirmation',
      verifyType: 'signup',
      column: 'confirmation_token',
      to: emailOf(user),
      address: emailOf(user),
      authenticationMethod: 'email/signup',
    },
    options,
  )

export const sendInvite = (call: AuthCall, user: UserRow, options: LinkOptions) =>
  sendLink(
    call,
    user,
    {
      kind: 'invite',
      verifyType: 'invite',
      column: 'confirmation_token',
      to: emailOf(user),
      address: emailOf(user),
      authenticationMethod: 'invite',
    },
    options,
  )

export const sendMagicLink = (call: AuthCall, user: UserRow, options: LinkOptions) =>
  sendLink(
    call,
    user,
    {
      kind: 'magic_link',
      verifyType: 'magiclink',
      column: 'recovery_token',
      to: emailOf(user),
      address: emailOf(user),
      authenticationMethod: 'magiclink',
    },
    options,
  )

export const sendRecovery = (call: AuthCall, user: UserRow, options: LinkOptions) =>
  sendLink(
    call,
    user,
    {
      kind: 'recovery',
      verifyType: 'recovery',
      column: 'recovery_token',
      to: emailOf(user),
      address: emailOf(user),
      authenticationMethod: 'recovery',
    },
    options,
  )

/** An email change: a link to the new address (and, with secure changes, one to the current address too). */
export async function sendEmailChange(call: AuthCall, user: UserRow, newEmail: string, options: LinkOptions) {
  const secure = call.project.config.mailer_secure_email_change_enabled
  await inTransaction(call.pool, (client) =>
    client.query(
      `UPDATE auth.users SET email_change = $2, email_change_confirm_status = 0, updated_at = now() WHERE id = $1`,
      [user.id, newEmail],
    ),
  )
  const updated = await sendLink(
    call,
    user,
    {
      kind: 'email_change',
      verifyType: 'email_change',
      column: 'email_change_token_new',
      to: newEmail,
      address: newEmail,
      newEmail,
      authenticationMethod: 'email_change',
    },
    options,
  )
  if (secure && user.email) {
    // the current address confirms too; its code is checked against the current address
    await inTransaction(call.pool, (client) =>
      client.query('UPDATE auth.users SET email_change_sent_at = NULL WHERE id = $1', [user.id]),
    )
    return sendLink(
      call,
      updated,
      {
        kind: 'email_change',
        verifyType: 'email_change',
        column: 'email_change_token_current',
        to: user.email,
        address: user.email,
        newEmail,
        authenticationMethod: 'email_change',
      },
      options,
    )
  }
  return updated
}

/** The plan of each link kind, for links made without sending (the admin API's generate_link). */
export function planOf(kind: 'signup' | 'invite' | 'magiclink' | 'recovery', user: UserRow): SendPlan {
  const email = emailOf(user)
  const base = { to: email, address: email }
  switch (kind) {
    case 'signup':
      return {
        ...base,
        kind: 'confirmation',
        verifyType: 'signup',
        column: 'confirmation_token',
        authenticationMethod: 'email/signup',
      }
    case 'invite':
      return {
        ...base,
        kind: 'invite',
        verifyType: 'invite',
        column: 'confirmation_token',
        authenticationMethod: 'invite',
      }
    case 'magiclink':
      return {
        ...base,
        kind: 'magic_link',
        verifyType: 'magiclink',
        column: 'recovery_token',
        authenticationMethod: 'magiclink',
      }
    case 'recovery':
      return {
        ...base,
        kind: 'recovery',
        verifyType: 'recovery',
        column: 'recovery_token',
        authenticationMethod: 'recovery',
      }
  }
}
