import PgBoss from 'pg-boss'
import type { Logger } from '../logging/logger'

export interface JobAttempt {
  /** true when a failure now will not be retried */
  isFinalAttempt: boolean
}

export type JobHandler<T> = (data: T, attempt: JobAttempt) => Promise<void>

export interface JobDefinition<T> {
  name: string
  handler: JobHandler<T>
  retryLimit?: number
  retryDelaySeconds?: number
  expireInSeconds?: number
}

/**
 * How often each queue's worker asks the control plane for due work. A job sent by this process wakes its worker at
 * once (send), so a new job never waits for a poll; polls pick up retries and deferred jobs. Every queue polls on
 * its own (a query each time, on the platform and on the control plane's server, over two dozen queues), so a short
 * interval is a steady cost on the cores the projects' own work needs.
 */
const POLLING_INTERVAL_SECONDS = 2

/**
 * The durable job queue (pg-boss in the control-plane database). Work is recorded before it runs,
 * so a crash of the platform leaves it to be retried, and every handler must be idempotent.
 */
export class JobQueue {
  private readonly boss: PgBoss
  private readonly workerIds = new Map<string, string>()
  private readonly running = new Map<string, Promise<void>>()

  constructor(options: PgBoss.ConstructorOptions, log: Logger) {
    this.boss = new PgBoss({ ...options, schema: 'pgboss', application_name: 'pgfleet-jobs' })
    this.boss.on('error', (error) => log.error('job queue error', { error }))
  }

  async start(): Promise<void> {
    await this.boss.start()
  }

  async register<T extends object>(definition: JobDefinition<T>): Promise<void> {
    await this.boss.createQueue(definition.name, {
      name: definition.name,
      retryLimit: definition.retryLimit ?? 3,
      retryDelay: definition.retryDelaySeconds ?? 2,
      expireInSeconds: definition.expireInSeconds ?? 300,
    })
    const workerId = await this.boss.work<T>(
      definition.name,
      { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, batchSize: 1, includeMetadata: true },
      async (jobs) => {
        for (const job of jobs) {
          const attempt = { isFinalAttempt: job.retryCount >= job.retryLimit }
          await this.runExclusive(job.data, (data) => definition.handler(data, attempt))
        }
      },
    )
    this.workerIds.set(definition.name, workerId)
  }

  private runExclusive<T>(data: T, handler: (data: T) => Promise<void>): Promise<void> {
    return this.exclusive((data as { ref?: string }).ref ?? '', () => handler(data))
  }

  /**
   * One piece of work at a time per subject (a project ref): jobs, retried copies of a job, and the health
   * monitor's restarts all queue up here, so none of them sees a project halfway through another's change.
   */
  async exclusive<R>(key: string, work: () => Promise<R>): Promise<R> {
    const previous = this.running.get(key) ?? Promise.resolve()
    // the previous work's failure is its own caller's (it awaits `next`); here it only means this work may start
    const next = previous.catch(() => {}).then(work)
    const settled = next.then(
      () => {},
      () => {},
    )
    this.running.set(key, settled)
    try {
      return await next
    } finally {
      if (this.running.get(key) === settled) this.running.delete(key)
    }
  }

  /**
   * One platform process owns the queue, so a job still 'active' at start was cut off by a crash:
   * fail it now (pg-boss turns that into a retry) instead of waiting for it to expire.
   */
  async recoverInterrupted(): Promise<number> {
    const { rows } = await this.boss
      .getDb()
      .executeSql("SELECT name, id::text AS id FROM pgboss.job WHERE state = 'active'", [])
    for (const row of rows as { name: string; id: string }[]) {
      await this.boss.fail(row.name, row.id, { message: 'interrupted by a platform restart' })
    }
    return rows.length
  }

  async send<T extends object>(name: string, data: T): Promise<string | null> {
    const id = await this.boss.send(name, data)
    const workerId = this.workerIds.get(name)
    if (workerId) this.boss.notifyWorker(workerId)
    return id
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 })
  }
}
