import type { ProjectDriver } from '@pgfleet/engine'
import pg from 'pg'
import type { Logger } from '../logging/logger'
import { type ConnectionBudget, type ConnectionConsumer, connectionBudget } from './budget'
import { OneOffConnections } from './one-off'

/**
 * The one owner of the platform's connections to every project. Each consumer (data API, SQL editor, storage,
 * metadata) asks for its pool by name; sizes come from the project's budget (see budget.ts), so together they
 * stay below `max_connections` minus the tenant's reserve. Pausing, deleting, resizing and shutting down close
 * a project's pools here, in one place; consumers with per-project state of their own (running queries,
 * schema caches) hear about it through `onClose`.
 */
export interface PoolSpec {
  /** the role the pool logs in as; host, port and database come from the driver */
  user: string
  password?: string
  /** settings that make the pool different from the driver's connection (timeouts, options, application name) */
  settings?: Omit<pg.PoolConfig, 'host' | 'port' | 'database' | 'user' | 'password' | 'max'>
  /**
   * What identifies the target beyond the driver's answer (e.g. the port and password the control plane
   * knows): a different key replaces the pool, as a changed statement timeout does.
   */
  key?: string
}

export interface ConsumerFigures {
  consumer: ConnectionConsumer
  max: number
  inUse: number
  idle: number
  waiting: number
}

export interface ProjectConnectionFigures {
  budget: ConnectionBudget
  consumers: ConsumerFigures[]
}

interface PoolEntry {
  signature: string
  pool: Promise<pg.Pool>
}

interface ProjectEntry {
  budget: Promise<ConnectionBudget>
  pools: Map<ConnectionConsumer, PoolEntry>
}

export interface ProjectConnectionsOptions {
  /** the project's max_connections (from its compute size) */
  maxConnections(ref: string): Promise<number>
  caps?: Partial<Record<ConnectionConsumer, number>>
  log?: Logger
}

/** How long closing waits for connections still in use before leaving them to end on their own. */
const CLOSE_GRACE_MS = 2_000

export class ProjectConnections {
  private readonly projects = new Map<string, ProjectEntry>()
  private readonly closeListeners: ((ref: string) => void | Promise<void>)[] = []
  private closed = false
  /** the platform's short-lived connections, within the budget's one-off share (the only `new pg.Client` in it) */
  readonly oneOff: OneOffConnections

  constructor(
    private readonly driver: ProjectDriver,
    private readonly options: ProjectConnectionsOptions,
  ) {
    this.oneOff = new OneOffConnections(driver)
  }

  /** The consumer's pool for the project, created on first use and replaced when its spec changed. */
  pool(ref: string, consumer: ConnectionConsumer, spec: PoolSpec): Promise<pg.Pool> {
    if (this.closed) return Promise.reject(new Error('The platform is shutting down'))
    const project = this.project(ref)
    const signature = `${spec.user}\u0000${spec.password ?? ''}\u0000${spec.key ?? ''}`
    const existing = project.pools.get(consumer)
    if (existing?.signature === signature) return existing.pool
    if (existing) void endPool(existing.pool)
    const pool = this.createPool(ref, consumer, spec, project.budget)
    const entry = { signature, pool }
    project.pools.set(consumer, entry)
    // a failed creation (no database yet) is retried by the next request
    pool.catch(() => {
      if (project.pools.get(consumer) === entry) project.pools.delete(consumer)
    })
    return pool
  }

  /** Drops one consumer's pool (its connections went stale); the next request opens a new one. */
  async closePool(ref: string, consumer: ConnectionConsumer): Promise<void> {
    const project = this.projects.get(ref)
    const entry = project?.pools.get(consumer)
    if (!project || !entry) return
    project.pools.delete(consumer)
    await endPool(entry.pool)
  }

  /** Tells `listener` when a project's connections close, before the pools end (to cancel what runs). */
  onClose(listener: (ref: string) => void | Promise<void>): void {
    this.closeListeners.push(listener)
  }

  /** Closes every connection to the project (pause, delete, resize, shutdown); the next request reopens. */
  async closeProject(ref: string): Promise<void> {
    const project = this.projects.get(ref)
    this.projects.delete(ref)
    for (const listener of this.closeListeners) {
      try {
        await listener(ref)
      } catch (error) {
        this.options.log?.warn('a close listener failed', { ref, error })
      }
    }
    if (project) await Promise.all([...project.pools.values()].map((entry) => endPool(entry.pool)))
  }

  async closeAll(): Promise<void> {
    this.closed = true
    await Promise.all([...this.projects.keys()].map((ref) => this.closeProject(ref)))
  }

  /** The project's budget and what each pool holds now (pools not opened yet show zeros). */
  async figures(ref: string): Promise<ProjectConnectionFigures> {
    const project = this.project(ref)
    const budget = await project.budget
    const consumers = await Promise.all(
      (Object.keys(budget.poolSizes) as ConnectionConsumer[]).map(async (consumer) => {
        const pool = await project.pools.get(consumer)?.pool.catch(() => undefined)
        const total = pool?.totalCount ?? 0
        const idle = pool?.idleCount ?? 0
        return {
          consumer,
          max: budget.poolSizes[consumer],
          inUse: total - idle,
          idle,
          waiting: pool?.waitingCount ?? 0,
        }
      }),
    )
    return { budget, consumers }
  }

  private project(ref: string): ProjectEntry {
    let project = this.projects.get(ref)
    if (!project) {
      const budget = this.options.maxConnections(ref).then((max) => connectionBudget(max, this.options.caps))
      project = { budget, pools: new Map() }
      // a budget that could not be read is read again next time
      budget.catch(() => {
        if (this.projects.get(ref) === project) this.projects.delete(ref)
      })
      this.projects.set(ref, project)
    }
    return project
  }

  private async createPool(
    ref: string,
    consumer: ConnectionConsumer,
    spec: PoolSpec,
    budget: Promise<ConnectionBudget>,
  ): Promise<pg.Pool> {
    const [connection, { poolSizes }] = await Promise.all([
      this.driver.projectConnection(ref, { user: spec.user }),
      budget,
    ])
    const pool = new pg.Pool({
      ...connection,
      ...spec.settings,
      ...(spec.password === undefined ? {} : { password: spec.password }),
      max: poolSizes[consumer],
    })
    // an idle connection whose server went away (a restart) must not crash the platform
    pool.on('error', () => {})
    // nor one checked out between two queries (the pool listens only to idle ones): the next query on it fails,
    // and its holder releases it as broken
    pool.on('connect', (client) => {
      client.on('error', () => {})
    })
    return pool
  }
}

async function endPool(pool: Promise<pg.Pool>): Promise<void> {
  // a pool that never opened, or whose server is gone, has nothing left to end
  const ending = pool.then((ready) => ready.end()).catch(() => {})
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, CLOSE_GRACE_MS)
    timer.unref()
  })
  await Promise.race([ending, deadline])
  clearTimeout(timer)
}
