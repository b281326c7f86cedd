import type { Readable } from 'node:stream'
import type { ClientConfig } from 'pg'
import type { CloneResult } from '../backup/clone'
import type { BackupKind, ProgressCallback } from '../backup/types'
import type { WalArchiveState } from '../backup/wal-archive'
import type { SettingValue, StopMode } from '../cluster/types'
import type { ComputeSize } from '../compute'
import type { UpgradeProgressKey } from '../upgrade/progress'
import type { BackupInfo } from './backup-store'
import type { RestoreCheckResult } from './local-backups'
import type { UpgradeOptions, UpgradeResult } from './local-upgrade'

export type ProjectHealth = 'ready' | 'starting' | 'down'

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

export interface LifecycleOptions {
  onProgress?: ProgressCallback
}

export interface BackupProjectOptions extends LifecycleOptions {
  /** Default: online when the server runs, cold when it is stopped. */
  kind?: BackupKind
}

/** The archive the pause wrote (or found), with how the pause went. */
export interface PauseProjectResult extends BackupInfo {
  /** True when the data had not changed since an earlier pause, whose archive is returned (nothing written). */
  reused: boolean
  timings: { stopMs: number; archiveMs: number; totalMs: number }
}

export interface RestoreProjectOptions extends LifecycleOptions {
  /** Keep the replaced data directory as `pgdata.before-restore-<ts>` (until the next restore). Default false. */
  keepPrevious?: boolean
}

export interface RestoreProjectResult {
  /** Extracting the archive beside the running server, and flushing it to disk. */
  extractMs: number
  syncMs: number
  readyMs: number
  /** How long the server was down: stop, swap and start (the extraction happens while it still runs). */
  downtimeMs: number
  totalMs: number
  /** Where the replaced data directory was kept, when asked to. */
  previousDataDir: string | null
}

/** Bytes a project occupies on disk, by what holds them. */
export interface ProjectDiskReading {
  /** everything below, plus tables, indexes and the rest of the data directory */
  totalBytes: number
  /** tables, indexes and the rest of every database (base/, temporary files left out) */
  databaseBytes: number
  /** pg_wal, including segments that replication slots hold back */
  walBytes: number
  /** temporary files of running queries */
  tempBytes: number
  /** archived WAL kept for point-in-time recovery (0 without it) */
  walArchiveBytes: number
  /**
   * True when totalBytes is the last walk of the directories plus what the project has written since: an upper
   * bound (the other figures are the last walk's). False when every directory was walked now.
   */
  estimated: boolean
}

/** One reading of a project's resources; process counters are cumulative (compare two readings for rates). */
export interface ProjectResourceReading {
  /** ms since the epoch */
  readAt: number
  disk: ProjectDiskReading
  /** null when the server is not running */
  processes: {
    /** the postmaster and its live backends */
    processCount: number
    cpuSeconds: number
    memoryBytes: number
    swapBytes: number
    ioReadBytes: number
    ioWriteBytes: number
  } | null
}

/** Where the tenant's own clients reach a project's database: the host and port of its connection strings. */
export interface TenantEndpoint {
  host: string
  /** null when nothing listens for the project (it has no TCP port: paused) */
  port: number | null
}

export interface ProjectConnectionOptions {
  database?: string
  user?: string
}

/** Operations a driver may be unable to offer at all; the platform then shows the reason instead of a control. */
export type OptionalDriverOperation = 'backup_download'

/**
 * Runs projects' Postgres servers. Implementations keep no state of their own that a crash could lose: what is
 * running is read back from where the servers run. Every method is safe to retry.
 */
