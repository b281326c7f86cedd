import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { archiveStoppedCluster } from '../backup/cold'
import { onlineBaseBackup } from '../backup/online'
import { formatLsn, parseLsn, readControlFile, walFileName } from '../backup/pg-control'
import { flushWalToArchive, recoverToTime } from '../backup/point-in-time'
import { restoreArchive } from '../backup/restore'
import { RESTORE_CHECK_TABLES_SQL, relationKindGuardOption, restoreCheckCountSql } from '../backup/restore-check-sql'
import { preferredArchiveExtension } from '../backup/tools'
import type { WalArchiveState } from '../backup/types'
import { type ArchiveSource, reportProgress } from '../backup/types'
import { pruneWalArchive, walArchiveState } from '../backup/wal-archive'
import { checkpointCluster } from '../cluster/checkpoint'
import { withClient } from '../cluster/client'
import { clusterPid } from '../cluster/pid-file'
import { TENANT_OWNER_ROLE } from '../cluster/role-names'
import { readSettingsPort, writeClusterSettings } from '../cluster/settings'
import { startCluster } from '../cluster/start'
import { stopCluster } from '../cluster/stop'
import type { ClusterSpec } from '../cluster/types'
import type { PostgresEngine } from '../engines/types'
import { ignoredError } from '../logger'
import { containedFile } from '../system/contained-path'
import { mkdirOwned } from '../system/fs-owned'
import { removeTree } from '../system/remove-tree'
import type { RunAs } from '../system/run-as'
import {
  backupFileName,
  deleteBackupFiles,
  ensureBackupsDir,
  isBackupId,
  listBackupFiles,
  readBackup,
  removePartialArchives,
  resolveBackupFile,
} from './backup-store'
import { restoringDataDir, settleDataDir, swapInRestoredData } from './restore-swap'
import type {
  BackupInfo,
  BackupProjectOptions,
  LifecycleOptions,
  PauseProjectResult,
  ProjectRuntimeConfig,
  RestoreCheckResult,
  RestoreProjectOptions,
  RestoreProjectResult,
} from './types'

/** What the backup operations need of the LocalDriver. */
export interface BackupHost {
  paths(ref: string): {
    projectDir: string
    dataDir: string
    socketDir: string
    backupsDir: string
    walArchiveDir: string
    logFile: string
  }
  runAsOf(ref: string): RunAs | null
  engineFor(major: number): PostgresEngine
  dataMajor(ref: string): Promise<number | null>
  /** The cluster spec of the configuration on disk as it is (to let a crashed server recover before archiving). */
  storedSpec(ref: string): Promise<ClusterSpec>
  /** Checks the data directory and writes `config`'s settings, ready for a start. */
  configuredSpec(ref: string, config: ProjectRuntimeConfig): Promise<ClusterSpec>
  /** The cluster spec `config` gives the project, without touching its files. */
  projectSpec(ref: string, config: ProjectRuntimeConfig): ClusterSpec
  startTimeoutMs?: number
}

/** initdb's default: a base backup's start LSN names its first segment with it. */
const WAL_SEGMENT_BYTES = 16 * 1024 * 1024

/** Project backups as archive files in DATA/projects/{ref}/backups (root-owned, 0700; archives 0600). */
export class LocalBackups {
  constructor(private readonly host: BackupHost) {}

  /** The data directory (repaired after a crash during a restore), its major, and a ready backups directory. */
  private async prepare(ref: string): Promise<{ source: ArchiveSource & { socketDir: string }; backupsDir: string }> {
    const { dataDir, socketDir, backupsDir } = this.host.paths(ref)
    await settleDataDir(dataDir)
    const major = await this.host.dataMajor(ref)
    if (major === null) throw new Error(`Project ${ref} has no initialised data directory`)
    await ensureBackupsDir(backupsDir)
    await removePartialArchives(backupsDir)
    return {
      source: { dataDir, socketDir, runAs: this.host.runAsOf(ref), engine: this.host.engineFor(major) },
      backupsDir,
    }
  }

  private async newArchivePath(ref: string, backupsDir: string, kind: 'cold' | 'online'): Promise<string> {
    return path.join(backupsDir, backupFileName(ref, kind, new Date(), await preferredArchiveExtension()))
  }

  private async info(backupsDir: string, file: string): Promise<BackupInfo> {
    const info = await readBackup(backupsDir, path.basename(file))
    if (!info) throw new Error(`Backup ${file} vanished`)
    return info
  }

  async backup(ref: string, options: BackupProjectOptions = {}): Promise<BackupInfo> {
    const { source, backupsDir } = await this.prepare(ref)
    const running = (await clusterPid(source)) !== null
    const kind = options.kind ?? (running ? 'online' : 'cold')
    if (kind === 'online' && !running) throw new Error(`Project ${ref} is stopped: take a cold backup`)
    if (kind === 'cold' && running) throw new Error(`Project ${ref} is running: pause it, or take an online backup`)
    const file = await this.newArchivePath(ref, backupsDir, kind)
    const archiveOptions = { onProgress: options.onProgress }
    if (kind === 'online') {
      const port = await readSettingsPort(source.dataDir)
      await onlineBaseBackup({ ...source, port }, file, archiveOptions)
    } else {
      await archiveStoppedCluster(source, file, archiveOptions)
    }
    return this.info(backupsDir, file)
  }

