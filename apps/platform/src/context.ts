import type { PostgresEngine, ProjectDriver } from '@pgfleet/engine'
import type { PlatformConfig } from './config'
import type { ProjectConnections } from './connections/project-connections'
import type { HealthMonitor } from './control/projects/health-monitor'
import type { LifecycleHooks } from './control/projects/lifecycle-hooks'
import type { ResourceSampler } from './control/usage/sampler'
import type { UsageCounters } from './control/usage/usage-counters'
import type { Db } from './db/kysely'
import type { JobQueue } from './jobs/queue'
import type { Logger } from './logging/logger'

/** What services and routes share: built once in main.ts (or a test) and passed down. */
export interface AppContext {
  config: PlatformConfig
  /** the platform's logger (Fastify writes through the same one); services log through a child of it */
  log: Logger
  db: Db
  engines: PostgresEngine[]
  driver: ProjectDriver
  /** every pooled connection to every project */
  connections: ProjectConnections
  jobs: JobQueue
  health: HealthMonitor
  /** what each service does when a project is created, paused, deleted...: the lifecycle jobs run these */
  lifecycleHooks: LifecycleHooks
  /** requests served for projects since the last resource sample */
  usage: UsageCounters
  /** samples projects' resources and keeps read-only mode in step with their disk use */
  resources: ResourceSampler
  /** called before a project's server stops for good (pause, delete): its connections and function workers end */
  projectStopping(ref: string): Promise<void>
}
