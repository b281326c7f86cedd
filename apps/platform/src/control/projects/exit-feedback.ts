import type { ExitFeedbackBody } from '@pgfleet/contracts'
import type { AppContext } from '../../context'
import { notFound } from '../../errors'
import { getMembership } from '../organizations/membership'
import { getProjectForUser } from './service'

/**
 * Exit feedback (sent after deleting a project) may name only what the caller belongs to: the organization must be
 * one of the caller's, and a project that still exists must be in it. The project is usually gone already, so a
 * ref the platform no longer knows is kept as given, under the caller's own organization. Anything else is the same
 * 404 as a missing project or organization.
 */
export async function recordExitFeedback(ctx: AppContext, userId: number, body: ExitFeedbackBody): Promise<void> {
  let organizationId = body.organization_slug
    ? (await getMembership(ctx.db, userId, body.organization_slug)).organization.id
    : null
  if (body.project_ref) {
    const exists = await ctx.db
      .selectFrom('projects')
      .select('organization_id')
      .where('ref', '=', body.project_ref)
      .executeTakeFirst()
    if (exists) {
      const project = await getProjectForUser(ctx, userId, body.project_ref)
      if (organizationId !== null && organizationId !== project.row.organization_id) {
        throw notFound(`Project ${body.project_ref} not found`)
      }
      organizationId = project.row.organization_id
    } else if (organizationId === null) {
      throw notFound(`Project ${body.project_ref} not found`)
    }
  }
  await ctx.db
    .insertInto('exit_feedback')
    .values({
      user_id: userId,
      organization_id: organizationId,
      project_ref: body.project_ref ?? null,
      message: body.message,
      reasons: body.reasons,
      exit_action: body.exitAction,
    })
    .execute()
}
