import type { ClusterSpec } from '../cluster/types'
import type { PostgresEngine } from '../engines/types'
import { logIgnoredError } from '../logger'

/** cold = copy of a cleanly stopped data directory; online = low-level API backup of a running server. */
export type BackupKind = 'cold' | 'online'
export type ArchiveCompression = 'zstd' | 'gzip'

/**
 * Reports a step (e.g. 'archiving') and, where known, how far it is (0..1). Jobs record these as their status;
 * a callback that throws does not stop the operation.
 */
export type ProgressCallback = (step: string, fraction?: number) => void

export interface ArchiveOptions {
  onProgress?: ProgressCallback
  /**
   * zstd level (negative = `--fast=N`) or gzip level. Defaults to the fastest setting that still compresses
   * well, measured on pgbench data (see bench/pause-restore.bench.ts).
   */
  compressionLevel?: number
}

/** What an archive function needs of a cluster. The engine's major and version go into the manifest. */
export type ArchiveSource = Pick<ClusterSpec, 'dataDir' | 'runAs'> & {
  engine: Pick<PostgresEngine, 'major' | 'version'>
}

/** A running cluster to back up online: where to connect too. */
export type OnlineArchiveSource = ArchiveSource & Pick<ClusterSpec, 'socketDir' | 'port'>

/** `pgfleet-backup.json`: the first member of every archive, and (with the archive's size) a file beside it. */
export interface BackupManifest {
  format: 'pgfleet-backup'
  format_version: 1
  kind: BackupKind
  major: number
  /** Server version that wrote the data, e.g. "17.10". */
  version: string
  created_at: string
  compression: ArchiveCompression
  /** Bytes of data files put into the archive (uncompressed); for online backups, measured at the start. */
  size: number
  /** From pg_control: tells clusters apart (a restore keeps it). */
  system_identifier: string
  /** Cold: the shutdown checkpoint (equal LSNs = the same stopped data). Online: pg_backup_start's LSN. */
  checkpoint_lsn: string
}

/** The manifest written beside the archive, as `<archive>.json`. */
export interface BackupSidecar extends BackupManifest {
  archive_bytes: number
  /** Online backups only: the LSN from which the restored cluster is consistent. */
  stop_lsn?: string
}

export interface ArchiveResult {
  file: string
  /** Size of the archive file. */
  bytes: number
  kind: BackupKind
  createdAt: string
  manifest: BackupSidecar
  durationMs: number
}

export interface RestoreArchiveOptions {
  /** The engine that will run the restored data: an archive of another major is refused. */
  engine: Pick<PostgresEngine, 'major'>
  onProgress?: ProgressCallback
}

export interface RestoreArchiveResult {
  dataDir: string
  /** null for archives without a pgfleet manifest (e.g. a tarball made by hand). */
  manifest: BackupManifest | null
  durationMs: number
  timings: { extractMs: number; syncMs: number }
}

/** How the data files reached a copy of a running cluster: shared blocks (copy-on-write) or a byte-for-byte copy. */
export type CloneMethod = 'reflink' | 'copy'

export interface CloneResult {
  method: CloneMethod
  durationMs: number
}

/** What a project's WAL archive holds. */
export interface WalArchiveState {
  segments: number
  bytes: number
  /** when the newest segment was archived */
  newestAt: Date | null
  oldestSegment: string | null
}

export const MANIFEST_NAME = 'pgfleet-backup.json'

/** Calls the callback, ignoring its failures: progress reporting must never break a backup. */
export function reportProgress(onProgress: ProgressCallback | undefined, step: string, fraction?: number): void {
  if (!onProgress) return
  try {
    onProgress(step, fraction === undefined ? undefined : Math.max(0, Math.min(1, fraction)))
  } catch (error) {
    logIgnoredError("the caller's progress report failed; the backup goes on", error, { step })
  }
}
