import type pg from 'pg'
import type { Logger } from '../../logging/logger'
import { installDdlWatch } from './ddl-watch'
import { loadSchemaCache, type Queryable, type SchemaCache } from './schema-cache'

/**
 * The data API's side of a project: its share of the project's connections (ProjectConnections), logged in as
 * `authenticator`, plus the project's schema cache. When the project's connections close (pause, delete) the
 * cache goes with them; the next request opens new ones.
 */
export interface PoolTarget {
  ref: string
  port: number
  authenticatorPassword: string
}

export interface RestPoolsOptions {
  schemas: string[]
  /** the data API's pool for the project, logged in as `authenticator` */
  pool(target: PoolTarget): Promise<pg.Pool>
  /** runs the platform's own SQL as the superuser on a one-off connection (ProjectConnections' one-off share) */
  superuserOneOff(ref: string, reason: string, work: (client: pg.Client) => Promise<unknown>): Promise<unknown>
  log?: Logger
}

/** Without the DDL watch, the schema cache is reloaded at most this often (and on a miss). */
export const FALLBACK_REFRESH_MS = 2_000
const IDLE_TIMEOUT_MS = 30_000
const CONNECT_TIMEOUT_MS = 5_000
/** After a failed install of the DDL watch, the next request tries again once this much time has passed. */
const WATCH_RETRY_MS = 60_000
/** Connections are replaced this often, which also bounds the prepared statements each one accumulates. */
const CONNECTION_LIFETIME_S = 600
/** A statement text seen this often is prepared (named) on the connections that run it. */
const PREPARE_AFTER_USES = 2
/** At most this many statement texts are tracked per schema version. */
const MAX_TRACKED_STATEMENTS = 256

/** How the data API's pools connect (the project's budget sets their size). */
export const REST_POOL_SETTINGS = {
  idleTimeoutMillis: IDLE_TIMEOUT_MS,
  connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  application_name: 'pgfleet-rest',
  maxLifetimeSeconds: CONNECTION_LIFETIME_S,
}

export class ProjectDatabase {
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
  private pool: { promise: Promise<pg.Pool>; ready: pg.Pool } | null = null

  constructor(
    readonly target: PoolTarget,
    private readonly options: RestPoolsOptions,
  ) {}

  /** A connection from the data API's pool (the pool itself is remembered while ProjectConnections hands out the same one). */
  connect(): Promise<pg.PoolClient> {
    const pool = this.options.pool(this.target)
    if (pool === this.pool?.promise) return this.pool.ready.connect()
    return pool.then((ready) => {
      this.pool = { promise: pool, ready }
      return ready.connect()
    })
  }

  /** Installs the DDL watch once; failures leave the timer-based refresh in charge. */
  ensureWatch(): Promise<void> {
    if (this.watch === 'installed') return Promise.resolve()
    if (this.watch === 'unavailable' && Date.now() - this.watchFailedAt < WATCH_RETRY_MS) return Promise.resolve()
    this.watchInstall ??= (async () => {
      try {
        // an event trigger can only be made by a superuser; the watch's SQL is the platform's own
        await this.options.superuserOneOff(this.target.ref, 'install the schema watch (an event trigger)', (client) =>
          installDdlWatch(client),
        )
        this.watch = 'installed'
      } catch (error) {
        this.options.log?.warn('schema watch unavailable; the schema cache refreshes on a timer', {
          ref: this.target.ref,
          error,
        })
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
}

/** The data API's per-project state; `forget(ref)` drops it when the project's connections close. */
export class RestPools {
  private readonly projects = new Map<string, ProjectDatabase>()

  constructor(private readonly options: RestPoolsOptions) {}

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
    const created = new ProjectDatabase(target, this.options)
    this.projects.set(target.ref, created)
    return created
  }

  forget(ref: string): void {
    this.projects.delete(ref)
  }
}
