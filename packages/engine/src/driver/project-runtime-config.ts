import type { ProgressCallback } from '../backup/types'
import type { SettingValue } from '../cluster/types'
import type { ComputeSize } from '../compute'

/** How a project's server should run; the platform's database is the source of these values. */
export interface ProjectRuntimeConfig {
  /** Postgres major the project's data is on; a mismatch with the stored data is refused (upgrades are separate). */
  major: number
  /** TCP port clients use; null = no TCP listener. */
  port: number | null
  computeSize: ComputeSize
  /** More server settings, applied after the compute size's. */
  settings?: Record<string, SettingValue>
  /** Archive every WAL segment (point-in-time recovery); turning it on or off takes a restart. */
  walArchiving?: boolean
}

/** What long operations (pause, backup, restore) accept: a listener for their steps. */
export interface LifecycleOptions {
  onProgress?: ProgressCallback
}