export interface ProjectDriver {
  readonly kind: string
  /** The tenant's database owner, the role in the tenant's connection strings (`postgres` unless the driver says). */
  readonly tenantOwnerRole: string
  /** What this driver can never do, each with the reason users are shown (empty: everything is offered). */
  readonly unavailableOperations: Partial<Record<OptionalDriverOperation, string>>
  /** Initialises (unless done already), starts and bootstraps the project's roles. */
  createProject(input: CreateProjectInput): Promise<CreateProjectResult>
  /** Starts preparing what makes creating a project of these majors fast (in the background); optional. */
  prepareSpareDataDirs?(majors: number[]): void
  /**
   * Copies a running project's data to a project that has none yet (a branch with data); createProject then
   * adopts it. Null when the target already has its data (a retry).
   */
  cloneProjectData(sourceRef: string, targetRef: string): Promise<CloneResult | null>
  /** Applies the config and starts the server; a running server is adopted (restarted if its port changed). */
  startProject(ref: string, config: ProjectRuntimeConfig): Promise<StartProjectResult>
  /** No-op when the server is not running. */
  stopProject(ref: string, mode?: StopMode): Promise<void>
  /** Applies the config with a checkpoint, a fast stop and a start. */
  restartProject(ref: string, config: ProjectRuntimeConfig): Promise<RestartProjectResult>
  /** Checkpoint, fast stop and a cold backup; the data stays. Resume with startProject. Safe to repeat. */
  pauseProject(ref: string, options?: LifecycleOptions): Promise<PauseProjectResult>
  /** A downloadable archive of the project's data. */
  backupProject(ref: string, options?: BackupProjectOptions): Promise<BackupInfo>
  /** Newest first. */
  listBackups(ref: string): Promise<BackupInfo[]>
  /**
   * A backup's archive (an id from listBackups), to stream to a user; null when the project has no such backup.
   * Only the project's own backups can be opened, whatever the caller was told the id is.
   */
  openBackup(ref: string, id: string): Promise<{ stream: Readable; bytes: number } | null>
  /** Deletes the given backups (all when `ids` is omitted); returns the ids deleted. */
  deleteBackups(ref: string, ids?: string[]): Promise<string[]>
  /**
   * Replaces the project's data with a backup (an id from listBackups or a path) and starts it with `runtime`;
   * when that fails, the previous data is put back (and started again if it was running).
   */
  restoreProjectFromBackup(
    ref: string,
    backup: string,
    runtime: ProjectRuntimeConfig,
    options?: RestoreProjectOptions,
  ): Promise<RestoreProjectResult>
  /**
   * Replaces the project's data with a backup replayed up to `target` with the archived WAL (the project must
   * have run with walArchiving since that backup). The live data stays untouched until the recovered copy is
   * consistent; a failure leaves the project as it was.
   */
  restoreProjectToTime(
    ref: string,
    backup: string,
    target: Date,
    runtime: ProjectRuntimeConfig,
    options?: RestoreProjectOptions,
  ): Promise<RestoreProjectResult>
  /** Restores the backup into a throwaway cluster, starts it and reads every table; throws when any of it fails. */
  checkBackupRestore(ref: string, backup: string, runtime: ProjectRuntimeConfig): Promise<RestoreCheckResult>
  /** What the project's WAL archive holds. */
  walArchiveState(ref: string): Promise<WalArchiveState>
  /** Deletes archived WAL that no recovery from `oldestBackup` (or a newer backup) needs. */
  pruneWalArchive(ref: string, oldestBackup: string): Promise<number>
  /**
   * Moves the project's data to a newer major (`target.major`) and starts it there; `progress` hears each step.
   * By logical replication where it can carry every database (clients write until a short switchover), by dump
   * and restore otherwise. A failure leaves the project running on `source` with its data as it was.
   */
  upgradeProject(
    ref: string,
    source: ProjectRuntimeConfig,
    target: ProjectRuntimeConfig,
    progress: (key: UpgradeProgressKey) => void | Promise<void>,
    options?: UpgradeOptions,
  ): Promise<UpgradeResult>
  /** Why the running project cannot be upgraded to `targetMajor` (empty when it can). */
  upgradeBlockers(ref: string, sourceMajor: number, targetMajor: number): Promise<string[]>
  /** Bytes under the project's data directory (data and WAL; backups are not included). */
  projectDiskUsage(ref: string): Promise<number>
  /**
   * Disk, CPU, memory and IO of each project (servers that are not running get a disk reading only). The disk
   * may be an estimate from above between measurements, unless `exactDisk` asks for a measurement now.
   */
  projectResourceReadings(
    refs: string[],
    options?: { exactDisk?: boolean },
  ): Promise<Record<string, ProjectResourceReading>>
  /**
   * Makes every new transaction of the running project read-only by default (or stops doing so), applied with a
   * reload: no restart, no session ended. A session can still lift it for itself to free space.
   */
  setProjectReadOnly(ref: string, enabled: boolean): Promise<void>
  /**
   * Past the project's disk ceiling (`exceeded`): refuses the tenant's logins and ends the sessions it has, leaving
   * the platform's own connections; or accepts logins again. Answers the sessions ended.
   */
  setProjectWriteCeiling(ref: string, exceeded: boolean): Promise<number>
  /** CHECKPOINT on the running project, so WAL it no longer needs is recycled; false when it could not run. */
  checkpointProject(ref: string): Promise<boolean>
  projectHealth(ref: string): Promise<ProjectHealth>
  /** Stops the server and deletes all of the project's data. */
  destroyProject(ref: string): Promise<void>
  /**
   * Where the tenant's clients connect to the project, for its connection strings. `port` is the TCP port the
   * platform gave the project (null: none, so nothing listens).
   */
  tenantEndpoint(ref: string, port: number | null): Promise<TenantEndpoint>
  /** How the platform itself connects to the project's database (as the superuser unless told otherwise). */
  projectConnection(ref: string, options?: ProjectConnectionOptions): Promise<ClientConfig>
  /** Whether each project runs as an operating-system user of its own. */
  isolatesProjects(): boolean
  /** Fast-stops every running project server, in parallel. */
  stopAll(): Promise<void>
}
