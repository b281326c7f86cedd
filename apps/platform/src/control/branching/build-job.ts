import { createHash } from 'node:crypto'
import { sql } from 'kysely'
import type pg from 'pg'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import type { JobAttempt } from '../../jobs/queue'
import { gitConnectionOf, gitOptions, remoteOf } from './connections'
import { type BranchFiles, fetchBranchFiles } from './git'

export const BRANCH_BUILD_JOB = 'branch-build'

export interface BranchBuildJobData {
  /** the branch's own project: jobs of one project run one at a time */
  ref: string
  branchId: string
}

/** Each migration may take this long; a longer one fails the branch rather than hold its job forever. */
const MIGRATION_STATEMENT_TIMEOUT = '5min'

/**
 * The migrations and seed already applied, recorded in the branch's own database in the same transaction as each
 * file: a build cut off by a crash resumes after the last committed file, and a pull applies only new files.
 */
const TRACKING_SQL = `
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key, name text not null, applied_at timestamptz not null default now()
);
create table if not exists supabase_migrations.seed_files (path text primary key, hash text not null);
`

async function setBranch(
  ctx: AppContext,
  branchId: string,
  changes: { status: string; status_error?: string | null; failed_migration?: string | null },
) {
  await ctx.db
    .updateTable('project_branches')
    .set({ ...changes, updated_at: new Date() })
    .where('id', '=', branchId)
    .execute()
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/** Runs one file in its own transaction with its tracking row; returns the error message when it fails. */
async function applyFile(client: pg.Client, sqlText: string, track: () => Promise<unknown>): Promise<string | null> {
  await client.query('begin')
  try {
    // no wait for the WAL flush: the file and its tracking row commit or vanish together, and a lost one runs again
    await client.query(
      `set local statement_timeout = '${MIGRATION_STATEMENT_TIMEOUT}'; set local synchronous_commit = off`,
    )
    await client.query(sqlText)
    await track()
    await client.query('commit')
    return null
  } catch (error) {
    await client.query('rollback').catch(() => {})
    return messageOf(error)
  }
}

/** Applies what is not applied yet, as the tenant's owner role (never a superuser), then marks the branch. */
async function applyBranchFiles(ctx: AppContext, project: ProjectRow, branchId: string, files: BranchFiles) {
  // the tenant's owner role (the one-off default); a server going away mid-build rejects the query at hand
  const options = { applicationName: 'pgfleet branch migrations', connectTimeoutMs: 30_000 }
  await ctx.connections.oneOff.run(project.ref, options, async (client) => {
    await client.query(TRACKING_SQL)
    const applied = new Set(
      (await client.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
        (r) => r.version,
      ),
    )
    for (const migration of files.migrations) {
      const version = migration.name.replace(/\.sql$/, '')
      if (applied.has(version)) continue
      const error = await applyFile(client, migration.sql, () =>
        client.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
          version,
          migration.name,
        ]),
      )
      if (error !== null) {
        await setBranch(ctx, branchId, {
          status: 'MIGRATIONS_FAILED',
          status_error: `${migration.name}: ${error}`,
          failed_migration: migration.name,
        })
        return
      }
    }
    if (files.seed !== null) {
      const seeded = await client.query('select 1 from supabase_migrations.seed_files where path = $1', ['seed.sql'])
      if (seeded.rowCount === 0) {
        const hash = createHash('sha256').update(files.seed).digest('hex')
        const error = await applyFile(client, files.seed, () =>
          client.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', ['seed.sql', hash]),
        )
        if (error !== null) {
          await setBranch(ctx, branchId, {
            status: 'MIGRATIONS_FAILED',
            status_error: `seed.sql: ${error}`,
            failed_migration: 'seed.sql',
          })
          return
        }
      }
    }
    await setBranch(ctx, branchId, { status: 'MIGRATIONS_PASSED', status_error: null, failed_migration: null })
  })
}

async function fetchGitFiles(ctx: AppContext, parentId: number, connectionId: number, gitBranch: string) {
  const connection = await gitConnectionOf(ctx, parentId, connectionId)
  return fetchBranchFiles(await remoteOf(ctx, connection), gitBranch, gitOptions(ctx))
}

/**
 * The git files of branches whose cluster is being made, fetched meanwhile (half a second saved on a 2-second
 * wait), for the build that follows. In memory only: after a restart the build fetches them itself.
 */
const prefetched = new Map<string, Promise<BranchFiles | null>>()
/** A creation that fails leaves its entry behind: it goes after this long. */
const PREFETCH_TTL_MS = 10 * 60_000

async function takePrefetched(branchId: string): Promise<BranchFiles | null> {
  const files = prefetched.get(branchId)
  prefetched.delete(branchId)
  return files ? await files : null
}

/** Starts fetching a branch's git files while its cluster is made (does not wait for them). */
export async function prefetchIfBranch(ctx: AppContext, project: ProjectRow): Promise<void> {
  const branch = await ctx.db
    .selectFrom('project_branches')
    .select(['id', 'parent_project_id', 'connection_id', 'git_branch'])
    .where('project_id', '=', project.id)
    .executeTakeFirst()
  if (!branch || branch.connection_id === null) return
  const connectionId = branch.connection_id
  // a failure here is left to the build, which fetches again and reports it
  const files = fetchGitFiles(ctx, branch.parent_project_id, connectionId, branch.git_branch).catch(() => null)
  prefetched.set(branch.id, files)
  setTimeout(() => {
    if (prefetched.get(branch.id) === files) prefetched.delete(branch.id)
  }, PREFETCH_TTL_MS).unref()
}

