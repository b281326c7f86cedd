import type { UpgradeProgressKey } from '../upgrade/progress'
import type { ProjectRuntimeConfig } from './project-runtime-config'

/**
 * How the data moves: `logical` copies the schema, then replicates every table while clients keep writing, and
 * cuts them off only for the switchover; `dump` cuts them off for a whole dump and restore.
 */
export type UpgradeMethod = 'logical' | 'dump'

export interface UpgradeOptions {
  /** Default: logical, unless a database holds what logical replication does not carry. */
  method?: UpgradeMethod
}

/** Hears each step of an upgrade as it is reached. */
export type UpgradeProgress = (key: UpgradeProgressKey) => void | Promise<void>

export interface UpgradeResult {
  /** how the data moved; `operator`: a Kubernetes operator's own in-place upgrade */
  method: UpgradeMethod | 'operator'
  /** where the old major's data directory was kept */
  previousDataDir: string
  /** where the new major's data directory came from (local driver): a spare one, or a new initdb */
  newClusterSource?: 'spare' | 'initdb'

  timings: {
    dumpMs: number
    restoreMs: number
    /** logical: from the subscriptions' start to every table's initial copy done (clients still writing) */
    syncMs: number
    /** how long clients could not write: from the cut-off to the new major serving on the project's port */
    downtimeMs: number
    /** where that time went, step by step */
    cutOffSteps: Record<string, number>
    totalMs: number
  }
  extensionsUpdated: string[]
}

/** Major upgrades of a project's data, and what stands in their way. */
export interface ProjectUpgradeDriver {
  /**
   * Moves the project's data to a newer major (`target.major`) and starts it there; `progress` hears each step.
   * By logical replication where it can carry every database (clients write until a short switchover), by dump
   * and restore otherwise. A failure leaves the project running on `source` with its data as it was.
   */
  upgradeProject(
    ref: string,
    source: ProjectRuntimeConfig,
    target: ProjectRuntimeConfig,
    progress: UpgradeProgress,
    options?: UpgradeOptions,
  ): Promise<UpgradeResult>
  /** Why the running project cannot be upgraded to `targetMajor` (empty when it can). */
  upgradeBlockers(ref: string, sourceMajor: number, targetMajor: number): Promise<string[]>
}
