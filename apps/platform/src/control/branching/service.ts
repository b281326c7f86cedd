import {
  BRANCHING_MESSAGES,
  type Branch,
  type BranchingSettings,
  type BranchStatus,
  type CreateBranchBody,
  type EnableBranchingBody,
  MIN_BRANCHING_POSTGRES_MAJOR,
  PermissionAction,
  PermissionResource,
  repositoryDisplayName,
} from '@pgfleet/contracts'
import { scramSha256Verifier } from '@pgfleet/engine'
import type { AppContext } from '../../context'
import type { ProjectBranchRow, ProjectRow } from '../../db/types'
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../errors'
import { randomToken } from '../accounts/secrets'
import { assertCan, type Membership } from '../organizations/membership'
import { jobNameFor, type OperationJobData, startOperation } from '../projects/operations'
import { DEFAULT_REGION, insertNewProject, pickEngine } from '../projects/service'
import { queueBranchBuild } from './build-job'
import { assertCanManageBranching, gitConnectionOf, gitOptions, remoteOf } from './connections'
import { findRemoteBranch, GitError } from './git'

type BranchWithRefs = ProjectBranchRow & { project_ref: string; parent_ref: string; project_status: string }

export function toBranch(row: BranchWithRefs): Branch {
  return {
    id: row.id,
    name: row.name,
    project_ref: row.project_ref,
    parent_project_ref: row.parent_ref,
    git_branch: row.git_branch,
    status: row.status as BranchStatus,
    error: row.status_error,
    failed_migration: row.failed_migration,
    project_status: row.project_status,
    with_data: row.with_data,
    data_copy:
      row.data_copy_method === 'reflink' || row.data_copy_method === 'copy'
        ? { method: row.data_copy_method, duration_ms: row.data_copy_ms ?? 0 }
        : null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }
}

function branchQuery(ctx: AppContext) {
  return ctx.db
    .selectFrom('project_branches')
    .innerJoin('projects as branch', 'branch.id', 'project_branches.project_id')
    .innerJoin('projects as parent', 'parent.id', 'project_branches.parent_project_id')
    .selectAll('project_branches')
    .select(['branch.ref as project_ref', 'parent.ref as parent_ref', 'branch.status as project_status'])
}

export async function listBranches(ctx: AppContext, parent: ProjectRow): Promise<Branch[]> {
  const rows = await branchQuery(ctx)
    .where('project_branches.parent_project_id', '=', parent.id)
    .orderBy('project_branches.created_at')
    .execute()
  return rows.map(toBranch)
}

export async function getBranch(ctx: AppContext, parent: ProjectRow, branchId: string): Promise<BranchWithRefs> {
  const row = await branchQuery(ctx)
    .where('project_branches.parent_project_id', '=', parent.id)
    .where('project_branches.id', '=', branchId)
    .executeTakeFirst()
  if (!row) throw notFound(`Branch ${branchId} not found`)
  return row
}

export function branchingSettings(project: ProjectRow): BranchingSettings {
  return {
    enabled: project.branching_connection_id !== null && project.branching_production_branch !== null,
    connection_id: project.branching_connection_id,
    production_branch: project.branching_production_branch,
  }
}

async function isBranch(ctx: AppContext, project: ProjectRow): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('project_branches')
    .select('id')
    .where('project_id', '=', project.id)
    .executeTakeFirst()
  return row !== undefined
}

/** The branch's head, or a 400 naming the repository (the dialog shows it under the branch input). */
async function assertGitBranchExists(ctx: AppContext, project: ProjectRow, connectionId: number, branch: string) {
  const connection = await gitConnectionOf(ctx, project.id, connectionId)
  const repository = repositoryDisplayName(connection.repository_url)
  let sha: string | null
  try {
    sha = await findRemoteBranch(await remoteOf(ctx, connection), branch, gitOptions(ctx))
  } catch (error) {
    if (error instanceof GitError) throw new HttpError(502, BRANCHING_MESSAGES.branchCheckFailed(error.message))
    throw error
  }
  if (sha === null) throw badRequest(BRANCHING_MESSAGES.branchNotFound(repository))
}

