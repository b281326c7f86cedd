import { lstat, readdir } from 'node:fs/promises'
import path from 'node:path'
import { clusterPid } from '../cluster/pid-file'
import { directoryUsage } from '../system/disk-usage'
import { type ProcessChildren, processTreeUsage, readProcessChildren } from '../system/proc-stats'
import type { ProjectDiskReading, ProjectResourceReading } from './types'

interface ProjectDirs {
  dataDir: string
  walArchiveDir: string
}

/**
 * Everything the project occupies on disk: its data directory (tables, indexes, WAL in pg_wal including the
 * segments replication slots hold back, temporary files in base/pgsql_tmp) and its WAL archive, if it has one.
 * Backups are the platform's, not counted.
 */
export async function projectDiskReading(dirs: ProjectDirs): Promise<ProjectDiskReading> {
  // each top-level entry once, so base/ (the bulk) and pg_wal/ are walked a single time
  const names = await readdir(dirs.dataDir).catch(() => [] as string[])
  const [top, entries, temp, archive] = await Promise.all([
    lstat(dirs.dataDir).catch(() => null),
    Promise.all(
      names.map(async (name) => [name, (await directoryUsage(path.join(dirs.dataDir, name))).bytes] as const),
    ),
    directoryUsage(path.join(dirs.dataDir, 'base', 'pgsql_tmp')),
    directoryUsage(dirs.walArchiveDir),
  ])
  const sizes = new Map(entries)
  const dataBytes = (top?.size ?? 0) + entries.reduce((sum, [, bytes]) => sum + bytes, 0)
  return {
    totalBytes: dataBytes + archive.bytes,
    databaseBytes: (sizes.get('base') ?? 0) - temp.bytes,
    walBytes: sizes.get('pg_wal') ?? 0,
    tempBytes: temp.bytes,
    walArchiveBytes: archive.bytes,
    estimated: false,
  }
}

/** When a project's disk is walked again rather than estimated. */
export interface DiskWalkPolicy {
  /** walk at least this often */
  maxAgeMs: number
  /** walk once the project has written this much since the last walk */
  maxWrittenBytes: number
}

/**
 * Walking a data directory costs about 20 µs of CPU per file here (a fresh project has 1,000 files), so 50
 * projects every minute would take 1.7% of a core. Between walks the disk use is estimated from above: the last
 * walk plus the bytes the project's processes have written since (Linux counts them as pages are dirtied).
 */
export const DISK_WALK_POLICY: DiskWalkPolicy = { maxAgeMs: 5 * 60_000, maxWrittenBytes: 8 * 1024 ** 2 }

interface WalkedDisk {
  reading: ProjectDiskReading
  at: number
  /** the server's cumulative write_bytes at the walk, and which server that was */
  writeBytes: number | null
  pid: number | null
}

/**
 * Reads several projects with one pass over /proc, and walks their data directories only when the last walk is
 * old, the project wrote much since, or the caller asks for exact figures. Not running: a walked disk reading
 * and null processes.
 */
export class ProjectResourceReader {
  private readonly walked = new Map<string, WalkedDisk>()

  constructor(
    private readonly dirsOf: (ref: string) => ProjectDirs,
    private readonly procDir = '/proc',
    private readonly policy: DiskWalkPolicy = DISK_WALK_POLICY,
  ) {}

  async read(refs: string[], options: { exactDisk?: boolean } = {}): Promise<Record<string, ProjectResourceReading>> {
    // read at most once, and only when some project runs
    let children: Promise<ProcessChildren> | null = null
    const pass = () => {
      children ??= readProcessChildren(this.procDir)
      return children
    }
    const readings: Record<string, ProjectResourceReading> = {}
    await Promise.all(
      refs.map(async (ref) => {
        const dirs = this.dirsOf(ref)
        const pid = await clusterPid({ dataDir: dirs.dataDir })
        const tree = pid === null ? null : await processTreeUsage(pid, await pass(), this.procDir)
        const processes = tree && {
          processCount: tree.pids.length,
          cpuSeconds: tree.cpuSeconds,
          memoryBytes: tree.memoryBytes,
          swapBytes: tree.swapBytes,
          ioReadBytes: tree.ioReadBytes,
          ioWriteBytes: tree.ioWriteBytes,
        }
        const disk = await this.disk(ref, dirs, pid, tree?.ioWriteBytes ?? null, options.exactDisk === true)
        readings[ref] = { readAt: Date.now(), disk, processes }
      }),
    )
    return readings
  }

  forget(ref: string): void {
    this.walked.delete(ref)
  }

  private async disk(
    ref: string,
    dirs: ProjectDirs,
    pid: number | null,
    writeBytes: number | null,
    exact: boolean,
  ): Promise<ProjectDiskReading> {
    const now = Date.now()
    const last = this.walked.get(ref)
    const written =
      last && last.pid === pid && last.writeBytes !== null && writeBytes !== null ? writeBytes - last.writeBytes : null
    const fresh =
      !exact && last && now - last.at < this.policy.maxAgeMs && written !== null && written >= 0
        ? written <= this.policy.maxWrittenBytes
        : false
    if (fresh && last && written !== null) {
      return { ...last.reading, totalBytes: last.reading.totalBytes + written, estimated: true }
    }
    const reading = await projectDiskReading(dirs)
    this.walked.set(ref, { reading, at: now, writeBytes, pid })
    return reading
  }
}

/** Exact readings of several projects (every data directory walked). */
export function projectResourceReadings(
  refs: string[],
  dirsOf: (ref: string) => ProjectDirs,
  procDir = '/proc',
): Promise<Record<string, ProjectResourceReading>> {
  return new ProjectResourceReader(dirsOf, procDir).read(refs, { exactDisk: true })
}
