import {
  INSTANCE_ADMIN_ONLY_MESSAGE,
  INSTANCE_ADMIN_SELF_REMOVAL_MESSAGE,
  INSTANCE_ADMIN_UNKNOWN_USER_MESSAGE,
  type InstanceAdmin,
} from '@pgfleet/contracts'
import type { Db } from '../../db/kysely'
import { badRequest, forbidden, notFound } from '../../errors'

/**
 * Instance administrators run the platform, apart from any organization's roles: only they set organizations'
 * plans and name each other. The user named by PGFLEET_ADMIN_EMAIL is one (marked at every start).
 */
export async function isInstanceAdmin(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('users').select('instance_admin').where('id', '=', userId).executeTakeFirst()
  return row?.instance_admin === true
}

export async function assertInstanceAdmin(db: Db, userId: number, message = INSTANCE_ADMIN_ONLY_MESSAGE) {
  if (!(await isInstanceAdmin(db, userId))) throw forbidden(message)
}

export async function listInstanceAdmins(db: Db, configuredEmail: string | undefined): Promise<InstanceAdmin[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where('instance_admin', '=', true)
    .orderBy('id')
    .execute()
  const configured = configuredEmail?.trim().toLowerCase()
  return rows.map((row) => ({ ...row, configured: row.email === configured }))
}

/** Makes an existing user an instance administrator (naming one twice changes nothing). */
export async function addInstanceAdmin(db: Db, email: string, configuredEmail: string | undefined) {
  const updated = await db
    .updateTable('users')
    .set({ instance_admin: true })
    .where('email', '=', email)
    .returning('id')
    .executeTakeFirst()
  if (!updated) throw notFound(INSTANCE_ADMIN_UNKNOWN_USER_MESSAGE)
  const admins = await listInstanceAdmins(db, configuredEmail)
  return admins.find((admin) => admin.id === updated.id) as InstanceAdmin
}

/** Another instance administrator only: the one removing always stays, so the platform keeps one. */
export async function removeInstanceAdmin(db: Db, callerId: number, userId: number): Promise<void> {
  if (userId === callerId) throw badRequest(INSTANCE_ADMIN_SELF_REMOVAL_MESSAGE)
  await db.updateTable('users').set({ instance_admin: false }).where('id', '=', userId).execute()
}
