import type { StopMode } from '../cluster/types'
import type { BackupInfo } from './backup-driver'
import type { LifecycleOptions, ProjectRuntimeConfig } from './project-runtime-config'

export type ProjectHealth = 'ready' | 'starting' | 'down'

export interface CreateProjectInput extends ProjectRuntimeConfig {
  /** Project reference: lowercase letters, digits, '-' and '_' (it names directories and resources). */
  ref: string
  superuserPassword: string
  authenticatorPassword: string
  /** The volume's size, for drivers that provision one (Kubernetes); the local driver has no volumes to size. */
  diskSizeBytes?: number
}

export interface CreateProjectResult {
  ref: string
  major: number
  /** Exact server version, e.g. "17.10". */
  version: string
  /** False when an earlier attempt had already initialised the data and this call only finished the job. */
  initialized: boolean
  /** Where the data directory came from: a spare initialised ahead of need, initdb now, or an earlier attempt / copy. */
  dataSource: 'spare' | 'initdb' | 'existing'
  timings: { initdbMs: number | null; startMs: number; bootstrapMs: number; totalMs: number }
}

export interface StartProjectResult {
  /** True when the server was already running. */
  adopted: boolean
  readyMs: number
}

export interface RestartProjectResult extends StartProjectResult {
  /** The CHECKPOINT issued while the server still served, so the shutdown checkpoint has little left to write. */
  checkpointMs: number
  stopMs: number
  /** From the call to ready; the server was unavailable for about stopMs + readyMs of it. */
  totalMs: number
}

/** The archive the pause wrote (or found), with how the pause went. */
export interface PauseProjectResult extends BackupInfo {
  /** True when the data had not changed since an earlier pause, whose archive is returned (nothing written). */
  reused: boolean
  timings: { stopMs: number; archiveMs: number; totalMs: number }
}

/** A project's server from its creation to its removal: start, stop, restart, pause, health. */
export interface ProjectLifecycleDriver {
  /** Initialises (unless done already), starts and bootstraps the project's roles. */
  createProject(input: CreateProjectInput): Promise<CreateProjectResult>
  /** Starts preparing what makes creating a project of these majors fast (in the background); optional. */
  prepareSpareDataDirs?(majors: number[]): void
  /** Applies the config and starts the server; a running server is adopted (restarted if its port changed). */
  startProject(ref: string, config: ProjectRuntimeConfig): Promise<StartProjectResult>
  /** No-op when the server is not running. */
  stopProject(ref: string, mode?: StopMode): Promise<void>
  /** Applies the config with a checkpoint, a fast stop and a start. */
  restartProject(ref: string, config: ProjectRuntimeConfig): Promise<RestartProjectResult>
  /** Checkpoint, fast stop and a cold backup; the data stays. Resume with startProject. Safe to repeat. */
  pauseProject(ref: string, options?: LifecycleOptions): Promise<PauseProjectResult>
  projectHealth(ref: string): Promise<ProjectHealth>
  /** Stops the server and deletes all of the project's data. */
  destroyProject(ref: string): Promise<void>
  /** Fast-stops every running project server, in parallel. */
  stopAll(): Promise<void>
}
