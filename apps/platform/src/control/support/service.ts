import {
  type CreateSupportRequestBody,
  PermissionAction,
  PermissionResource,
  type SupportRequest,
} from '@pgfleet/contracts'
import type { Db } from '../../db/kysely'
import { assertCan, getMembership, type Membership } from '../organizations/membership'

/** Support requests are stored for the organization's owners to read; there is no external desk. */
export async function createSupportRequest(
  db: Db,
  userId: number,
  body: CreateSupportRequestBody,
): Promise<SupportRequest> {
  const membership = await getMembership(db, userId, body.organization_slug)
  const row = await db
    .insertInto('support_requests')
    .values({
      organization_id: membership.organization.id,
      user_id: userId,
      category: body.category,
      project_ref: body.project_ref || null,
      subject: body.subject,
      message: body.message,
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow()
  const user = await db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()
  return { ...body, id: row.id, created_at: row.created_at.toISOString(), author_email: user.email }
}

export async function listSupportRequests(db: Db, membership: Membership): Promise<SupportRequest[]> {
  assertCan(
    membership,
    PermissionAction.READ,
    PermissionResource.SUPPORT_REQUESTS,
    'Only organization owners can read support requests',
  )
  const rows = await db
    .selectFrom('support_requests')
    .innerJoin('users', 'users.id', 'support_requests.user_id')
    .selectAll('support_requests')
    .select('users.email')
    .where('organization_id', '=', membership.organization.id)
    .orderBy('support_requests.created_at', 'desc')
    .execute()
  return rows.map((r) => ({
    id: r.id,
    category: r.category,
    organization_slug: membership.organization.slug,
    project_ref: r.project_ref ?? undefined,
    subject: r.subject,
    message: r.message,
    created_at: r.created_at.toISOString(),
    author_email: r.email,
  }))
}