  list(ref: string): Promise<BackupInfo[]> {
    return listBackupFiles(this.host.paths(ref).backupsDir)
  }

  /** A backup's archive, or null unless `id` names one of this project's own backups. */
  async open(ref: string, id: string): Promise<{ stream: Readable; bytes: number } | null> {
    if (!isBackupId(id)) return null
    const file = await containedFile(this.host.paths(ref).backupsDir, id)
    if (!file) return null
    const { size } = await stat(file)
    return { stream: createReadStream(file), bytes: size }
  }

  delete(ref: string, ids?: string[]): Promise<string[]> {
    return deleteBackupFiles(this.host.paths(ref).backupsDir, ids)
  }

  /**
   * Checkpoint and fast stop, then a cold archive. When the data is exactly what an earlier cold archive holds
   * (same system and shutdown checkpoint), that archive is returned and nothing is written: pausing twice, or
   * again after a crash, costs nothing. A crash mid-archive leaves only a `.partial` file, removed here.
   */
  async pause(ref: string, options: LifecycleOptions = {}): Promise<PauseProjectResult> {
    const started = performance.now()
    const { onProgress } = options
    const { source, backupsDir } = await this.prepare(ref)
    reportProgress(onProgress, 'stopping')
    if ((await clusterPid(source)) !== null) {
      const port = await readSettingsPort(source.dataDir)
      await checkpointCluster({ dataDir: source.dataDir, socketDir: source.socketDir, port })
      await stopCluster(source, 'fast')
    }
    let control = await readControlFile(source.dataDir)
    if (control.state !== 'shut down') {
      // Killed rather than stopped (a crash, or a stop that escalated): let it recover, then stop it cleanly.
      reportProgress(onProgress, 'recovering')
      const spec = await this.host.storedSpec(ref)
      await startCluster(spec, { timeoutMs: this.host.startTimeoutMs })
      await stopCluster(spec, 'fast')
      control = await readControlFile(source.dataDir)
    }
    const stopMs = Math.round(performance.now() - started)

    const checkpointLsn = formatLsn(control.checkpointLsn)
    const existing = (await listBackupFiles(backupsDir)).find(
      (backup) =>
        backup.kind === 'cold' &&
        backup.checkpointLsn === checkpointLsn &&
        backup.systemIdentifier === control.systemIdentifier,
    )
    if (existing) {
      reportProgress(onProgress, 'archived', 1)
      return {
        ...existing,
        reused: true,
        timings: { stopMs, archiveMs: 0, totalMs: Math.round(performance.now() - started) },
      }
    }
    const archiveStarted = performance.now()
    const file = await this.newArchivePath(ref, backupsDir, 'cold')
    await archiveStoppedCluster(source, file, { onProgress })
    const archiveMs = Math.round(performance.now() - archiveStarted)
    return {
      ...(await this.info(backupsDir, file)),
      reused: false,
      timings: { stopMs, archiveMs, totalMs: Math.round(performance.now() - started) },
    }
  }

  /**
   * Extracts the backup beside the data directory while the server still runs, then stops it, swaps the
   * directories and starts on the restored data (see swapInRestoredData for the rollback).
   */
  async restore(
    ref: string,
    backup: string,
    runtime: ProjectRuntimeConfig,
    options: RestoreProjectOptions = {},
  ): Promise<RestoreProjectResult> {
    return this.restoreWith(ref, backup, runtime, options, async () => {})
  }

  /**
   * Point-in-time recovery: the backup is extracted beside the live data and replayed with the archived WAL up
   * to `target` on a socket of its own, while the live server still runs; only a recovered copy is swapped in.
   */
  async restoreToTime(
    ref: string,
    backup: string,
    target: Date,
    runtime: ProjectRuntimeConfig,
    options: RestoreProjectOptions = {},
  ): Promise<RestoreProjectResult> {
    const { dataDir, socketDir, walArchiveDir, projectDir } = this.host.paths(ref)
    if ((await clusterPid({ dataDir })) !== null) {
      // everything committed until now must be in the archive before the replay reads it
      reportProgress(options.onProgress, 'archiving the latest WAL')
      await flushWalToArchive({ dataDir, socketDir, port: await readSettingsPort(dataDir) })
    }
    return this.restoreWith(ref, backup, runtime, options, async (restoring) => {
      reportProgress(options.onProgress, 'replaying WAL to the target time')
      const recoverySocketDir = path.join(projectDir, 'run-recovery')
      await mkdirOwned(recoverySocketDir, this.host.runAsOf(ref), 0o700)
      const spec: ClusterSpec = {
        ...this.host.projectSpec(ref, { ...runtime, port: null }),
        dataDir: restoring,
        socketDir: recoverySocketDir,
      }
      await recoverToTime(spec, walArchiveDir, target)
    })
  }

