import pg from 'pg'
import { installDdlWatch } from './ddl-watch'
import { loadSchemaCache, type Queryable, type SchemaCache } from './schema-cache'

/**
 * One bounded `pg.Pool` per project, logged in as `authenticator` over the project's unix socket, plus the
 * project's schema cache. `closeProjectPool(ref)` (called when a project pauses or is deleted) ends it; the
 * next request opens a new one.
 */
export interface PoolTarget {
  ref: string
  port: number
  authenticatorPassword: string
}

export interface RestPoolsOptions {
  poolSize: number
  schemas: string[]
  socketDir(ref: string): string
  /** a postgres (superuser) connection, used once per project to install the DDL watch */
  superuserConnection(ref: string): Promise<pg.ClientConfig>
  /** told when a project's pool closes, so cached project data goes too */
  onClose?(ref: string): void
  log?(message: string): void
}

/** Without the DDL watch, the schema cache is reloaded at most this often (and on a miss). */
export const FALLBACK_REFRESH_MS = 2_000
const IDLE_TIMEOUT_MS = 30_000
const CONNECT_TIMEOUT_MS = 5_000
/** After a failed install of the DDL watch, the next request tries again once this much time has passed. */
const WATCH_RETRY_MS = 60_000
/** How long closing a pool waits for connections still in use. */
const CLOSE_TIMEOUT_MS = 2_000
/** Connections are replaced this often, which also bounds the prepared statements each one accumulates. */
const CONNECTION_LIFETIME_S = 600
/** A statement text seen this often is prepared (named) on the connections that run it. */
const PREPARE_AFTER_USES = 2
/** At most this many statement texts are tracked per schema version. */
const MAX_TRACKED_STATEMENTS = 256

export class ProjectDatabase {
  readonly pool: pg.Pool
  watch: 'pending' | 'installed' | 'unavailable' = 'pending'
  private watchInstall: Promise<void> | null = null
  private watchFailedAt = 0
  private schema: SchemaCache | null = null
  private version: string | null = null
  private loadedAt = 0
  private loading: { version: string | null; promise: Promise<SchemaCache> } | null = null
  /** statement texts of the current schema version and how often they ran (see statementName) */
  private statements = new Map<string, { uses: number; name: string }>()
  private statementsVersion: string | null = null
  private statementSeq = 0

  constructor(
    readonly target: PoolTarget,
    private readonly options: RestPoolsOptions,
  ) {
    this.pool = new pg.Pool({
      host: options.socketDir(target.ref),
      port: target.port,
      user: 'authenticator',
      password: target.authenticatorPassword,
      database: 'postgres',
      max: options.poolSize,
      idleTimeoutMillis: IDLE_TIMEOUT_MS,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      application_name: 'pgfleet-rest',
      maxLifetimeSeconds: CONNECTION_LIFETIME_S,
    })
    // an idle client whose server went away (project stopped) must not crash the platform
    this.pool.on('error', () => {})
  }

  /** Installs the DDL watch once; failures leave the timer-based refresh in charge. */
  ensureWatch(): Promise<void> {
    if (this.watch === 'installed') return Promise.resolve()
    if (this.watch === 'unavailable' && Date.now() - this.watchFailedAt < WATCH_RETRY_MS) return Promise.resolve()
    this.watchInstall ??= (async () => {
      try {
        const client = new pg.Client(await this.options.superuserConnection(this.target.ref))
        client.on('error', () => {})
        await client.connect()
        try {
          await installDdlWatch(client)
        } finally {
          await client.end().catch(() => {})
        }
        this.watch = 'installed'
      } catch (error) {
        this.options.log?.(`[rest] ${this.target.ref}: schema watch unavailable: ${(error as Error).message}`)
        this.watch = 'unavailable'
        this.watchFailedAt = Date.now()
      } finally {
        this.watchInstall = null
      }
    })()
    return this.watchInstall
  }

