import type { ProjectDriver } from '@pgfleet/engine'
import pg from 'pg'
import { ONE_OFF_CONNECTIONS } from './budget'

/** How a one-off connection logs in and what it shows in `pg_stat_activity`. */
export interface OneOffOptions {
  /** `application_name`, so an operator sees what the connection is for */
  applicationName: string
  /** the role to log in as; the tenant's owner role when absent (never a superuser: see `asSuperuser`) */
  user?: string
  /** default 5 s */
  connectTimeoutMs?: number
}

/** The connection could not be opened (server down, refused): the work did not start. */
export class OneOffConnectError extends Error {
  constructor(cause: unknown) {
    super((cause as Error)?.message ?? String(cause), { cause })
    this.name = 'OneOffConnectError'
  }
}

const DEFAULT_CONNECT_TIMEOUT_MS = 5_000

/**
 * Short-lived connections of the platform's own to a project (installing a watch, cancelling a query, applying a
 * branch's migrations), at most ONE_OFF_CONNECTIONS at once per project, the share the connection budget keeps for
 * them; more wait their turn. Each opens, runs its work, and ends, whatever the work did.
 *
 * Identity is explicit: `run` logs in as the tenant's owner role or the role named (a service's own login); the
 * platform's superuser only through `asSuperuser`, which takes the reason it is needed, for work that must not run
 * tenant code (the caller's review: no tenant relation read, no tenant function called).
 */
export class OneOffConnections {
  private readonly running = new Map<string, { count: number; waiting: (() => void)[] }>()

  constructor(private readonly driver: ProjectDriver) {}

  /** Runs `work` on a connection of its own, as the tenant's owner role unless `options.user` names another. */
  run<T>(ref: string, options: OneOffOptions, work: (client: pg.Client) => Promise<T>): Promise<T> {
    return this.withSlot(ref, async () => {
      const user = options.user ?? this.driver.tenantOwnerRole
      return this.open(await this.driver.projectConnection(ref, { user }), options, work)
    })
  }

  /**
   * Runs `work` as the platform's superuser. `reason` says why no lesser role will do (kept with the call for
   * review); the work must read no tenant relation and call no tenant function.
   */
  asSuperuser<T>(
    ref: string,
    reason: string,
    options: Omit<OneOffOptions, 'user'>,
    work: (client: pg.Client) => Promise<T>,
  ): Promise<T> {
    if (!reason.trim()) throw new Error('a superuser connection needs its reason')
    return this.withSlot(ref, async () => this.open(await this.driver.projectConnection(ref), options, work))
  }

  private async open<T>(
    connection: pg.ClientConfig,
    options: OneOffOptions,
    work: (client: pg.Client) => Promise<T>,
  ): Promise<T> {
    const client = new pg.Client({
      ...connection,
      application_name: options.applicationName,
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    })
    // a failure of this one-off client rejects its connect or query, which the caller gets
    client.on('error', () => {})
    try {
      await client.connect()
    } catch (error) {
      throw new OneOffConnectError(error)
    }
    try {
      return await work(client)
    } finally {
      // the work is done (or its error is what matters); a failed goodbye on a broken connection changes nothing
      await client.end().catch(() => {})
    }
  }

  /** At most ONE_OFF_CONNECTIONS of a project's one-off connections at once; the rest queue in order. */
  private async withSlot<T>(ref: string, work: () => Promise<T>): Promise<T> {
    let slots = this.running.get(ref)
    if (!slots) {
      slots = { count: 0, waiting: [] }
      this.running.set(ref, slots)
    }
    const held = slots
    if (held.count >= ONE_OFF_CONNECTIONS) await new Promise<void>((resolve) => held.waiting.push(resolve))
    else held.count++
    try {
      return await work()
    } finally {
      // the slot passes straight to the next in line, or is given back
      const next = held.waiting.shift()
      if (next) next()
      else if (--held.count === 0) this.running.delete(ref)
    }
  }
}
