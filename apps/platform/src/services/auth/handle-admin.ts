import type pg from 'pg'
import {
  type AuthCall,
  type AuthResponse,
  bodyObject,
  inTransaction,
  json,
  requireServiceRole,
  withClient,
} from './call'
import { type LinkOptions, planOf, prepareLink, sendInvite } from './email-flows'
import { AuthError, notFound, validationFailed } from './errors'
import { hashPassword } from './passwords'
import { userJson } from './user-json'
import { identitiesOf, insertUser, USER_COLUMNS, type UserRow, userByEmail, userById } from './users-store'
import { checkMetadata, checkNewPassword, normalizeEmail, normalizePhone } from './validation'

/**
 * The admin API (`supabase.auth.admin`), for the service role only: users paged with the `Link` and
 * `X-Total-Count` headers, create, get, update (including bans), delete, `generate_link` and `/invite`.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const MAX_PER_PAGE = 1000

const withIdentities = async (client: pg.ClientBase, user: UserRow) =>
  userJson(user, await identitiesOf(client, user.id))

function positiveInt(value: string | null, fallback: number, max: number, name: string): number {
  if (value === null || value === '') return fallback
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw validationFailed(`${name} must be a positive whole number`)
  return Math.min(Number(value), max)
}

export async function handleListUsers(call: AuthCall): Promise<AuthResponse> {
  await requireServiceRole(call)
  const page = positiveInt(call.req.query.get('page'), 1, 1_000_000, 'page')
  const perPage = positiveInt(call.req.query.get('per_page'), 50, MAX_PER_PAGE, 'per_page')
  return withClient(call, async (client) => {
    const total = Number(
      (await client.query<{ count: string }>('SELECT count(*) AS count FROM auth.users')).rows[0]?.count ?? 0,
    )
    const { rows } = await client.query<UserRow>(
      `SELECT ${USER_COLUMNS} FROM auth.users ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`,
      [perPage, (page - 1) * perPage],
    )
    const users = []
    for (const user of rows) users.push(await withIdentities(client, user))
    const last = Math.max(1, Math.ceil(total / perPage))
    const link = (target: number, rel: string) => `</admin/users?page=${target}&per_page=${perPage}>; rel="${rel}"`
    const links = [...(page < last ? [link(page + 1, 'next')] : []), link(last, 'last')]
    return json(200, { users, aud: 'authenticated' }, { 'x-total-count': String(total), link: links.join(', ') })
  })
}

function userIdOf(id: string): string {
  if (!UUID.test(id)) throw notFound('user_not_found', 'User not found')
  return id
}

export async function handleGetUserById(call: AuthCall, id: string): Promise<AuthResponse> {
  await requireServiceRole(call)
  return withClient(call, async (client) => {
    const user = await userById(client, userIdOf(id))
    if (!user) throw notFound('user_not_found', 'User not found')
    return json(200, await withIdentities(client, user))
  })
}

const DURATION_UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 }

/** A Go duration ("24h", "1h30m", "876000h") in milliseconds; "none" lifts a ban. */
export function parseBanDuration(text: string): number | 'none' {
  if (text === 'none') return 'none'
  const parts = [...text.matchAll(/(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/g)]
  if (parts.length === 0 || parts.map((part) => part[0]).join('') !== text) {
    throw validationFailed('ban_duration must be a duration such as 24h or 1h30m, or none')
  }
  return parts.reduce((sum, part) => sum + Number(part[1]) * (DURATION_UNITS[part[2] as string] ?? 0), 0)
}

interface AdminAttributes {
  email?: string
  phone?: string
  passwordHash?: string
  emailConfirm?: boolean
  phoneConfirm?: boolean
  userMetadata?: Record<string, unknown>
  appMetadata?: Record<string, unknown>
  role?: string
  ban?: number | 'none'
}

async function attributesOf(call: AuthCall, body: Record<string, unknown>): Promise<AdminAttributes> {
  const attributes: AdminAttributes = {}
  if (typeof body.email === 'string' && body.email !== '') attributes.email = normalizeEmail(body.email)
  if (typeof body.phone === 'string' && body.phone !== '') attributes.phone = normalizePhone(body.phone)
  if (body.password !== undefined)
    attributes.passwordHash = await hashPassword(checkNewPassword(body.password, call.project.config))
  if (typeof body.email_confirm === 'boolean') attributes.emailConfirm = body.email_confirm
  if (typeof body.phone_confirm === 'boolean') attributes.phoneConfirm = body.phone_confirm
  if (body.user_metadata !== undefined) attributes.userMetadata = checkMetadata(body.user_metadata, 'user_metadata')
  if (body.app_metadata !== undefined) attributes.appMetadata = checkMetadata(body.app_metadata, 'app_metadata')
  if (body.role !== undefined) {
    if (typeof body.role !== 'string' || !/^[a-z_][a-z0-9_]{0,62}$/.test(body.role)) {
      throw validationFailed('role must be a role name')
    }
    attributes.role = body.role
  }
  if (typeof body.ban_duration === 'string' && body.ban_duration !== '')
    attributes.ban = parseBanDuration(body.ban_duration)
  return attributes
}

export async function handleCreateUser(call: AuthCall): Promise<AuthResponse> {
  await requireServiceRole(call)
  const attributes = await attributesOf(call, bodyObject(call.req))
  if (!attributes.email && !attributes.phone) throw validationFailed('Unable to validate email address: invalid format')
  return inTransaction(call.pool, async (client) => {
    if (attributes.email && (await userByEmail(client, attributes.email))) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    }
    const user = await insertUser(client, {
      email: attributes.email ?? null,
      phone: attributes.phone ?? null,
      passwordHash: attributes.passwordHash ?? null,
      emailConfirmed: attributes.emailConfirm === true,
      phoneConfirmed: attributes.phoneConfirm === true,
      provider: attributes.email ? 'email' : 'phone',
      userMetadata: attributes.userMetadata ?? {},
      appMetadata: attributes.appMetadata,
    })
    const updated = await applyAttributes(client, user.id, {
      ...attributes,
      email: undefined,
      phone: undefined,
      passwordHash: undefined,
    })
    return json(200, await withIdentities(client, updated))
  })
}

