import { PermissionAction, PermissionResource, type RoleName } from '@pgfleet/contracts'
import type { AppContext } from '../../context'
import type { OrganizationRow, ProjectRow } from '../../db/types'
import { forbidden, notFound } from '../../errors'
import { isRoleName, roleCan } from '../organizations/permissions'

export type AssistantProjectRow = Pick<ProjectRow, 'id' | 'ref' | 'status' | 'sql_statement_timeout_ms' | 'ai_schemas'>

export interface AssistantProject {
  project: AssistantProjectRow
  organization: OrganizationRow
  role: RoleName
}

/**
 * The project, its organization and the caller's role, for any assistant call. Non-members get the same 404 as a
 * missing ref; members who may not read the database (none today) get a 403.
 */
export async function assistantProjectFor(ctx: AppContext, userId: number, ref: string): Promise<AssistantProject> {
  const found = await ctx.db
    .selectFrom('projects')
    .innerJoin('organizations', 'organizations.id', 'projects.organization_id')
    .innerJoin('members', 'members.organization_id', 'projects.organization_id')
    .selectAll('organizations')
    .select([
      'projects.id as project_id',
      'projects.ref',
      'projects.status',
      'projects.sql_statement_timeout_ms',
      'projects.ai_schemas',
      'members.role_name',
    ])
    .where('projects.ref', '=', ref)
    .where('members.user_id', '=', userId)
    .executeTakeFirst()
  if (!found || !isRoleName(found.role_name)) throw notFound(`Project ${ref} not found`)
  const {
    project_id,
    ref: projectRef,
    status,
    sql_statement_timeout_ms,
    ai_schemas,
    role_name,
    ...organization
  } = found
  const role = role_name as RoleName
  if (!roleCan(role, PermissionAction.SQL_READ, PermissionResource.DATABASE)) {
    throw forbidden('You do not have the required permissions to use the assistant in this project')
  }
  return {
    project: { id: project_id, ref: projectRef, status, sql_statement_timeout_ms, ai_schemas },
    organization,
    role,
  }
}
