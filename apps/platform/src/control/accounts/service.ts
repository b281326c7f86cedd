import { randomUUID } from 'node:crypto'
import type { Profile } from '@pgfleet/contracts'
import type { Db } from '../../db/kysely'
import type { UserRow } from '../../db/types'
import { conflict, notFound, unauthorized } from '../../errors'
import { acceptInvitations, createOrganization } from '../organizations/service'
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords'

export const INVALID_LOGIN_MESSAGE = 'Invalid email or password'

export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    gotrue_id: user.gotrue_id,
    username: user.username,
    primary_email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    created_at: user.created_at.toISOString(),
    instance_admin: user.instance_admin,
  }
}

function usernameFrom(email: string): string {
  return email.split('@')[0]?.replace(/[^a-zA-Z0-9_.-]/g, '') || 'user'
}

/**
 * Registers a user; pending invitations become memberships. A user who joined no organization
 * that way gets a personal one, so they always land somewhere.
 */
export async function signUp(db: Db, email: string, password: string): Promise<UserRow> {
  const existing = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()
  if (existing) throw conflict('A user with this email address already exists')
  const passwordHash = await hashPassword(password)
  const user = await db
    .insertInto('users')
    .values({ gotrue_id: randomUUID(), email, username: usernameFrom(email), password_hash: passwordHash })
    .onConflict((oc) => oc.column('email').doNothing())
    .returningAll()
    .executeTakeFirst()
  if (!user) throw conflict('A user with this email address already exists')
  const accepted = await acceptInvitations(db, user.id, email)
  if (accepted === 0) await createOrganization(db, user.id, `${user.username}'s Org`)
  return user
}

export async function logIn(db: Db, email: string, password: string): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst()
  if (!user) {
    await verifyPassword(await decoyPasswordHash(), password)
    throw unauthorized(INVALID_LOGIN_MESSAGE)
  }
  if (!(await verifyPassword(user.password_hash, password))) throw unauthorized(INVALID_LOGIN_MESSAGE)
  return user
}

export async function getUser(db: Db, userId: number): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst()
  if (!user) throw notFound('User not found')
  return user
}

/**
 * PGFLEET_ADMIN_EMAIL/PASSWORD create the first owner when the platform has no user yet. That user, whenever it was
 * created, is an instance administrator: it is marked again at every start (its password is never changed here).
 */
export async function ensureAdminUser(db: Db, admin: { email: string; password: string } | undefined): Promise<void> {
  if (!admin) return
  const email = admin.email.trim().toLowerCase()
  const any = await db.selectFrom('users').select('id').limit(1).executeTakeFirst()
  if (!any) await signUp(db, email, admin.password)
  await db.updateTable('users').set({ instance_admin: true }).where('email', '=', email).execute()
}