  /** The watch was dropped by the user: fall back, and try installing it again later. */
  watchLost(): void {
    this.watch = 'pending'
  }

  /**
   * The schema cache matching `version` (read by the request's prelude), loaded on `client` when stale.
   * Concurrent requests share one load.
   */
  async schemaFor(client: Queryable, version: string | null): Promise<SchemaCache> {
    const fresh =
      version !== null
        ? this.version === version
        : Date.now() - this.loadedAt < FALLBACK_REFRESH_MS && this.version === null
    if (this.schema && fresh) return this.schema
    if (this.loading && this.loading.version === version) return this.loading.promise
    const promise = loadSchemaCache(client, this.options.schemas).then(
      (schema) => {
        this.schema = schema
        this.version = version
        this.loadedAt = Date.now()
        if (this.loading?.promise === promise) this.loading = null
        return schema
      },
      (error) => {
        if (this.loading?.promise === promise) this.loading = null
        throw error
      },
    )
    this.loading = { version, promise }
    return promise
  }

  /** The cache and the version it was built from, when the DDL watch vouches for it. */
  currentSchema(): { schema: SchemaCache; version: string } | null {
    if (this.watch !== 'installed' || !this.schema || this.version === null) return null
    return { schema: this.schema, version: this.version }
  }

  /**
   * A name under which to prepare `text`, once it has run often enough to be worth a plan in every connection.
   * Names are never re-used for another text or another schema version, so a prepared plan always matches.
   */
  statementName(text: string, version: string): string | undefined {
    if (this.statementsVersion !== version) {
      this.statements = new Map()
      this.statementsVersion = version
    }
    let entry = this.statements.get(text)
    if (!entry) {
      if (this.statements.size >= MAX_TRACKED_STATEMENTS) return undefined
      entry = { uses: 0, name: `pgrst_s${this.statementSeq++}` }
      this.statements.set(text, entry)
    }
    entry.uses++
    return entry.uses >= PREPARE_AFTER_USES ? entry.name : undefined
  }

  /** Whether a miss (unknown table or function) may be a stale cache worth one reload. */
  get mayBeStale(): boolean {
    return this.watch !== 'installed'
  }

  invalidate(): void {
    this.loadedAt = 0
    this.version = null
  }

  /** Ends the pool; a request stuck on a connection must not hold up a pause or the platform's shutdown. */
  async close(): Promise<void> {
    let timer: NodeJS.Timeout | undefined
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_TIMEOUT_MS)
      timer.unref()
    })
    await Promise.race([this.pool.end().catch(() => {}), deadline])
    clearTimeout(timer)
  }
}

export class RestPools {
  private readonly projects = new Map<string, ProjectDatabase>()

  constructor(private readonly options: RestPoolsOptions) {
    registry.add(this)
  }

  /** The project's database, reopened when its port or authenticator password changed. */
  database(target: PoolTarget): ProjectDatabase {
    const existing = this.projects.get(target.ref)
    if (
      existing &&
      existing.target.port === target.port &&
      existing.target.authenticatorPassword === target.authenticatorPassword
    ) {
      return existing
    }
    if (existing) void existing.close()
    const created = new ProjectDatabase(target, this.options)
    this.projects.set(target.ref, created)
    return created
  }

  async close(ref: string): Promise<void> {
    const existing = this.projects.get(ref)
    this.projects.delete(ref)
    this.options.onClose?.(ref)
    await existing?.close()
  }

  async closeAll(): Promise<void> {
    registry.delete(this)
    const all = [...this.projects.keys()]
    await Promise.all(all.map((ref) => this.close(ref)))
  }
}

const registry = new Set<RestPools>()

/** Ends the data API's connections to a project (pause, delete); safe to call for any ref. */
export async function closeProjectPool(ref: string): Promise<void> {
  await Promise.all([...registry].map((pools) => pools.close(ref)))
}
