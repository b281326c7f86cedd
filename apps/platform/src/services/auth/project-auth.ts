import type { ProjectAuthConfig } from '@pgfleet/contracts'
import type pg from 'pg'
import type { AppContext } from '../../context'
import { randomToken } from '../../control/accounts/secrets'
import { PROJECT_CACHE_TTL_MS } from '../../control/projects/cache-ttl'
import type { ProjectEntry } from '../rest/project-directory'
import { AUTH_ADMIN_ROLE, ensureAuthRole } from './auth-role'
import { resolveAuthConfig } from './config'
import { AuthError } from './errors'
import { AuthRateLimits } from './rate-limits'
import { ensureAuthSchema } from './schema'

/**
 * Each project's auth server state: its settings and role password from the control plane (kept for a moment, like
 * every service's copy of a project's row), the `auth` role and schema made once per server start, and the pool of
 * connections that log in as that role.
 */
export interface AuthProjectState {
  ref: string
  config: ProjectAuthConfig
  adminPassword: string
  loadedAt: number
}

/** What a request works with: the project's state plus its secret and the issuer its tokens name. */
export interface AuthProject extends AuthProjectState {
  entry: ProjectEntry
  jwtKey: Uint8Array
  /** `{project URL}/auth/v1`, as the request reached it */
  issuer: string
}

const AUTH_POOL_SETTINGS = {
  idleTimeoutMillis: 30_000,
  connectionTimeoutMillis: 5_000,
  application_name: 'pgfleet-auth',
}

export const AUTH_ROLE_REASON =
  "creating the auth server's role and giving it the auth schema: the tenant's owner may not create roles on every major, and must not own this one"

/** Reads (and on first use creates) the project's auth row in the control plane. */
export async function loadAuthRow(
  ctx: AppContext,
  ref: string,
): Promise<{ adminPassword: string; config: Record<string, unknown> }> {
  const read = () =>
    ctx.db
      .selectFrom('project_auth')
      .select(['admin_password', 'config'])
      .where('project_ref', '=', ref)
      .executeTakeFirst()
  let row = await read()
  if (!row) {
    await ctx.db
      .insertInto('project_auth')
      .values({ project_ref: ref, admin_password: randomToken(24), config: '{}' })
      .onConflict((conflict) => conflict.column('project_ref').doNothing())
      .execute()
    row = await read()
  }
  if (!row) throw new AuthError(404, 'not_found', `Project ${ref} not found`)
  return { adminPassword: row.admin_password, config: row.config }
}

export class AuthProjects {
  private readonly states = new Map<string, AuthProjectState>()
  private readonly loading = new Map<string, Promise<AuthProjectState>>()
  /** per project and port: the role and schema are in place */
  private readonly prepared = new Map<string, Promise<void>>()
  /** the projects' rate limits, counted in this process */
  readonly limits = new AuthRateLimits()

  constructor(private readonly ctx: AppContext) {
    ctx.connections.onClose((ref) => {
      this.states.delete(ref)
      this.prepared.delete(ref)
    })
  }

  /** The project's settings and password, from the cache while fresh. */
  state(ref: string): AuthProjectState | Promise<AuthProjectState> {
    const cached = this.states.get(ref)
    if (cached && Date.now() - cached.loadedAt < PROJECT_CACHE_TTL_MS) return cached
    let pending = this.loading.get(ref)
    if (!pending) {
      pending = loadAuthRow(this.ctx, ref)
        .then((row) => {
          const state = {
            ref,
            config: resolveAuthConfig(row.config),
            adminPassword: row.adminPassword,
            loadedAt: Date.now(),
          }
          this.states.set(ref, state)
          return state
        })
        .finally(() => this.loading.delete(ref))
      this.loading.set(ref, pending)
    }
    return pending
  }

  /** Forgets the cached settings (they were just changed). */
  invalidate(ref: string): void {
    this.states.delete(ref)
    this.limits.forget(ref)
  }

  /** The role and schema in place; made once per project and server start (a failure is tried again next time). */
  prepare(ref: string, port: number, adminPassword: string): Promise<void> {
    const key = `${ref}:${port}`
    let ready = this.prepared.get(key)
    if (!ready) {
      ready = prepareProjectAuth(this.ctx, ref, adminPassword)
      this.prepared.set(key, ready)
      ready.catch(() => this.prepared.delete(key))
    }
    return ready
  }

  async pool(ref: string, port: number, adminPassword: string): Promise<pg.Pool> {
    await this.prepare(ref, port, adminPassword)
    return this.ctx.connections.pool(ref, 'auth', {
      user: AUTH_ADMIN_ROLE,
      password: adminPassword,
      key: String(port),
      settings: AUTH_POOL_SETTINGS,
    })
  }
}

/** Makes the role (as the superuser: catalog only) and then the schema's contents (as the role itself). */
export async function prepareProjectAuth(ctx: AppContext, ref: string, adminPassword: string): Promise<void> {
  await ctx.connections.oneOff.asSuperuser(ref, AUTH_ROLE_REASON, { applicationName: 'pgfleet auth setup' }, (client) =>
    ensureAuthRole(client, adminPassword),
  )
  await ctx.connections.oneOff.run(ref, { applicationName: 'pgfleet auth setup', user: AUTH_ADMIN_ROLE }, (client) =>
    ensureAuthSchema(client),
  )
}

const registries = new WeakMap<AppContext, AuthProjects>()

/** The platform's one registry of projects' auth state. */
export function authProjects(ctx: AppContext): AuthProjects {
  let registry = registries.get(ctx)
  if (!registry) {
    registry = new AuthProjects(ctx)
    registries.set(ctx, registry)
  }
  return registry
}