/** Paid plan, Postgres 15+, not itself a branch: what enabling branching and creating a branch both need. */
async function assertCanBranch(ctx: AppContext, membership: Membership, project: ProjectRow) {
  if (membership.organization.plan_id === 'free') throw forbidden(BRANCHING_MESSAGES.needsPaidPlan)
  if (project.postgres_major < MIN_BRANCHING_POSTGRES_MAJOR) throw badRequest(BRANCHING_MESSAGES.needsPostgres15)
  if (await isBranch(ctx, project)) throw badRequest(BRANCHING_MESSAGES.branchOfBranch)
}

export async function enableBranching(
  ctx: AppContext,
  membership: Membership,
  project: ProjectRow,
  body: EnableBranchingBody,
): Promise<BranchingSettings> {
  assertCanManageBranching(membership)
  await assertCanBranch(ctx, membership, project)
  await assertGitBranchExists(ctx, project, body.connection_id, body.production_branch)
  const updated = await ctx.db
    .updateTable('projects')
    .set({ branching_connection_id: body.connection_id, branching_production_branch: body.production_branch })
    .where('id', '=', project.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  return branchingSettings(updated)
}

/**
 * A preview branch is a project of its own (cluster, keys, data API) in the parent's organization and Postgres
 * major, with a random database password (reset it in the branch's settings). Its build starts once it is up.
 */
export async function createBranch(
  ctx: AppContext,
  membership: Membership,
  userId: number,
  parent: ProjectRow,
  body: CreateBranchBody,
): Promise<Branch> {
  assertCan(membership, PermissionAction.CREATE, PermissionResource.PROJECTS, BRANCHING_MESSAGES.writeDenied)
  await assertCanBranch(ctx, membership, parent)
  const connectionId = parent.branching_connection_id
  if (connectionId === null || parent.branching_production_branch === null) {
    throw badRequest(BRANCHING_MESSAGES.notEnabled)
  }
  await assertGitBranchExists(ctx, parent, connectionId, body.git_branch)
  if (body.with_data && parent.status !== 'ACTIVE_HEALTHY')
    throw conflict(BRANCHING_MESSAGES.withDataNeedsRunningParent)
  const engine = pickEngine(ctx, parent.postgres_major)
  const verifier = scramSha256Verifier(randomToken(24)) ?? ''
  let branchId = ''
  const row = await insertNewProject(
    ctx,
    {
      name: body.branch_name,
      organizationId: parent.organization_id,
      region: body.region ?? parent.region ?? DEFAULT_REGION,
      engine,
      userId,
      passwordVerifier: verifier,
    },
    async (trx, project) => {
      const branch = await trx
        .insertInto('project_branches')
        .values({
          project_id: project.id,
          parent_project_id: parent.id,
          connection_id: connectionId,
          name: body.branch_name,
          git_branch: body.git_branch,
          status: 'CREATING_PROJECT',
          password_verifier: verifier,
          with_data: body.with_data ?? false,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      branchId = branch.id
    },
  )
  return toBranch({ ...(await getBranch(ctx, parent, branchId)), project_status: row.status })
}

async function branchProject(ctx: AppContext, branch: BranchWithRefs): Promise<ProjectRow> {
  return ctx.db.selectFrom('projects').selectAll().where('id', '=', branch.project_id).executeTakeFirstOrThrow()
}

const BUSY: readonly string[] = ['CREATING_PROJECT', 'RUNNING_MIGRATIONS']

function assertIdle(branch: BranchWithRefs, project: ProjectRow, action: string) {
  if (BUSY.includes(branch.status) || project.status !== 'ACTIVE_HEALTHY') {
    throw conflict(
      `The branch cannot be ${action} while it is ${branch.status === 'MIGRATIONS_PASSED' || branch.status === 'MIGRATIONS_FAILED' ? project.status : branch.status}; wait for that to finish`,
    )
  }
}

/** Reset = an empty cluster in place of the old one, then every migration and the seed again (the create job). */
export async function resetBranch(
  ctx: AppContext,
  membership: Membership,
  userId: number,
  parent: ProjectRow,
  branchId: string,
): Promise<Branch> {
  assertCanManageBranching(membership)
  const branch = await getBranch(ctx, parent, branchId)
  const project = await branchProject(ctx, branch)
  assertIdle(branch, project, 'reset')
  const operationId = await ctx.db.transaction().execute(async (trx) => {
    const moved = await trx
      .updateTable('projects')
      .set({ status: 'COMING_UP', status_error: null, pending_password_verifier: branch.password_verifier })
      .where('id', '=', project.id)
      .where('status', '=', 'ACTIVE_HEALTHY')
      .executeTakeFirst()
    if (moved.numUpdatedRows === 0n) throw conflict('The branch changed in the meantime; reload and try again')
    await trx
      .updateTable('project_branches')
      .set({
        status: 'CREATING_PROJECT',
        status_error: null,
        failed_migration: null,
        reset_pending: true,
        updated_at: new Date(),
      })
      .where('id', '=', branch.id)
      .execute()
    const op = await trx
      .insertInto('project_operations')
      .values({ project_ref: project.ref, kind: 'create', status: 'running', started_by: userId })
      .returning('id')
      .executeTakeFirstOrThrow()
    return op.id
  })
  await ctx.jobs.send<OperationJobData>(jobNameFor('create'), { ref: project.ref, operationId })
  return toBranch(await getBranch(ctx, parent, branchId))
}

/** Pull = apply the git branch's migrations that this branch's database has not applied yet. */
export async function pullBranch(
  ctx: AppContext,
  membership: Membership,
  parent: ProjectRow,
  branchId: string,
): Promise<Branch> {
  assertCanManageBranching(membership)
  const branch = await getBranch(ctx, parent, branchId)
  const project = await branchProject(ctx, branch)
  assertIdle(branch, project, 'pulled')
  await ctx.db
    .updateTable('project_branches')
    .set({ status: 'RUNNING_MIGRATIONS', status_error: null, failed_migration: null, updated_at: new Date() })
    .where('id', '=', branch.id)
    .execute()
  await queueBranchBuild(ctx, project.ref, branch.id)
  return toBranch(await getBranch(ctx, parent, branchId))
}

/** Deleting a branch deletes its project (the branch record goes with it). */
export async function deleteBranch(
  ctx: AppContext,
  membership: Membership,
  userId: number,
  parent: ProjectRow,
  branchId: string,
): Promise<Branch> {
  assertCan(membership, PermissionAction.DELETE, PermissionResource.PROJECTS, BRANCHING_MESSAGES.writeDenied)
  const branch = await getBranch(ctx, parent, branchId)
  const project = await branchProject(ctx, branch)
  const updated = await startOperation(ctx, project, 'delete', userId)
  return toBranch({ ...branch, project_status: updated.status })
}

/**
 * Deleting a parent deletes its branches too; the caller must have confirmed that (after seeing them listed),
 * else a 409 names them.
 */
export async function deleteBranchesOf(
  ctx: AppContext,
  parent: ProjectRow,
  userId: number,
  confirmed: boolean,
): Promise<void> {
  const branches = await listBranches(ctx, parent)
  const live = branches.filter((b) => b.project_status !== 'GOING_DOWN')
  if (live.length === 0) return
  if (!confirmed) {
    throw conflict(
      `This project has ${live.length} preview branch${live.length === 1 ? '' : 'es'} (${live.map((b) => b.name).join(', ')}), deleted with it: confirm with delete_branches=true`,
    )
  }
  for (const branch of live) {
    const project = await ctx.db
      .selectFrom('projects')
      .selectAll()
      .where('ref', '=', branch.project_ref)
      .executeTakeFirst()
    if (project) await startOperation(ctx, project, 'delete', userId)
  }
}