/**
 * Builds (or pulls into) a branch: fetches the git branch's migrations and seed, then applies the new ones in
 * filename order. A failing file is the branch's answer (MIGRATIONS_FAILED, its name and error), not a job failure;
 * anything else (the server unreachable) is retried, and the last attempt's error is shown the same way.
 */
export function branchBuildJob(ctx: AppContext) {
  return async ({ branchId }: BranchBuildJobData, { isFinalAttempt }: JobAttempt): Promise<void> => {
    const branch = await ctx.db
      .selectFrom('project_branches')
      .innerJoin('projects', 'projects.id', 'project_branches.project_id')
      .selectAll('project_branches')
      .select(['projects.status as project_status', 'projects.ref as project_ref'])
      .where('project_branches.id', '=', branchId)
      .executeTakeFirst()
    // deleted, or its cluster is being (re)made: the create job queues the build again when it is up
    if (branch?.project_status !== 'ACTIVE_HEALTHY' || branch.reset_pending) return
    const project = await ctx.db
      .selectFrom('projects')
      .selectAll()
      .where('ref', '=', branch.project_ref)
      .executeTakeFirstOrThrow()
    await setBranch(ctx, branchId, { status: 'RUNNING_MIGRATIONS', status_error: null, failed_migration: null })
    try {
      if (branch.connection_id === null) throw new Error('The git connection of this branch was removed')
      const files =
        (await takePrefetched(branchId)) ??
        (await fetchGitFiles(ctx, branch.parent_project_id, branch.connection_id, branch.git_branch))
      await applyBranchFiles(ctx, project, branchId, files)
    } catch (error) {
      if (!isFinalAttempt) throw error
      await setBranch(ctx, branchId, { status: 'MIGRATIONS_FAILED', status_error: messageOf(error) })
    }
  }
}

export async function queueBranchBuild(ctx: AppContext, ref: string, branchId: string): Promise<void> {
  await ctx.jobs.send<BranchBuildJobData>(BRANCH_BUILD_JOB, { ref, branchId })
}

export async function registerBranchJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.register<BranchBuildJobData>({
    name: BRANCH_BUILD_JOB,
    handler: branchBuildJob(ctx),
    retryLimit: 2,
    retryDelaySeconds: 1,
    expireInSeconds: 3600,
  })
}

/**
 * After a crash: a branch whose cluster is up but whose build never finished (or never got queued) gets its build
 * job again, unless one is waiting. Already applied files are skipped, so an extra run is harmless.
 */
export async function resumeBranchBuilds(ctx: AppContext): Promise<void> {
  const rows = await ctx.db
    .selectFrom('project_branches')
    .innerJoin('projects', 'projects.id', 'project_branches.project_id')
    .select(['project_branches.id', 'projects.ref'])
    .where('projects.status', '=', 'ACTIVE_HEALTHY')
    .where('project_branches.reset_pending', '=', false)
    .where('project_branches.status', 'in', ['CREATING_PROJECT', 'RUNNING_MIGRATIONS'])
    .execute()
  for (const row of rows) {
    const queued = await sql<{ n: number }>`
      select count(*)::int as n from pgboss.job
      where name = ${BRANCH_BUILD_JOB} and data->>'branchId' = ${row.id}
        and state in ('created', 'retry', 'active')`.execute(ctx.db)
    if ((queued.rows[0]?.n ?? 0) === 0) await queueBranchBuild(ctx, row.ref, row.id)
  }
}

/** Hooks of the project create job for branches: start a reset from an empty cluster, and build once it is up. */
export async function destroyClusterIfResetting(ctx: AppContext, project: ProjectRow): Promise<void> {
  const branch = await ctx.db
    .selectFrom('project_branches')
    .select(['id', 'reset_pending'])
    .where('project_id', '=', project.id)
    .executeTakeFirst()
  if (!branch?.reset_pending) return
  await ctx.projectStopping(project.ref)
  ctx.health.markStopped(project.ref)
  await ctx.driver.destroyProject(project.ref)
  await ctx.db.updateTable('project_branches').set({ reset_pending: false }).where('id', '=', branch.id).execute()
}

/**
 * A branch with data starts from a copy of its parent's data as it is now (made again on a reset, after the old
 * cluster is gone); the create job then adopts the copy and gives it the branch's own passwords.
 */
export async function copyParentDataIfBranch(ctx: AppContext, project: ProjectRow): Promise<void> {
  const branch = await ctx.db
    .selectFrom('project_branches')
    .innerJoin('projects as parent', 'parent.id', 'project_branches.parent_project_id')
    .select(['project_branches.id', 'project_branches.with_data', 'parent.ref as parent_ref'])
    .where('project_branches.project_id', '=', project.id)
    .executeTakeFirst()
  if (!branch?.with_data) return
  const copy = await ctx.driver.cloneProjectData(branch.parent_ref, project.ref)
  if (!copy) return
  await ctx.db
    .updateTable('project_branches')
    .set({ data_copy_method: copy.method, data_copy_ms: copy.durationMs, updated_at: new Date() })
    .where('id', '=', branch.id)
    .execute()
}

export async function buildIfBranch(ctx: AppContext, project: ProjectRow): Promise<void> {
  const branch = await ctx.db
    .selectFrom('project_branches')
    .select('id')
    .where('project_id', '=', project.id)
    .executeTakeFirst()
  if (branch) await queueBranchBuild(ctx, project.ref, branch.id)
}