/** Writes the attributes given (absent ones stay). */
async function applyAttributes(client: pg.ClientBase, id: string, attributes: AdminAttributes): Promise<UserRow> {
  const sets: string[] = []
  const values: unknown[] = [id]
  const set = (column: string, value: unknown, cast = '') => {
    values.push(value)
    sets.push(`${column} = $${values.length}${cast}`)
  }
  if (attributes.email !== undefined) set('email', attributes.email)
  if (attributes.phone !== undefined) set('phone', attributes.phone)
  if (attributes.passwordHash !== undefined) set('encrypted_password', attributes.passwordHash)
  if (attributes.emailConfirm === true) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())')
  if (attributes.phoneConfirm === true) sets.push('phone_confirmed_at = coalesce(phone_confirmed_at, now())')
  if (attributes.userMetadata !== undefined)
    set('raw_user_meta_data', JSON.stringify(attributes.userMetadata), '::jsonb')
  if (attributes.appMetadata !== undefined) {
    values.push(JSON.stringify(attributes.appMetadata))
    sets.push(`raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || $${values.length}::jsonb`)
  }
  if (attributes.role !== undefined) set('role', attributes.role)
  if (attributes.ban === 'none') sets.push('banned_until = NULL')
  else if (attributes.ban !== undefined) {
    values.push(attributes.ban)
    sets.push(`banned_until = now() + make_interval(secs => $${values.length}::double precision / 1000)`)
  }
  sets.push('updated_at = now()')
  const { rows } = await client.query<UserRow>(
    `UPDATE auth.users SET ${sets.join(', ')} WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    values,
  )
  if (!rows[0]) throw notFound('user_not_found', 'User not found')
  if (attributes.ban !== undefined && attributes.ban !== 'none') {
    // a banned user's sessions end now, not when their tokens expire
    await client.query('DELETE FROM auth.sessions WHERE user_id = $1', [id])
  }
  return rows[0]
}

export async function handleUpdateUserById(call: AuthCall, id: string): Promise<AuthResponse> {
  await requireServiceRole(call)
  const attributes = await attributesOf(call, bodyObject(call.req))
  return inTransaction(call.pool, async (client) => {
    if (attributes.email) {
      const taken = await userByEmail(client, attributes.email)
      if (taken && taken.id !== id)
        throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    }
    return json(200, await withIdentities(client, await applyAttributes(client, userIdOf(id), attributes)))
  })
}

export async function handleDeleteUser(call: AuthCall, id: string): Promise<AuthResponse> {
  await requireServiceRole(call)
  const soft = bodyObject(call.req).should_soft_delete === true
  return inTransaction(call.pool, async (client) => {
    const userId = userIdOf(id)
    const result = soft
      ? await client.query(
          `UPDATE auth.users SET deleted_at = now(), email = NULL, phone = NULL, encrypted_password = '',
             raw_user_meta_data = '{}'::jsonb, updated_at = now() WHERE id = $1`,
          [userId],
        )
      : await client.query('DELETE FROM auth.users WHERE id = $1', [userId])
    if (soft) await client.query('DELETE FROM auth.sessions WHERE user_id = $1', [userId])
    if (result.rowCount === 0) throw notFound('user_not_found', 'User not found')
    return json(200, {})
  })
}

const LINK_TYPES = new Set(['signup', 'invite', 'magiclink', 'recovery'])

/** `POST /admin/generate_link`: the link an email would carry, made without sending (the caller sends it). */
export async function handleGenerateLink(call: AuthCall): Promise<AuthResponse> {
  await requireServiceRole(call)
  const body = bodyObject(call.req)
  const type = body.type
  if (typeof type !== 'string' || !LINK_TYPES.has(type)) {
    throw validationFailed('type must be one of signup, invite, magiclink, recovery')
  }
  const email = normalizeEmail(body.email)
  const options: LinkOptions = {
    redirectTo: typeof body.redirect_to === 'string' ? body.redirect_to : null,
    codeChallenge: null,
    codeChallengeMethod: null,
  }
  let user = await withClient(call, (client) => userByEmail(client, email))
  if (!user) {
    if (type === 'recovery' || type === 'magiclink') throw notFound('user_not_found', 'User with this email not found')
    const passwordHash =
      type === 'signup' ? await hashPassword(checkNewPassword(body.password, call.project.config)) : null
    const data = checkMetadata(body.data)
    user = await inTransaction(call.pool, (client) =>
      insertUser(client, {
        email,
        phone: null,
        passwordHash,
        emailConfirmed: false,
        phoneConfirmed: false,
        provider: 'email',
        userMetadata: data,
        invited: type === 'invite',
      }),
    )
  } else if (type === 'signup' || type === 'invite') {
    throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
  }
  const found = user
  // the admin makes links at will: the per-address interval applies to emails the server sends
  const link = await prepareLink(call, found, planOf(type as 'signup', found), { ...options, ignoreInterval: true })
  const answer = await withClient(call, (client) => withIdentities(client, link.user))
  return json(200, {
    ...answer,
    action_link: link.actionLink,
    email_otp: link.code,
    hashed_token: link.hash,
    verification_type: type,
    redirect_to: link.redirectTo,
  })
}

/** `POST /invite` (and `inviteUserByEmail`): a new user, invited by email. */
export async function handleInvite(call: AuthCall): Promise<AuthResponse> {
  await requireServiceRole(call)
  const body = bodyObject(call.req)
  const email = normalizeEmail(body.email)
  const data = checkMetadata(body.data)
  const user = await inTransaction(call.pool, async (client) => {
    const existing = await userByEmail(client, email)
    if (existing?.email_confirmed_at) {
      throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    }
    return (
      existing ??
      insertUser(client, {
        email,
        phone: null,
        passwordHash: null,
        emailConfirmed: false,
        phoneConfirmed: false,
        provider: 'email',
        userMetadata: data,
        invited: true,
      })
    )
  })
  const sent = await sendInvite(call, user, {
    redirectTo: call.req.query.get('redirect_to') ?? (typeof body.redirect_to === 'string' ? body.redirect_to : null),
    codeChallenge: null,
    codeChallengeMethod: null,
  })
  return withClient(call, async (client) => json(200, await withIdentities(client, sent)))
}
