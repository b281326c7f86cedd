import type { RoleName } from '@pgfleet/contracts'
import type { Db } from '../../db/kysely'
import type { OrganizationRow } from '../../db/types'
import { forbidden, notFound } from '../../errors'
import { isRoleName, roleCan } from './permissions'

export interface Membership {
  organization: OrganizationRow
  role: RoleName
}

/** The caller's membership in an organization; a non-member gets the same 404 as a missing slug. */
export async function getMembership(db: Db, userId: number, slug: string): Promise<Membership> {
  const row = await db
    .selectFrom('organizations')
    .innerJoin('members', 'members.organization_id', 'organizations.id')
    .selectAll('organizations')
    .select('members.role_name')
    .where('organizations.slug', '=', slug)
    .where('members.user_id', '=', userId)
    .executeTakeFirst()
  if (!row || !isRoleName(row.role_name)) throw notFound(`Organization ${slug} not found`)
  const { role_name, ...organization } = row
  return { organization, role: row.role_name as RoleName }
}

export async function getMembershipById(db: Db, userId: number, organizationId: number): Promise<Membership> {
  const org = await db.selectFrom('organizations').select('slug').where('id', '=', organizationId).executeTakeFirst()
  if (!org) throw notFound('Organization not found')
  return getMembership(db, userId, org.slug)
}

export function assertCan(membership: Membership, action: string, resource: string, message?: string): void {
  if (!roleCan(membership.role, action, resource)) throw forbidden(message)
}
