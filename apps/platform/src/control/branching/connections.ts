import {
  BRANCHING_MESSAGES,
  type CreateGitConnectionBody,
  type GitConnection,
  PermissionAction,
  PermissionResource,
  repositoryDisplayName,
} from '@pgfleet/contracts'
import type { AppContext } from '../../context'
import type { GitConnectionRow, ProjectRow } from '../../db/types'
import { badRequest, notFound } from '../../errors'
import { egressPolicyOf } from '../../security/egress-policy'
import { SecretBox } from '../assistant/key-encryption'
import { assertCan, type Membership } from '../organizations/membership'
import { assertUsableRemote, GitError, type GitOptions, type GitRemote } from './git'

const boxes = new WeakMap<AppContext, Promise<SecretBox>>()

/** The platform's secret box (the same key file as the organizations' model keys), opened once per platform. */
function secretBox(ctx: AppContext): Promise<SecretBox> {
  let box = boxes.get(ctx)
  if (!box) {
    box = SecretBox.open(ctx.config.dataDir)
    boxes.set(ctx, box)
  }
  return box
}

// a sealed token only opens for the project and URL it was stored with: copied to another row it fails
const tokenContext = (projectId: number, url: string) => `git-connection:${projectId}:${url}`

export const gitOptions = (ctx: AppContext): GitOptions => ({
  dataDir: ctx.config.dataDir,
  allowFileUrls: ctx.config.git.allowFileUrls,
  timeoutMs: ctx.config.git.timeoutMs,
  egress: egressPolicyOf(ctx.config),
})

export function toGitConnection(row: GitConnectionRow, projectRef: string): GitConnection {
  return {
    id: row.id,
    user: row.created_by === null ? null : { id: row.created_by },
    repository: { id: row.id, name: repositoryDisplayName(row.repository_url) },
    repository_url: row.repository_url,
    has_token: row.token_sealed !== null,
    project: { ref: projectRef },
    inserted_at: row.inserted_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

export function assertCanManageBranching(membership: Membership): void {
  assertCan(membership, PermissionAction.UPDATE, PermissionResource.PROJECTS, BRANCHING_MESSAGES.writeDenied)
}

export async function listGitConnections(ctx: AppContext, project: ProjectRow): Promise<GitConnection[]> {
  const rows = await ctx.db
    .selectFrom('git_connections')
    .selectAll()
    .where('project_id', '=', project.id)
    .orderBy('id')
    .execute()
  return rows.map((row) => toGitConnection(row, project.ref))
}

export async function createGitConnection(
  ctx: AppContext,
  project: ProjectRow,
  userId: number,
  body: CreateGitConnectionBody,
): Promise<GitConnection> {
  try {
    assertUsableRemote(body.repository_url, gitOptions(ctx))
  } catch (error) {
    if (error instanceof GitError) throw badRequest(error.message)
    throw error
  }
  const token = body.token ? body.token : null
  const sealed = token ? (await secretBox(ctx)).seal(token, tokenContext(project.id, body.repository_url)) : null
  const row = await ctx.db
    .insertInto('git_connections')
    .values({ project_id: project.id, repository_url: body.repository_url, token_sealed: sealed, created_by: userId })
    .returningAll()
    .executeTakeFirstOrThrow()
  return toGitConnection(row, project.ref)
}

export async function deleteGitConnection(ctx: AppContext, project: ProjectRow, id: number): Promise<void> {
  const deleted = await ctx.db
    .deleteFrom('git_connections')
    .where('id', '=', id)
    .where('project_id', '=', project.id)
    .executeTakeFirst()
  if (deleted.numDeletedRows === 0n) throw notFound(`Git connection ${id} not found`)
}

/** The connection of this project (404 for another project's id, so ids of other tenants say nothing). */
export async function gitConnectionOf(ctx: AppContext, projectId: number, id: number): Promise<GitConnectionRow> {
  const row = await ctx.db
    .selectFrom('git_connections')
    .selectAll()
    .where('id', '=', id)
    .where('project_id', '=', projectId)
    .executeTakeFirst()
  if (!row) throw notFound(`Git connection ${id} not found`)
  return row
}

/** The connection if the user is a member of its project's organization; 404 otherwise. */
export async function gitConnectionForUser(
  ctx: AppContext,
  userId: number,
  id: number,
): Promise<{ row: GitConnectionRow; projectRef: string }> {
  const found = await ctx.db
    .selectFrom('git_connections')
    .innerJoin('projects', 'projects.id', 'git_connections.project_id')
    .innerJoin('members', 'members.organization_id', 'projects.organization_id')
    .selectAll('git_connections')
    .select('projects.ref as project_ref')
    .where('git_connections.id', '=', id)
    .where('members.user_id', '=', userId)
    .executeTakeFirst()
  if (!found) throw notFound(`Git connection ${id} not found`)
  const { project_ref, ...row } = found
  return { row, projectRef: project_ref }
}

export async function remoteOf(ctx: AppContext, row: GitConnectionRow): Promise<GitRemote> {
  const token = row.token_sealed
    ? (await secretBox(ctx)).open(row.token_sealed, tokenContext(row.project_id, row.repository_url))
    : null
  return { url: row.repository_url, token }
}
