import type { LocalDriver, PostgresEngine } from '@pgfleet/engine'
import type { PlatformConfig } from './config'
import type { Db } from './db/kysely'
import type { JobQueue } from './jobs/queue'
import type { HealthMonitor } from './projects/health-monitor'

/** What services and routes share: built once in main.ts (or a test) and passed down. */
export interface AppContext {
  config: PlatformConfig
  db: Db
  engines: PostgresEngine[]
  driver: LocalDriver
  jobs: JobQueue
  health: HealthMonitor
  /** called before a project's server stops for good (pause, delete): e.g. the data API closes its pool */
  projectStopping(ref: string): Promise<void>
}
