import {
  type AddMemberResponse,
  AI_SQL_OPT_IN_TAG,
  type FreeLimitMember,
  type Invitation,
  type Member,
  type Organization,
  PermissionAction,
  PermissionResource,
  PLAN_CHANGE_INSTANCE_ADMIN_ONLY_MESSAGE,
  PLAN_NAMES,
  type PlanId,
  type RoleName,
  type Subscription,
  type UpdateOrganizationBody,
} from '@pgfleet/contracts'
import { sql } from 'kysely'
import type { Db } from '../../db/kysely'
import type { OrganizationRow } from '../../db/types'
import { badRequest, conflict, forbidden, notFound } from '../../errors'
import { isInstanceAdmin } from '../instance/admins'
import { assertCan, getMembership, type Membership } from './membership'

export const UPDATE_ORGANIZATION_DENIED = 'You do not have the required permissions to update this organization'
const TRANSITIONAL_OR_ACTIVE = [
  'ACTIVE_HEALTHY',
  'COMING_UP',
  'UNKNOWN',
  'RESTARTING',
  'RESIZING',
  'RESTORING',
  'UPGRADING',
]

export function toOrganization(row: OrganizationRow, role: RoleName): Organization {
  const planId = row.plan_id as PlanId
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    plan: { id: planId, name: PLAN_NAMES[planId] ?? planId },
    opt_in_tags: row.opt_in_tags,
    is_owner: role === 'Owner',
    role_name: role,
  }
}

export function slugify(name: string): string {
  const base = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
  return base || 'org'
}

async function uniqueSlug(db: Db, name: string): Promise<string> {
  const base = slugify(name)
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = attempt === 0 ? base : `${base}-${Math.random().toString(36).slice(2, 6)}`
    const taken = await db.selectFrom('organizations').select('id').where('slug', '=', candidate).executeTakeFirst()
    if (!taken) return candidate
  }
  throw conflict('Could not find a free slug for this organization')
}

export async function listOrganizations(db: Db, userId: number): Promise<Organization[]> {
  const rows = await db
    .selectFrom('organizations')
    .innerJoin('members', 'members.organization_id', 'organizations.id')
    .selectAll('organizations')
    .select('members.role_name')
    .where('members.user_id', '=', userId)
    .orderBy('organizations.name')
    .execute()
  return rows.map(({ role_name, ...row }) => toOrganization(row, role_name as RoleName))
}

export async function createOrganization(db: Db, userId: number, name: string): Promise<Organization> {
  const slug = await uniqueSlug(db, name)
  const org = await db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('organizations')
      .values({ slug, name, plan_id: 'free' })
      .returningAll()
      .executeTakeFirstOrThrow()
    await trx
      .insertInto('members')
      .values({ organization_id: created.id, user_id: userId, role_name: 'Owner' })
      .execute()
    return created
  })
  return toOrganization(org, 'Owner')
}

