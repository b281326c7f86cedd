import { TENANT_OWNER_ROLE } from '@pgfleet/engine'
import pg from 'pg'
import type { AppContext } from '../context'
import { preludeStatement } from '../rest/ddl-watch'
import { StorageError } from './errors'
import { ensureStorageSchema } from './schema'

/**
 * Storage's connections to a project: a small pool logged in as `authenticator` over the project's unix socket,
 * where every request runs in one transaction with the caller's role and JWT claims set (as the data API does),
 * so RLS policies on storage.objects and storage.buckets decide. The storage schema is ensured once per pool.
 */
export interface StorageTarget {
  ref: string
  port: number
  authenticatorPassword: string
}

/** The role and claims a request runs with; service_role bypasses RLS. */
export interface StorageAuth {
  role: string
  claims: Record<string, unknown>
}

export const SERVICE_ROLE_AUTH: StorageAuth = { role: 'service_role', claims: { role: 'service_role' } }

const POOL_SIZE = 5
const IDLE_TIMEOUT_MS = 30_000
const CONNECT_TIMEOUT_MS = 5_000
/** Postgres' answers when the storage schema or one of its tables was dropped by the user. */
const SCHEMA_GONE = new Set(['3F000', '42P01'])

export class ProjectStorageDb {
  readonly pool: pg.Pool
  private schema: Promise<void> | null = null

  constructor(
    readonly target: StorageTarget,
    socketDir: string,
    private readonly owner: () => Promise<pg.ClientConfig>,
  ) {
    this.pool = new pg.Pool({
      host: socketDir,
      port: target.port,
      user: 'authenticator',
      password: target.authenticatorPassword,
      database: 'postgres',
      max: POOL_SIZE,
      idleTimeoutMillis: IDLE_TIMEOUT_MS,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: 'pgfleet-storage',
    })
    // an idle client whose server went away (project stopped) must not crash the platform
    this.pool.on('error', () => {})
  }

  /** Creates the storage schema on first use; a failure is retried by the next request. */
  ready(): Promise<void> {
    this.schema ??= (async () => {
      const client = new pg.Client(await this.owner())
      client.on('error', () => {})
      await client.connect()
      try {
        await ensureStorageSchema(client)
      } finally {
        await client.end().catch(() => {})
      }
    })().catch((error) => {
      this.schema = null
      throw new StorageError(503, 'DatabaseError', `Could not prepare the storage schema: ${(error as Error).message}`)
    })
    return this.schema
  }

  schemaLost(): void {
    this.schema = null
  }
}

export class StorageDatabases {
  private readonly projects = new Map<string, ProjectStorageDb>()

  constructor(private readonly ctx: AppContext) {}

  /** The project's pool with the storage schema in place; a new pool when the port or password changed. */
  async database(target: StorageTarget): Promise<ProjectStorageDb> {
    let db = this.projects.get(target.ref)
    if (!db || db.target.port !== target.port || db.target.authenticatorPassword !== target.authenticatorPassword) {
      if (db) void db.pool.end().catch(() => {})
      db = new ProjectStorageDb({ ...target }, this.ctx.driver.projectSocketDir(target.ref), () =>
        // the tenant owns the storage tables, so their own RLS policies on storage.objects can be written
        this.ctx.driver.projectConnection(target.ref, { user: TENANT_OWNER_ROLE }),
      )
      this.projects.set(target.ref, db)
    }
    await db.ready()
    return db
  }

  async close(ref: string): Promise<void> {
    const db = this.projects.get(ref)
    this.projects.delete(ref)
    await db?.pool.end().catch(() => {})
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.projects.keys()].map((ref) => this.close(ref)))
  }
}

const registries = new WeakMap<AppContext, StorageDatabases>()

export function storageDatabases(ctx: AppContext): StorageDatabases {
  let registry = registries.get(ctx)
  if (!registry) {
    registry = new StorageDatabases(ctx)
    registries.set(ctx, registry)
  }
  return registry
}

/** Ends storage's connections to a project (pause, delete). */
export async function closeStoragePool(ctx: AppContext, ref: string): Promise<void> {
  await registries.get(ctx)?.close(ref)
}

export interface RoleTxOptions {
  /** false rolls back even when the work succeeded: a dry run that only asks whether RLS would allow it */
  commit?: boolean
  /** request facts policies can read through current_setting('request.*') */
  method?: string
  path?: string
  headers?: Record<string, string | string[] | undefined>
}

/** Runs `work` in one transaction as the caller's role, with request.jwt.claims set like the data API's. */
export async function withRole<T>(
  db: ProjectStorageDb,
  auth: StorageAuth,
  work: (client: pg.ClientBase) => Promise<T>,
  options: RoleTxOptions = {},
): Promise<T> {
  let client: pg.PoolClient
  try {
    client = await db.pool.connect()
  } catch (error) {
    throw new StorageError(
      503,
      'DatabaseError',
      `Could not connect to the project's database: ${(error as Error).message}`,
    )
  }
  let broken = false
  try {
    await client.query('BEGIN')
    const values = [
      auth.role,
      JSON.stringify(auth.claims),
      typeof auth.claims.sub === 'string' ? auth.claims.sub : '',
      options.method ?? '',
      options.path ?? '',
      JSON.stringify(options.headers ?? {}),
    ]
    await client.query(preludeStatement(false, false, values))
    const value = await work(client)
    await client.query(options.commit === false ? 'ROLLBACK' : 'COMMIT')
    return value
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {
      broken = true
    })
    if (SCHEMA_GONE.has((error as { code?: string }).code ?? '')) db.schemaLost()
    throw error
  } finally {
    client.release(broken)
  }
}
