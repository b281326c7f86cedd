import {
  type ComputeSize,
  type CreateProjectBody,
  DB_VERSION_PREFIX,
  FREE_PROJECT_LIMIT_MESSAGE,
  PermissionAction,
  PermissionResource,
  type Project,
  type ProjectStatus,
  type ProjectStatusResponse,
  type UnavailableOperations,
} from '@pgfleet/contracts'
import { allocatePort, scramSha256Verifier } from '@pgfleet/engine'
import type { Transaction } from 'kysely'
import type { AppContext } from '../../context'
import type { Database, ProjectRow } from '../../db/types'
import { badRequest, conflict, forbidden, notFound } from '../../errors'
import { randomToken } from '../accounts/secrets'
import { assertCan, getMembership, getMembershipById, type Membership } from '../organizations/membership'
import { activeFreeProjectCount } from '../organizations/service'
import { directConnectionString } from './connection-string'
import { jobNameFor, type OperationJobData } from './operations'
import { generateProjectRef } from './refs'

export const DEFAULT_REGION = 'local'
export const DEFAULT_COMPUTE_SIZE: ComputeSize = 'micro'

export interface ProjectView {
  row: ProjectRow
  organizationSlug: string
}

/** The platform's public origin, used to build the project's API URL. */
export type Origin = string

/** What the driver can never do here, decided on the server so the dashboard offers no control that must fail. */
export function unavailableOperations(ctx: AppContext): UnavailableOperations {
  return { backup_download: ctx.driver.unavailableOperations.backup_download ?? null }
}

/**
 * The project as the dashboard shows it. The host and port tenants connect to are the driver's: the platform's
 * listen address on this machine, a Service (or a configured host) on Kubernetes.
 */
export async function toProject(ctx: AppContext, view: ProjectView, origin: Origin): Promise<Project> {
  const { row } = view
  const endpoint = await ctx.driver.tenantEndpoint(row.ref, row.port)
  const status = row.status as ProjectStatus
  return {
    id: row.id,
    ref: row.ref,
    name: row.name,
    status,
    organization_id: row.organization_id,
    organization_slug: view.organizationSlug,
    region: row.region,
    cloud_provider: 'local',
    created_at: row.created_at.toISOString(),
    inserted_at: row.created_at.toISOString(),
    compute_size: row.compute_size as ComputeSize,
    database: {
      host: endpoint.host,
      port: endpoint.port,
      version: row.postgres_version,
      postgres_engine: String(row.postgres_major),
    },
    dbVersion: `${DB_VERSION_PREFIX}${row.postgres_version}`,
    connectionString: directConnectionString(endpoint.host, endpoint.port, ctx.driver.tenantOwnerRole),
    restUrl: `${origin}/p/${row.ref}/rest/v1/`,
    postgrestStatus: status === 'ACTIVE_HEALTHY' && ctx.health.isServing(row.ref) ? 'ONLINE' : 'OFFLINE',
    unavailable_operations: unavailableOperations(ctx),
  }
}

export async function listProjects(ctx: AppContext, userId: number): Promise<ProjectView[]> {
  const rows = await ctx.db
    .selectFrom('projects')
    .innerJoin('members', 'members.organization_id', 'projects.organization_id')
    .innerJoin('organizations', 'organizations.id', 'projects.organization_id')
    .selectAll('projects')
    .select('organizations.slug as organization_slug')
    .where('members.user_id', '=', userId)
    .orderBy('projects.created_at', 'desc')
    .execute()
  return rows.map(({ organization_slug, ...row }) => ({ row, organizationSlug: organization_slug }))
}

/** The project and the caller's membership in its organization; 404 for non-members. */
export async function getProjectForUser(
  ctx: AppContext,
  userId: number,
  ref: string,
): Promise<ProjectView & { membership: Membership }> {
  const row = await ctx.db.selectFrom('projects').selectAll().where('ref', '=', ref).executeTakeFirst()
  if (!row) throw notFound(`Project ${ref} not found`)
  const membership = await getMembershipById(ctx.db, userId, row.organization_id).catch(() => {
    throw notFound(`Project ${ref} not found`)
  })
  return { row, organizationSlug: membership.organization.slug, membership }
}

