import type pg from 'pg'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { HttpError } from '../../errors'
import { isUpgradeSwitchoverFailure } from '../rest/errors'
import type { AuthCall } from './call'
import { AuthError } from './errors'
import { type AuthProject, authProjects } from './project-auth'

/**
 * The dashboard's Users page works on the project's auth server state and its pool (the auth role, never the
 * platform's superuser), as the auth server itself would for the service role. The member's permission was checked
 * by the route; this builds the call the auth server's own functions take, and turns their errors into the
 * platform's `{ message }` answers.
 */
export type DashboardProject = Pick<
  ProjectRow,
  'ref' | 'status' | 'port' | 'jwt_secret' | 'authenticator_password' | 'created_at' | 'readonly_mode_enabled'
>

export interface DashboardAuthTarget {
  project: DashboardProject
  /** `{project URL}`: what links in emails point at (…/p/{ref}, or the project's own host) */
  projectUrl: string
  /** the member's address, for the auth server's request metadata */
  ip: string | null
}

/** The pieces of an auth call, for a project that runs; refuses writes while the project is read-only. */
export async function dashboardAuthCall(
  ctx: AppContext,
  target: DashboardAuthTarget,
  options: { writes: boolean },
): Promise<AuthCall> {
  const { project } = target
  if ((project.status !== 'ACTIVE_HEALTHY' && project.status !== 'UPGRADING') || project.port === null) {
    throw new HttpError(409, `The project is not running (status ${project.status}): start it to manage its auth users`)
  }
  if (options.writes && (project.readonly_mode_enabled || ctx.resources.modes.get(project.ref) === true)) {
    throw new HttpError(
      503,
      "The project's database is read-only because its disk is nearly full: users cannot be changed until space is freed or the disk grows",
    )
  }
  const registry = authProjects(ctx)
  const state = await registry.state(project.ref)
  const authProject: AuthProject = {
    ...state,
    entry: {
      ref: project.ref,
      status: project.status,
      port: project.port,
      jwtSecret: project.jwt_secret,
      authenticatorPassword: project.authenticator_password,
      createdAt: project.created_at,
      readOnlyMode: project.readonly_mode_enabled,
    },
    jwtKey: new TextEncoder().encode(project.jwt_secret),
    issuer: `${target.projectUrl}/auth/v1`,
  }
  const pool = await registry.pool(project.ref, project.port, state.adminPassword)
  return {
    ctx,
    req: {
      ref: project.ref,
      method: 'POST',
      path: '/dashboard',
      query: new URLSearchParams(),
      headers: {},
      body: undefined,
      ip: target.ip,
      projectUrl: target.projectUrl,
    },
    project: authProject,
    pool,
    keyRole: 'service_role',
  }
}

const UNIQUE_VIOLATION = '23505'
const FOREIGN_KEY_VIOLATION = '23503'
const READ_ONLY_SQLSTATE = '25006'

/** An auth server or database failure as the platform answers it. */
export function dashboardAuthError(ref: string, error: unknown, doing: string): unknown {
  if (error instanceof HttpError) return error
  if (error instanceof AuthError) {
    if (error.code === 'email_not_configured') {
      return new HttpError(422, `${error.message}. Set up SMTP in the project's auth email settings first.`)
    }
    return new HttpError(error.status, error.message)
  }
  const pgError = error as { code?: unknown; message?: unknown; table?: unknown; constraint?: unknown }
  if (pgError?.code === UNIQUE_VIOLATION) {
    return new HttpError(422, 'A user with this email address or phone number has already been registered')
  }
  if (pgError?.code === FOREIGN_KEY_VIOLATION) {
    const table = typeof pgError.table === 'string' ? ` (table ${pgError.table})` : ''
    return new HttpError(409, `The user cannot be deleted: rows of your own still reference it${table}`)
  }
  if (pgError?.code === READ_ONLY_SQLSTATE) {
    return new HttpError(503, "The project's database is read-only: this change cannot be saved now")
  }
  if (isUpgradeSwitchoverFailure(error))
    return new HttpError(503, `Project ${ref} is switching to a new Postgres version`)
  // a tenant's trigger on auth.users (the usual profile row) failing: its message helps, as on the hosted product
  if (typeof pgError?.code === 'string' && pgError.code.length === 5 && typeof pgError.message === 'string') {
    return new HttpError(500, `Database error ${doing}: ${pgError.message}`)
  }
  return error
}

/** Runs `work` with the call, turning failures into the platform's answers. */
export async function withDashboardAuth<T>(
  ctx: AppContext,
  target: DashboardAuthTarget,
  options: { writes: boolean; doing: string },
  work: (call: AuthCall, pool: pg.Pool) => Promise<T>,
): Promise<T> {
  try {
    const call = await dashboardAuthCall(ctx, target, options)
    return await work(call, call.pool)
  } catch (error) {
    throw dashboardAuthError(target.project.ref, error, options.doing)
  }
}
