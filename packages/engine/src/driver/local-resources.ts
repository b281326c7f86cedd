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
  }
}

/**
 * Readings of several projects with one pass over /proc. A project whose server is not running gets its disk
 * reading and null processes.
 */
export async function projectResourceReadings(
  refs: string[],
  dirsOf: (ref: string) => ProjectDirs,
  procDir = '/proc',
): Promise<Record<string, ProjectResourceReading>> {
  // read at most once, and only when some project runs
  let children: Promise<ProcessChildren> | null = null
  const pass = () => {
    children ??= readProcessChildren(procDir)
    return children
  }
  const readings: Record<string, ProjectResourceReading> = {}
  await Promise.all(
    refs.map(async (ref) => {
      const dirs = dirsOf(ref)
      const [disk, pid] = await Promise.all([projectDiskReading(dirs), clusterPid({ dataDir: dirs.dataDir })])
      const tree = pid === null ? null : await processTreeUsage(pid, await pass(), procDir)
      const processes = tree && {
        processCount: tree.pids.length,
        cpuSeconds: tree.cpuSeconds,
        memoryBytes: tree.memoryBytes,
        swapBytes: tree.swapBytes,
        ioReadBytes: tree.ioReadBytes,
        ioWriteBytes: tree.ioWriteBytes,
      }
      readings[ref] = { readAt: Date.now(), disk, processes }
    }),
  )
  return readings
}
