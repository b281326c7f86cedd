import { randomUUID } from 'node:crypto'
import type pg from 'pg'

/** The auth server's reads and writes of `auth.users` and `auth.identities`, as the auth role. */

export interface UserRow {
  id: string
  aud: string | null
  role: string | null
  email: string | null
  encrypted_password: string | null
  email_confirmed_at: Date | null
  invited_at: Date | null
  confirmation_sent_at: Date | null
  recovery_sent_at: Date | null
  email_change: string | null
  email_change_sent_at: Date | null
  last_sign_in_at: Date | null
  raw_app_meta_data: Record<string, unknown> | null
  raw_user_meta_data: Record<string, unknown> | null
  created_at: Date | null
  updated_at: Date | null
  phone: string | null
  phone_confirmed_at: Date | null
  phone_change: string | null
  confirmed_at: Date | null
  banned_until: Date | null
  reauthentication_sent_at: Date | null
  is_anonymous: boolean
  deleted_at: Date | null
}

export interface IdentityRow {
  id: string
  provider_id: string
  user_id: string
  identity_data: Record<string, unknown>
  provider: string
  last_sign_in_at: Date | null
  created_at: Date | null
  updated_at: Date | null
  email: string | null
}

export const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, invited_at, confirmation_sent_at,
  recovery_sent_at, email_change, email_change_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  created_at, updated_at, phone, phone_confirmed_at, phone_change, confirmed_at, banned_until,
  reauthentication_sent_at, is_anonymous, deleted_at`

/** The user's identities as one JSON array, for a query over `auth.users` aliased `u` (one round trip, not two). */
export const IDENTITIES_JSON = `coalesce((SELECT json_agg(json_build_object('id', i.id, 'provider_id', i.provider_id,
  'user_id', i.user_id, 'identity_data', i.identity_data, 'provider', i.provider, 'last_sign_in_at', i.last_sign_in_at,
  'created_at', i.created_at, 'updated_at', i.updated_at, 'email', i.email) ORDER BY i.created_at, i.id)
  FROM auth.identities i WHERE i.user_id = u.id), '[]'::json) AS identities_json`

/** A user row with its identities, as `SELECT … IDENTITIES_JSON` answers it. */
export interface UserWithIdentities extends UserRow {
  identities_json: (Omit<IdentityRow, 'last_sign_in_at' | 'created_at' | 'updated_at'> & {
    last_sign_in_at: string | null
    created_at: string | null
    updated_at: string | null
  })[]
}

/** The identities of a row read with IDENTITIES_JSON, with their times as dates. */
export function identitiesFromJson(row: UserWithIdentities): IdentityRow[] {
  const date = (value: string | null) => (value ? new Date(value) : null)
  return row.identities_json.map((identity) => ({
    ...identity,
    last_sign_in_at: date(identity.last_sign_in_at),
    created_at: date(identity.created_at),
    updated_at: date(identity.updated_at),
  }))
}

/** The user and identities in one query; with `sessionId`, also whether that session still exists. */
export async function userWithIdentities(
  client: pg.ClientBase,
  id: string,
  sessionId: string | null = null,
): Promise<(UserWithIdentities & { session_alive: boolean }) | null> {
  const { rows } = await client.query<UserWithIdentities & { session_alive: boolean }>(
    `SELECT ${USER_COLUMNS}, ${IDENTITIES_JSON},
       ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM auth.sessions s WHERE s.id = $2::uuid)) AS session_alive
     FROM auth.users u WHERE u.id = $1`,
    [id, sessionId],
  )
  return rows[0] ?? null
}

export async function userById(client: pg.ClientBase, id: string): Promise<UserRow | null> {
  const { rows } = await client.query<UserRow>(`SELECT ${USER_COLUMNS} FROM auth.users WHERE id = $1`, [id])
  return rows[0] ?? null
}

export async function userByEmail(client: pg.ClientBase, email: string): Promise<UserRow | null> {
  const { rows } = await client.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM auth.users WHERE lower(email) = $1 AND is_sso_user = false LIMIT 1`,
    [email],
  )
  return rows[0] ?? null
}

export async function userByPhone(client: pg.ClientBase, phone: string): Promise<UserRow | null> {
  const { rows } = await client.query<UserRow>(`SELECT ${USER_COLUMNS} FROM auth.users WHERE phone = $1 LIMIT 1`, [
    phone,
  ])
  return rows[0] ?? null
}

export async function identitiesOf(client: pg.ClientBase, userId: string): Promise<IdentityRow[]> {
  const { rows } = await client.query<IdentityRow>(
    `SELECT id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at, email
     FROM auth.identities WHERE user_id = $1 ORDER BY created_at, id`,
    [userId],
  )
  return rows
}

export interface NewUser {
  email: string | null
  phone: string | null
  passwordHash: string | null
  emailConfirmed: boolean
  phoneConfirmed: boolean
  /** the provider that made it: email, phone, anonymous, or an OAuth provider */
  provider: string
  userMetadata: Record<string, unknown>
  appMetadata?: Record<string, unknown>
  isAnonymous?: boolean
  invited?: boolean
  /** an identity of another provider (OAuth): its subject and data */
  identity?: { providerId: string; data: Record<string, unknown> }
}

/**
 * Inserts the user and its first identity in the caller's transaction. Tenant triggers on `auth.users` (the usual
 * profile row) fire here, as the auth role.
 */
export async function insertUser(client: pg.ClientBase, user: NewUser): Promise<UserRow> {
  const id = randomUUID()
  const providers = user.isAnonymous ? [] : [user.provider]
  const appMetadata = { provider: user.provider, providers, ...(user.appMetadata ?? {}) }
  const { rows } = await client.query<UserRow>(
    `INSERT INTO auth.users (instance_id, id, aud, role, email, phone, encrypted_password, email_confirmed_at,
       phone_confirmed_at, invited_at, raw_app_meta_data, raw_user_meta_data, is_super_admin, created_at, updated_at,
       is_anonymous)
     VALUES ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, $4,
       CASE WHEN $5 THEN now() END, CASE WHEN $6 THEN now() END, CASE WHEN $7 THEN now() END, $8, $9, false, now(),
       now(), $10)
     RETURNING ${USER_COLUMNS}`,
    [
      id,
      user.email,
      user.phone,
      user.passwordHash ?? '',
      user.emailConfirmed,
      user.phoneConfirmed,
      user.invited === true,
      JSON.stringify(appMetadata),
      JSON.stringify(user.userMetadata),
      user.isAnonymous === true,
    ],
  )
  const row = rows[0] as UserRow
  if (!user.isAnonymous) {
    const identity = user.identity ?? {
      providerId: id,
      data: {
        sub: id,
        ...(user.email ? { email: user.email } : {}),
        ...(user.phone ? { phone: user.phone } : {}),
        email_verified: user.emailConfirmed,
        phone_verified: user.phoneConfirmed,
      },
    }
    await client.query(
      `INSERT INTO auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, now(), now(), now())`,
      [identity.providerId, id, JSON.stringify(identity.data), user.provider],
    )
  }
  return row
}

export async function markSignedIn(client: pg.ClientBase, userId: string, newPasswordHash?: string): Promise<void> {
  await client.query(
    `UPDATE auth.users SET last_sign_in_at = now(), updated_at = now(),
       encrypted_password = coalesce($2, encrypted_password) WHERE id = $1`,
    [userId, newPasswordHash ?? null],
  )
}

/** Whether a user may sign in now: not banned, not deleted. */
export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && user.banned_until.getTime() > Date.now()
}
