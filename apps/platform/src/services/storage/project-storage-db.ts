import type pg from 'pg'
import type { AppContext } from '../../context'
import { withoutPlatformCredentials } from '../../http/platform-credentials'
import { preludeStatement } from '../rest/ddl-watch'
import { StorageError } from './errors'
import { ensureStorageSchema } from './schema'

/**
 * Storage's connections to a project: its share of the project's connections, logged in as `authenticator`,
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

const STORAGE_POOL_SETTINGS = {
  idleTimeoutMillis: 30_000,
  connectionTimeoutMillis: 5_000,
  application_name: 'pgfleet-storage',
}
/** Postgres' answers when the storage schema or one of its tables was dropped by the user. */
const SCHEMA_GONE = new Set(['3F000', '42P01'])

export class ProjectStorageDb {
  private schema: Promise<void> | null = null

  constructor(
    readonly target: StorageTarget,
    private readonly ctx: AppContext,
  ) {}

  /** A connection from storage's pool. */
  async connect(): Promise<pg.PoolClient> {
    const pool = await this.ctx.connections.pool(this.target.ref, 'storage', {
      user: 'authenticator',
      password: this.target.authenticatorPassword,
      key: String(this.target.port),
      settings: STORAGE_POOL_SETTINGS,
    })
    return pool.connect()
  }

  /** Creates the storage schema on first use; a failure is retried by the next request. */
  ready(): Promise<void> {
    this.schema ??= (async () => {
      // as the tenant's owner role (the one-off default): the tenant owns the storage tables, so their own RLS
      // policies on storage.objects can be written
      await this.ctx.connections.oneOff.run(this.target.ref, { applicationName: 'pgfleet storage' }, (client) =>
        ensureStorageSchema(client),
      )
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

/** Storage's per-project state; dropped when the project's connections close (pause, delete, shutdown). */
export class StorageDatabases {
  private readonly projects = new Map<string, ProjectStorageDb>()

  constructor(private readonly ctx: AppContext) {
    ctx.connections.onClose((ref) => {
      this.projects.delete(ref)
    })
  }

  /** The project's database with the storage schema in place; new state when the port or password changed. */
  async database(target: StorageTarget): Promise<ProjectStorageDb> {
    let db = this.projects.get(target.ref)
    if (!db || db.target.port !== target.port || db.target.authenticatorPassword !== target.authenticatorPassword) {
      db = new ProjectStorageDb({ ...target }, this.ctx)
      this.projects.set(target.ref, db)
    }
    await db.ready()
    return db
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
    client = await db.connect()
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
      JSON.stringify(withoutPlatformCredentials(options.headers ?? {})),
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
