import type { ClientConfig } from 'pg'
import type { SettingValue, StopMode } from '../cluster/types'
import type { ComputeSize } from '../compute'

export type ProjectHealth = 'ready' | 'starting' | 'down'

/** How a project's server should run; the platform's database is the source of these values. */
export interface ProjectRuntimeConfig {
  /** Postgres major the project's data is on; a mismatch with the stored data is refused (upgrades are separate). */
  major: number
  /** TCP port clients use; null = no TCP listener. */
  port: number | null
  computeSize: ComputeSize
  /** More server settings (e.g. WAL archiving for backups), applied after the compute size's. */
  settings?: Record<string, SettingValue>
}

export interface CreateProjectInput extends ProjectRuntimeConfig {
  /** Project reference: lowercase letters, digits, '-' and '_' (it names directories and resources). */
  ref: string
  superuserPassword: string
  authenticatorPassword: string
}

export interface CreateProjectResult {
  ref: string
  major: number
  /** Exact server version, e.g. "17.10". */
  version: string
  /** False when an earlier attempt had already initialised the data and this call only finished the job. */
  initialized: boolean
  timings: { initdbMs: number | null; startMs: number; bootstrapMs: number; totalMs: number }
}

export interface StartProjectResult {
  /** True when the server was already running. */
  adopted: boolean
  readyMs: number
}

export interface ProjectConnectionOptions {
  database?: string
  user?: string
}

/**
 * Runs projects' Postgres servers. Implementations keep no state of their own that a crash could lose: what is
 * running is read back from where the servers run. Every method is safe to retry.
 */
export interface ProjectDriver {
  readonly kind: string
  /** Initialises (unless done already), starts and bootstraps the project's roles. */
  createProject(input: CreateProjectInput): Promise<CreateProjectResult>
  /** Applies the config and starts the server; a running server is adopted (restarted if its port changed). */
  startProject(ref: string, config: ProjectRuntimeConfig): Promise<StartProjectResult>
  /** No-op when the server is not running. */
  stopProject(ref: string, mode?: StopMode): Promise<void>
  /** Applies the config (e.g. a new compute size) with a stop and a start. */
  restartProject(ref: string, config: ProjectRuntimeConfig): Promise<StartProjectResult>
  projectHealth(ref: string): Promise<ProjectHealth>
  /** Stops the server and deletes all of the project's data. */
  destroyProject(ref: string): Promise<void>
  /** How the platform itself connects to the project's database (as the superuser unless told otherwise). */
  projectConnection(ref: string, options?: ProjectConnectionOptions): Promise<ClientConfig>
  /** Refs whose server is running. */
  runningProjects(): Promise<string[]>
  /** Fast-stops every running project server, in parallel. */
  stopAll(): Promise<void>
}
