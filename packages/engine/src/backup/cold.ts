import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { clusterPid } from '../cluster/pid-file'
import { directoryUsage } from '../system/disk-usage'
import { writeFileOwned } from '../system/fs-owned'
import { readFileNoFollow } from '../system/no-follow'
import { startArchive } from './archive-start'
import { sidecarName } from './manifest'
import { formatLsn, readControlFile, readWalDirectory, walFileName, walFileRange } from './pg-control'
import { Staging } from './staging'
import type { TarArchiveWriter } from './tar-writer'
import {
  type ArchiveOptions,
  type ArchiveResult,
  type ArchiveSource,
  type BackupSidecar,
  MANIFEST_NAME,
  reportProgress,
} from './types'

/** Never archived: they describe the postmaster that ran, and the manifest of an earlier restore. */
export const ALWAYS_EXCLUDED = ['./postmaster.pid', './postmaster.opts', `./${MANIFEST_NAME}`, './pg_wal']

/** The major a data directory was initialised with. */
export async function dataDirMajor(dataDir: string): Promise<number> {
  const text = await readFileNoFollow(path.join(dataDir, 'PG_VERSION'), 'utf8').catch(() => null)
  const major = Number(text?.trim())
  if (!text || !Number.isInteger(major)) throw new Error(`${dataDir} is not a Postgres data directory`)
  return major
}

export function assertEngineMatches(dataDir: string, dataMajor: number, engineMajor: number): void {
  if (dataMajor !== engineMajor) {
    throw new Error(`${dataDir} holds Postgres ${dataMajor} data, but the engine given is Postgres ${engineMajor}`)
  }
}

/**
 * Tablespaces live outside the data directory: an archive would hold only their symlinks, and a restore would
 * share (and corrupt) the original's files. Projects do not need them, so clusters with one are refused.
 */
export async function assertNoTablespaces(dataDir: string): Promise<void> {
  const links = await readdir(path.join(dataDir, 'pg_tblspc')).catch(() => [] as string[])
  if (links.length > 0) {
    throw new Error(
      `The cluster in ${dataDir} has tablespaces (pg_tblspc: ${links.join(', ')}); backups do not support them`,
    )
  }
}

/** Writes `<archive>.json` (0600) beside the archive, atomically. */
export async function writeSidecar(outFile: string, sidecar: BackupSidecar): Promise<void> {
  await writeFileOwned(sidecarName(outFile), `${JSON.stringify(sidecar, null, 2)}\n`, null, 0o600)
}

/**
 * Archives a cleanly stopped cluster into `outFile` (.tar.zst, or .tar.gz when zstd is missing): the manifest
 * first, then the data directory without postmaster.pid/opts. Of pg_wal it takes only what a clean start
 * needs, the segments from the last checkpoint's redo point through the checkpoint record plus timeline
 * history files; the other segments are recycled ones (old WAL renamed for reuse), which would double the
 * archive for nothing. The archive appears under its name only once complete and fsynced.
 */
export async function archiveStoppedCluster(
  source: ArchiveSource,
  outFile: string,
  options: ArchiveOptions = {},
): Promise<ArchiveResult> {
  const started = performance.now()
  const { dataDir } = source
  reportProgress(options.onProgress, 'checking data directory')
  if ((await clusterPid(source)) !== null) {
    throw new Error(`The cluster in ${dataDir} is running; stop it first, or take an online backup`)
  }
  assertEngineMatches(dataDir, await dataDirMajor(dataDir), source.engine.major)
  await assertNoTablespaces(dataDir)
  const control = await readControlFile(dataDir)
  if (control.state !== 'shut down') {
    throw new Error(
      `The cluster in ${dataDir} was not shut down cleanly (pg_control: ${control.state}); start it so it recovers, then stop it`,
    )
  }
  const wal = await readWalDirectory(dataDir)
  if (!wal.segmentSize) throw new Error(`${dataDir}/pg_wal holds no WAL segment`)
  const segments = walFileRange(
    walFileName(control.timeline, control.redoLsn, wal.segmentSize),
    walFileName(control.timeline, control.checkpointLsn, wal.segmentSize),
    wal.segmentSize,
  )
  const missing = segments.filter((name) => !wal.segments.includes(name))
  if (missing.length > 0) throw new Error(`WAL needed to start the cluster is missing: ${missing.join(', ')}`)

  const [total, walUsage] = await Promise.all([directoryUsage(dataDir), directoryUsage(path.join(dataDir, 'pg_wal'))])
  const size = total.bytes - walUsage.bytes + segments.length * wal.segmentSize
  const createdAt = new Date().toISOString()
  const staging = await Staging.create(dataDir, source.runAs)
  let writer: TarArchiveWriter | null = null
  try {
    const opened = await startArchive({
      outFile,
      source,
      options,
      staging,
      tar: { excludes: ALWAYS_EXCLUDED, live: false },
      size,
      progressCap: 0.99,
      manifest: {
        kind: 'cold',
        created_at: createdAt,
        system_identifier: control.systemIdentifier,
        checkpoint_lsn: formatLsn(control.checkpointLsn),
      },
      walSubdirectories: wal.subdirectories,
    })
    writer = opened.writer
    const { manifest } = opened
    reportProgress(options.onProgress, 'archiving', 0)
    writer.add(staging.dir, [MANIFEST_NAME])
    writer.add(dataDir, ['.'])
    writer.add(staging.dir, ['pg_wal'])
    writer.add(
      dataDir,
      [...segments, ...wal.historyFiles].map((name) => `pg_wal/${name}`),
    )
    const finishing = writer.finish()
    writer = null
    const { bytes } = await finishing

    // Nothing may have started the cluster meanwhile: the archive would mix two states.
    const after = await readControlFile(dataDir)
    if ((await clusterPid(source)) !== null || after.checkpointLsn !== control.checkpointLsn) {
      await rm(outFile, { force: true })
      throw new Error(`The cluster in ${dataDir} was started while it was being archived; archive it again`)
    }
    const sidecar: BackupSidecar = { ...manifest, archive_bytes: bytes }
    await writeSidecar(outFile, sidecar)
    reportProgress(options.onProgress, 'archived', 1)
    return {
      file: outFile,
      bytes,
      kind: 'cold',
      createdAt,
      manifest: sidecar,
      durationMs: Math.round(performance.now() - started),
    }
  } finally {
    await writer?.abort()
    await staging.remove()
  }
}
