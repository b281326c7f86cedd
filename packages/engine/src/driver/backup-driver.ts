import type { Readable } from 'node:stream'
import type { ArchiveCompression, BackupKind, WalArchiveState } from '../backup/types'
import type { LifecycleOptions, ProjectRuntimeConfig } from './project-runtime-config'

/** One archive in a project's backups directory. */
export interface BackupInfo {
  /** The file name: what the platform stores and passes back to restore or delete it. */
  id: string
  /** Absolute path of the archive (a local file for the local driver). */
  file: string
  /** Size of the archive. */
  bytes: number
  kind: BackupKind
  createdAt: string
  major: number | null
  version: string | null
  compression: ArchiveCompression
  /** Uncompressed size of the data inside. */
  dataBytes: number | null
  /** Cold: the shutdown checkpoint archived; online: where the backup started. */
  checkpointLsn: string | null
  systemIdentifier: string | null
}

export interface BackupProjectOptions extends LifecycleOptions {
  /** Default: online when the server runs, cold when it is stopped. */
  kind?: BackupKind
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

export interface RestoreCheckResult {
  tables: number
  rows: number
  durationMs: number
}

/** Backups of a project, restoring them in place (to a point in time with the WAL archive), and checking them. */
export interface ProjectBackupDriver {
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
}
