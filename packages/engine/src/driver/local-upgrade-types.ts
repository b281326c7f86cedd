import type { ClusterSpec } from '../cluster/types'
import type { PostgresEngine } from '../engines/types'
import type { DumpTools } from '../upgrade/client-tools'
import type { ProjectRuntimeConfig } from './project-runtime-config'
import type { UpgradeProgress } from './upgrade-driver'

/** What the local driver's upgrade needs of the LocalDriver. */
export interface UpgradeHost {
  paths(ref: string): { projectDir: string; dataDir: string }
  engineFor(major: number): PostgresEngine
  projectSpec(ref: string, config: ProjectRuntimeConfig): ClusterSpec
  configuredSpec(ref: string, config: ProjectRuntimeConfig): Promise<ClusterSpec>
  secureRoles(spec: ClusterSpec): Promise<void>
  /** Moves a ready spare data directory of `major` to `target`, given to the project's owner; false when none */
  takeSpare?(major: number, target: string): Promise<boolean>
  startTimeoutMs?: number
}

/** What a phase that moves the data hears and answers. */
export interface DataPhaseInput {
  host: UpgradeHost
  ref: string
  source: ProjectRuntimeConfig
  tools: DumpTools
  newSpec: ClusterSpec
  oldLocation: ClusterSpec
  databases: string[]
  progress: UpgradeProgress
  /** clients are cut off from here on (called just before the old cluster stops for it) */
  cutOff(): void
  /** notes how long the step just finished took (since the cut-off or the previous step), for the timings */
  step(name: string): void
}

export interface DataPhaseResult {
  dumpMs: number
  restoreMs: number
  syncMs: number
  extensionsUpdated: string[]
}