export async function updateOrganization(
  db: Db,
  membership: Membership,
  body: UpdateOrganizationBody,
): Promise<Organization> {
  assertCan(membership, PermissionAction.UPDATE, PermissionResource.ORGANIZATIONS, UPDATE_ORGANIZATION_DENIED)
  const { organization } = membership
  if (body.slug !== organization.slug) {
    const taken = await db.selectFrom('organizations').select('id').where('slug', '=', body.slug).executeTakeFirst()
    if (taken) throw conflict(`The slug ${body.slug} is already taken`)
  }
  const optInTags = body.opt_in_tags ? [...new Set(body.opt_in_tags)] : undefined
  if (optInTags?.some((tag) => tag !== AI_SQL_OPT_IN_TAG)) throw badRequest(`Unknown opt-in tag`)
  const updated = await db
    .updateTable('organizations')
    .set({
      slug: body.slug,
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(optInTags !== undefined ? { opt_in_tags: optInTags } : {}),
    })
    .where('id', '=', organization.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  return toOrganization(updated, membership.role)
}

export async function listMembers(db: Db, organizationId: number): Promise<Member[]> {
  const rows = await db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select(['users.id as user_id', 'users.username', 'users.email', 'members.role_name', 'members.joined_at'])
    .where('members.organization_id', '=', organizationId)
    .orderBy('members.joined_at')
    .execute()
  return rows.map((r) => ({
    user_id: r.user_id,
    username: r.username,
    primary_email: r.email,
    role_name: r.role_name as RoleName,
    joined_at: r.joined_at.toISOString(),
  }))
}

export async function listInvitations(db: Db, organizationId: number): Promise<Invitation[]> {
  const rows = await db
    .selectFrom('invitations')
    .select(['id', 'email', 'role_name', 'invited_at'])
    .where('organization_id', '=', organizationId)
    .orderBy('invited_at')
    .execute()
  return rows.map((r) => ({ ...r, role_name: r.role_name as RoleName, invited_at: r.invited_at.toISOString() }))
}

/** Only an owner may hand out or take away the Owner role. */
function assertCanAssignRole(membership: Membership, role: RoleName): void {
  if (role === 'Owner' && membership.role !== 'Owner') throw forbidden('Only an owner can make someone an owner')
}

export async function addMember(
  db: Db,
  membership: Membership,
  inviterId: number,
  email: string,
  role: RoleName,
): Promise<AddMemberResponse> {
  assertCan(membership, PermissionAction.CREATE, PermissionResource.MEMBERS)
  assertCanAssignRole(membership, role)
  const orgId = membership.organization.id
  const user = await db.selectFrom('users').select(['id']).where('email', '=', email).executeTakeFirst()
  if (user) {
    const existing = await db
      .selectFrom('members')
      .select('user_id')
      .where('organization_id', '=', orgId)
      .where('user_id', '=', user.id)
      .executeTakeFirst()
    if (existing) throw conflict(`${email} is already a member of this organization`)
    await db.insertInto('members').values({ organization_id: orgId, user_id: user.id, role_name: role }).execute()
    const member = (await listMembers(db, orgId)).find((m) => m.user_id === user.id)
    if (!member) throw notFound('Member not found')
    return { kind: 'member', member }
  }
  const invitation = await db
    .insertInto('invitations')
    .values({ organization_id: orgId, email, role_name: role, invited_by: inviterId })
    .onConflict((oc) => oc.columns(['organization_id', 'email']).doUpdateSet({ role_name: role }))
    .returning(['id', 'email', 'role_name', 'invited_at'])
    .executeTakeFirstOrThrow()
  return {
    kind: 'invitation',
    invitation: { ...invitation, role_name: role, invited_at: invitation.invited_at.toISOString() },
  }
}

async function ownerCount(db: Db, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('organization_id', '=', organizationId)
    .where('role_name', '=', 'Owner')
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

async function targetMember(db: Db, organizationId: number, userId: number) {
  const target = await db
    .selectFrom('members')
    .select(['user_id', 'role_name'])
    .where('organization_id', '=', organizationId)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (!target) throw notFound('Member not found')
  return target
}

export async function updateMemberRole(
  db: Db,
  membership: Membership,
  userId: number,
  role: RoleName,
): Promise<Member> {
  assertCan(membership, PermissionAction.UPDATE, PermissionResource.MEMBERS)
  const orgId = membership.organization.id
  const target = await targetMember(db, orgId, userId)
  assertCanAssignRole(membership, role)
  if (target.role_name === 'Owner' && membership.role !== 'Owner') throw forbidden('Only an owner can change an owner')
  if (target.role_name === 'Owner' && role !== 'Owner' && (await ownerCount(db, orgId)) <= 1) {
    throw badRequest('An organization must keep at least one owner')
  }
  await db
    .updateTable('members')
    .set({ role_name: role })
    .where('organization_id', '=', orgId)
    .where('user_id', '=', userId)
    .execute()
  const member = (await listMembers(db, orgId)).find((m) => m.user_id === userId)
  if (!member) throw notFound('Member not found')
  return member
}

export async function removeMember(db: Db, membership: Membership, actorId: number, userId: number): Promise<void> {
  const orgId = membership.organization.id
  // leaving an organization yourself needs no permission; removing others does
  if (userId !== actorId) assertCan(membership, PermissionAction.DELETE, PermissionResource.MEMBERS)
  const target = await targetMember(db, orgId, userId)
  if (target.role_name === 'Owner') {
    if (userId !== actorId && membership.role !== 'Owner') throw forbidden('Only an owner can remove an owner')
    if ((await ownerCount(db, orgId)) <= 1) throw badRequest('The last owner of an organization cannot be removed')
  }
  await db.deleteFrom('members').where('organization_id', '=', orgId).where('user_id', '=', userId).execute()
}

export async function deleteInvitation(db: Db, membership: Membership, invitationId: number): Promise<void> {
  assertCan(membership, PermissionAction.DELETE, PermissionResource.MEMBERS)
  const result = await db
    .deleteFrom('invitations')
    .where('id', '=', invitationId)
    .where('organization_id', '=', membership.organization.id)
    .executeTakeFirst()
  if (result.numDeletedRows === 0n) throw notFound('Invitation not found')
}

/** Turns pending invitations for this email into memberships (called at sign-up). */
export async function acceptInvitations(db: Db, userId: number, email: string): Promise<number> {
  const invitations = await db.selectFrom('invitations').selectAll().where('email', '=', email).execute()
  for (const invitation of invitations) {
    await db
      .insertInto('members')
      .values({ organization_id: invitation.organization_id, user_id: userId, role_name: invitation.role_name })
      .onConflict((oc) => oc.doNothing())
      .execute()
  }
  await db.deleteFrom('invitations').where('email', '=', email).execute()
  return invitations.length
}

export function toSubscription(row: OrganizationRow): Subscription {
  const planId = row.plan_id as PlanId
  return {
    plan: { id: planId, name: PLAN_NAMES[planId] ?? planId },
    updated_at: row.plan_updated_at.toISOString(),
    billing_provider: 'none',
  }
}

/**
 * Sets an organization's plan. There is no billing provider, so a plan is the operator's decision: only an instance
 * administrator changes it, in any organization (a member who is not one gets 403, anyone else 404).
 */
export async function updateSubscription(db: Db, userId: number, slug: string, plan: PlanId): Promise<Subscription> {
  if (!(await isInstanceAdmin(db, userId))) {
    await getMembership(db, userId, slug)
    throw forbidden(PLAN_CHANGE_INSTANCE_ADMIN_ONLY_MESSAGE)
  }
  const row = await db
    .updateTable('organizations')
    .set({ plan_id: plan, plan_updated_at: new Date() })
    .where('slug', '=', slug)
    .returningAll()
    .executeTakeFirst()
  if (!row) throw notFound(`Organization ${slug} not found`)
  return toSubscription(row)
}

/**
 * Owners and Administrators count their active projects across every free organization they administer;
 * those at or above the limit are listed (the "free-limit members" the restore dialog shows).
 */
export async function freeLimitMembers(db: Db, organizationId: number, limit: number): Promise<FreeLimitMember[]> {
  const admins = await db
    .selectFrom('members')
    .innerJoin('users', 'users.id', 'members.user_id')
    .select(['users.id', 'users.username', 'users.email'])
    .where('members.organization_id', '=', organizationId)
    .where('members.role_name', 'in', ['Owner', 'Administrator'])
    .execute()
  const result: FreeLimitMember[] = []
  for (const admin of admins) {
    if ((await activeFreeProjectCount(db, admin.id)) >= limit) {
      result.push({ username: admin.username, primary_email: admin.email, free_project_limit: limit })
    }
  }
  return result
}

export async function activeFreeProjectCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('projects')
    .innerJoin('organizations', 'organizations.id', 'projects.organization_id')
    .innerJoin('members', 'members.organization_id', 'organizations.id')
    .select(sql<string>`count(distinct projects.id)`.as('count'))
    .where('members.user_id', '=', userId)
    .where('members.role_name', 'in', ['Owner', 'Administrator'])
    .where('organizations.plan_id', '=', 'free')
    .where('projects.status', 'in', TRANSITIONAL_OR_ACTIVE)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export { getMembership }