  /**
   * Extracts the backup beside the data directory while the server still runs, prepares it (`prepare`), then
   * stops the server, swaps the directories and starts on the restored data (see swapInRestoredData for the
   * rollback).
   */
  private async restoreWith(
    ref: string,
    backup: string,
    runtime: ProjectRuntimeConfig,
    options: RestoreProjectOptions,
    prepare: (restoring: string) => Promise<void>,
  ): Promise<RestoreProjectResult> {
    const started = performance.now()
    const { dataDir, backupsDir } = this.host.paths(ref)
    await settleDataDir(dataDir)
    const file = resolveBackupFile(backupsDir, backup)
    const restoring = restoringDataDir(dataDir)
    await removeTree(restoring)
    const { timings } = await restoreArchive(file, restoring, this.host.runAsOf(ref), {
      engine: this.host.engineFor(runtime.major),
      onProgress: options.onProgress,
    })
    try {
      await prepare(restoring)
      reportProgress(options.onProgress, 'swapping data directories')
      const wasRunning = (await clusterPid({ dataDir })) !== null
      const swapped = await swapInRestoredData({
        dataDir,
        restored: restoring,
        stop: () => stopCluster({ dataDir }, 'fast'),
        start: async () => {
          const spec = await this.host.configuredSpec(ref, runtime)
          return startCluster(spec, { timeoutMs: this.host.startTimeoutMs })
        },
        stopFailed: () => stopCluster({ dataDir }, 'immediate', 5_000),
        wasRunning,
        keepPrevious: options.keepPrevious ?? false,
      })
      reportProgress(options.onProgress, 'restored', 1)
      return { ...timings, ...swapped, totalMs: Math.round(performance.now() - started) }
    } finally {
      await removeTree(restoring)
    }
  }

  /**
   * Restores a backup into a throwaway cluster beside the project (socket only, no archiving), starts it, and
   * counts the rows of every table as the tenant's role: a backup that does not extract, start or read is
   * reported, not trusted.
   */
  async checkRestore(ref: string, backup: string, runtime: ProjectRuntimeConfig): Promise<RestoreCheckResult> {
    const started = performance.now()
    const { projectDir, backupsDir } = this.host.paths(ref)
    const file = resolveBackupFile(backupsDir, backup)
    const scratch = path.join(projectDir, 'restore-check')
    const socketDir = path.join(projectDir, 'run-check')
    await removeTree(scratch)
    const spec: ClusterSpec = {
      ...this.host.projectSpec(ref, { ...runtime, port: null, walArchiving: false }),
      dataDir: scratch,
      socketDir,
    }
    try {
      await restoreArchive(file, scratch, this.host.runAsOf(ref), { engine: this.host.engineFor(runtime.major) })
      await mkdirOwned(socketDir, this.host.runAsOf(ref), 0o700)
      await writeClusterSettings(spec)
      await startCluster(spec, { timeoutMs: this.host.startTimeoutMs })
      // counted as the tenant's own role (it reads every table), never as the platform superuser: whatever the
      // copy holds runs with no more rights than the tenant already has
      const counting = { user: TENANT_OWNER_ROLE, sessionOptions: relationKindGuardOption(spec.engine.version) }
      const tables = await withClient(
        spec,
        async (client) => {
          const { rows } = await client.query<{ name: string }>(RESTORE_CHECK_TABLES_SQL)
          let total = 0
          for (const { name } of rows) {
            const counted = await client.query<{ n: string }>(restoreCheckCountSql(name))
            total += Number(counted.rows[0]?.n ?? 0)
          }
          return { count: rows.length, rows: total }
        },
        counting,
      )
      return { tables: tables.count, rows: tables.rows, durationMs: Math.round(performance.now() - started) }
    } finally {
      await stopCluster(spec, 'immediate', 5_000).catch(
        ignoredError("could not stop a restore check's throwaway server; its files are removed", { ref }),
      )
      await removeTree(scratch)
      await removeTree(socketDir)
    }
  }

  walArchiveState(ref: string): Promise<WalArchiveState> {
    return walArchiveState(this.host.paths(ref).walArchiveDir)
  }

  /** Deletes archived WAL older than the start of `oldestBackup` (an id from list()). */
  async pruneWalArchive(ref: string, oldestBackup: string): Promise<number> {
    const info = await readBackup(this.host.paths(ref).backupsDir, oldestBackup)
    if (!info?.checkpointLsn) return 0
    // comparisons ignore the timeline, so timeline 1 names the segment well enough
    const segment = walFileName(1, parseLsn(info.checkpointLsn), WAL_SEGMENT_BYTES)
    return pruneWalArchive(this.host.paths(ref).walArchiveDir, segment)
  }
}
