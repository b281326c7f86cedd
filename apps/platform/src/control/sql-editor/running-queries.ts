import { READ_ONLY_ROLE, TENANT_OWNER_ROLE } from '@pgfleet/engine'
import type pg from 'pg'
import type { AppContext } from '../../context'
import { conflict, HttpError } from '../../errors'
import { isPostgresError } from './query-errors'

export type SqlAccess = 'write' | 'read'

const CONSUMER = { write: 'sql', read: 'sql-read' } as const
const IDLE_TIMEOUT_MS = 30_000
/** an export keeps its transaction open between batches while the HTTP client reads */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 10 * 60_000

interface RunningQuery {
  pid: number | null
  cancelRequested: boolean
  cancelling: Promise<void> | undefined
}

export interface SqlLease {
  client: pg.PoolClient
  /** resets the session (the SQL may have changed settings or left a transaction open) and returns it to the pool */
  release(failed: boolean): Promise<void>
}

export interface LeaseOptions {
  userId: number
  queryId?: string
  signal?: AbortSignal
}

const processId = (client: pg.PoolClient): number | null =>
  (client as unknown as { processID?: number }).processID ?? null

/**
 * Type names and running queries of one project's database. Its connections are the SQL editor's share of the
 * project's budget (ProjectConnections): Developers run SQL as the tenant's owner, others as the read-only role.
 */
export class ProjectSql {
  /** type names beyond the built-in ones, looked up once */
  readonly typeNames = new Map<number, string>()
  private readonly running = new Map<string, RunningQuery>()
  private readonly active = new Set<RunningQuery>()
  private closed = false

  constructor(
    readonly ref: string,
    private readonly ctx: AppContext,
    readonly statementTimeoutMs: number,
  ) {}

  private pool(access: SqlAccess): Promise<pg.Pool> {
    // members never run SQL as the platform's superuser: Developers as the tenant's owner, others read-only
    return this.ctx.connections.pool(this.ref, CONSUMER[access], {
      user: access === 'read' ? READ_ONLY_ROLE : TENANT_OWNER_ROLE,
      key: String(this.statementTimeoutMs),
      settings: {
        idleTimeoutMillis: IDLE_TIMEOUT_MS,
        connectionTimeoutMillis: 10_000,
        statement_timeout: this.statementTimeoutMs,
        idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
        application_name: 'pgfleet sql editor',
      },
    })
  }

  /**
   * A connection for one query. With a `queryId`, cancelQuery(userId, queryId) cancels it while it runs;
   * an aborted `signal` (the HTTP client went away) does the same.
   */
  async lease(access: SqlAccess, options: LeaseOptions): Promise<SqlLease> {
    if (this.closed) throw new HttpError(503, 'The project database is shutting down')
    const key = options.queryId === undefined ? undefined : `${options.userId}:${options.queryId}`
    if (key !== undefined && this.running.has(key)) throw conflict('A query with this id is already running')
    const entry: RunningQuery = { pid: null, cancelRequested: false, cancelling: undefined }
    if (key !== undefined) this.running.set(key, entry)
    this.active.add(entry)
    const onAbort = () => void this.cancelEntry(entry)
    options.signal?.addEventListener('abort', onAbort)
    const forget = () => {
      options.signal?.removeEventListener('abort', onAbort)
      if (key !== undefined) this.running.delete(key)
      this.active.delete(entry)
    }

    let client: pg.PoolClient
    try {
      client = await (await this.pool(access)).connect()
    } catch (error) {
      forget()
      throw isPostgresError(error) ? error : connectionError(error)
    }
    entry.pid = processId(client)
    if (entry.cancelRequested || options.signal?.aborted) {
      forget()
      client.release()
      throw cancelledBeforeStart()
    }
    return {
      client,
      release: async (failed) => {
        forget()
        // a cancel in flight must land before the connection serves another query
        await entry.cancelling
        resetAndRelease(client, failed)
      },
    }
  }

  /** Cancels the caller's query with this id; false when none is running. */
  async cancel(userId: number, queryId: string): Promise<boolean> {
    const entry = this.running.get(`${userId}:${queryId}`)
    if (!entry) return false
    await this.cancelEntry(entry)
    return true
  }

  private cancelEntry(entry: RunningQuery): Promise<void> {
    entry.cancelRequested = true
    if (entry.pid === null) return Promise.resolve()
    const pid = entry.pid
    entry.cancelling ??= this.cancelBackend(pid)
    return entry.cancelling
  }

  /** pg_cancel_backend on a connection of its own: the pools may all be busy with long queries. */
  private async cancelBackend(pid: number): Promise<void> {
    try {
      // as the tenant's owner role, which may cancel its own sessions' queries
      await this.ctx.connections.oneOff.run(this.ref, { applicationName: 'pgfleet sql editor cancel' }, (client) =>
        client.query('select pg_cancel_backend($1)', [pid]),
      )
    } catch {
      // the backend or the whole server is gone: nothing left to cancel
    }
  }

  /** Cancels what runs (the project stops, or its statement timeout changed); the pools end with the project's. */
  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await Promise.all([...this.active].map((entry) => this.cancelEntry(entry)))
  }
}

function resetAndRelease(client: pg.PoolClient, failed: boolean): void {
  const status = (client as unknown as { _txStatus?: string | null })._txStatus
  // after an error the transaction status is not known yet: roll back to be sure
  const rollback = failed || status !== 'I' ? client.query('ROLLBACK') : Promise.resolve()
  rollback
    .then(() => client.query('DISCARD ALL'))
    .then(
      () => client.release(),
      (error: Error) => client.release(error),
    )
}

function cancelledBeforeStart(): Error {
  return Object.assign(new Error('canceling statement due to user request'), { code: '57014', severity: 'ERROR' })
}

function connectionError(error: unknown): HttpError {
  const reason = error instanceof Error ? error.message : String(error)
  return new HttpError(503, `Could not connect to the project's database: ${reason}`)
}

const registries = new WeakMap<AppContext, Map<string, ProjectSql>>()

function registryOf(ctx: AppContext): Map<string, ProjectSql> {
  let projects = registries.get(ctx)
  if (!projects) {
    const created = new Map<string, ProjectSql>()
    // a project whose connections close (pause, delete, shutdown) has its running queries cancelled first
    ctx.connections.onClose((ref) => {
      const project = created.get(ref)
      created.delete(ref)
      return project?.close()
    })
    registries.set(ctx, created)
    projects = created
  }
  return projects
}

/** The project's SQL state, created on first use and re-created when its statement timeout changes. */
export async function projectSql(ctx: AppContext, ref: string, statementTimeoutMs: number): Promise<ProjectSql> {
  const projects = registryOf(ctx)
  const existing = projects.get(ref)
  if (existing?.statementTimeoutMs === statementTimeoutMs) return existing
  // the old timeout's queries are cancelled; its pools give way when the new timeout asks for them
  void existing?.close()
  const created = new ProjectSql(ref, ctx, statementTimeoutMs)
  projects.set(ref, created)
  return created
}

/** Drops the SQL editor's pools of a project whose connections went stale; the next lease opens new ones. */
export async function resetProjectSqlPools(ctx: AppContext, ref: string): Promise<void> {
  await Promise.all([ctx.connections.closePool(ref, 'sql'), ctx.connections.closePool(ref, 'sql-read')])
}