export function projectStatus(view: ProjectView): ProjectStatusResponse {
  return { status: view.row.status as ProjectStatus, error: view.row.status_error }
}

export function pickEngine(ctx: AppContext, requestedMajor: number | undefined) {
  const majors = ctx.engines.map((e) => e.major)
  const major = requestedMajor ?? ctx.config.defaultPostgresMajor ?? Math.max(...majors)
  const engine = ctx.engines.find((e) => e.major === major)
  if (!engine) {
    throw badRequest(`Postgres ${major} is not installed on this platform. Available versions: ${majors.join(', ')}`)
  }
  return engine
}

async function takenPorts(ctx: AppContext): Promise<Set<number>> {
  const rows = await ctx.db.selectFrom('projects').select('port').where('port', 'is not', null).execute()
  return new Set(rows.map((r) => r.port as number))
}

export async function createProject(ctx: AppContext, userId: number, body: CreateProjectBody): Promise<ProjectView> {
  const membership = await getMembership(ctx.db, userId, body.organization_slug)
  assertCan(
    membership,
    PermissionAction.CREATE,
    PermissionResource.PROJECTS,
    'You do not have the required permissions to create a project in this organization',
  )
  const engine = pickEngine(ctx, body.postgres_major)
  if (membership.organization.plan_id === 'free') {
    const limit = ctx.config.freeProjectLimit
    if ((await activeFreeProjectCount(ctx.db, userId)) >= limit) throw forbidden(FREE_PROJECT_LIMIT_MESSAGE(limit))
  }

  const verifier = scramSha256Verifier(body.db_pass)
  if (!verifier) throw badRequest('Database password may contain only printable ASCII characters')
  const row = await insertNewProject(ctx, {
    name: body.name,
    organizationId: membership.organization.id,
    region: body.region ?? DEFAULT_REGION,
    engine,
    userId,
    passwordVerifier: verifier,
  })
  return { row, organizationSlug: membership.organization.slug }
}

export interface NewProjectInput {
  name: string
  organizationId: number
  region: string
  engine: { major: number; version: string }
  userId: number
  passwordVerifier: string
}

/**
 * Records a new project (COMING_UP, with a free port and ref) and queues its create job. `alsoRecord` runs in the
 * same transaction (a preview branch's link to its parent), so a project never exists half-described.
 */
export async function insertNewProject(
  ctx: AppContext,
  input: NewProjectInput,
  alsoRecord?: (trx: Transaction<Database>, row: ProjectRow) => Promise<void>,
): Promise<ProjectRow> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await allocatePort(ctx.config.portRange, await takenPorts(ctx))
    const ref = generateProjectRef()
    try {
      const { row, operationId } = await ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('projects')
          .values({
            ref,
            name: input.name,
            organization_id: input.organizationId,
            region: input.region,
            status: 'COMING_UP',
            postgres_major: input.engine.major,
            postgres_version: input.engine.version,
            port,
            compute_size: DEFAULT_COMPUTE_SIZE,
            jwt_secret: randomToken(40),
            authenticator_password: randomToken(24),
            created_by: input.userId,
            pending_password_verifier: input.passwordVerifier,
          })
          .returningAll()
          .executeTakeFirstOrThrow()
        await alsoRecord?.(trx, row)
        const op = await trx
          .insertInto('project_operations')
          .values({ project_ref: ref, kind: 'create', status: 'running', started_by: input.userId })
          .returning('id')
          .executeTakeFirstOrThrow()
        return { row, operationId: op.id }
      })
      await ctx.jobs.send<OperationJobData>(jobNameFor('create'), { ref, operationId })
      return row
    } catch (error) {
      // another project took the same port or ref between our read and insert: try again
      if ((error as { code?: string }).code === '23505') continue
      throw error
    }
  }
  throw conflict('Could not allocate a port for the project; try again')
}
