import type { ProjectDriver } from '@pgfleet/engine'
import type { Db } from '../../db/kysely'
import type { JobQueue } from '../../jobs/queue'
import type { Logger } from '../../logging/logger'
import { runtimeConfig } from './runtime'

/**
 * Probes every project that should be running. A postmaster that died on its own is started again;
 * the last probe result feeds the project's postgrestStatus.
 */
export class HealthMonitor {
  private readonly serving = new Set<string>()
  private timer: NodeJS.Timeout | undefined
  /** the sweep in progress, awaited by stop() so none touches a driver or database being shut down */
  private current: Promise<void> | null = null
  private stopped = false

  constructor(
    private readonly db: Db,
    private readonly driver: ProjectDriver,
    private readonly jobs: JobQueue,
    private readonly intervalMs: number,
    private readonly log: Logger,
  ) {}

  isServing(ref: string): boolean {
    return this.serving.has(ref)
  }

  markServing(ref: string): void {
    this.serving.add(ref)
  }

  markStopped(ref: string): void {
    this.serving.delete(ref)
  }

  start(): void {
    this.timer = setInterval(() => void this.sweep(), this.intervalMs)
    this.timer.unref()
  }

  /** Stops sweeping and waits for a sweep in progress to finish its current project. */
  async stop(): Promise<void> {
    this.stopped = true
    clearInterval(this.timer)
    await this.current
  }

  /** Under the project's lock, so a pause or delete that just stopped the server is never undone. */
  private async restartIfStillDown(ref: string): Promise<void> {
    await this.jobs.exclusive(ref, async () => {
      const project = await this.db
        .selectFrom('projects')
        .select(['ref', 'status', 'port', 'postgres_major', 'compute_size', 'pitr_retention_days'])
        .where('ref', '=', ref)
        .executeTakeFirst()
      if (project?.status !== 'ACTIVE_HEALTHY' || (await this.driver.projectHealth(ref)) !== 'down') return
      this.log.info('project is down; starting it again', { ref })
      try {
        await this.driver.startProject(ref, runtimeConfig(project))
        this.serving.add(ref)
      } catch (error) {
        this.log.error('could not restart the project', { ref, error })
      }
    })
  }

  /** One pass over the projects marked ACTIVE_HEALTHY. */
  sweep(): Promise<void> {
    if (this.stopped) return Promise.resolve()
    if (!this.current) {
      this.current = this.sweepOnce().finally(() => {
        this.current = null
      })
    }
    return this.current
  }

  private async sweepOnce(): Promise<void> {
    try {
      const projects = await this.db
        .selectFrom('projects')
        .select(['ref', 'port', 'postgres_major', 'compute_size', 'pitr_retention_days'])
        .where('status', '=', 'ACTIVE_HEALTHY')
        .execute()
      for (const project of projects) {
        if (this.stopped) return
        const health = await this.driver.projectHealth(project.ref)
        if (health === 'ready') {
          this.serving.add(project.ref)
          continue
        }
        this.serving.delete(project.ref)
        if (health === 'down') await this.restartIfStillDown(project.ref)
      }
    } catch (error) {
      if (!this.stopped) this.log.error('sweep failed', { error })
    }
  }
}
