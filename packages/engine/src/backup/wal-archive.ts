import { lstat, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { SettingValue } from '../cluster/types'
import type { WalArchiveState } from './types'

/**
 * Continuous WAL archiving for point-in-time recovery. Each completed segment is copied into the project's
 * archive directory (never over an existing file); `archive_timeout` closes a segment at least once a minute,
 * so a crash loses at most about a minute of committed writes from the archive.
 */
export const ARCHIVE_TIMEOUT_S = 60

function quoted(dir: string): string {
  return `'${dir.replaceAll("'", "'\\''")}'`
}

export function walArchiveSettings(archiveDir: string): Record<string, SettingValue> {
  const target = quoted(archiveDir)
  return {
    wal_level: 'replica',
    archive_mode: 'on',
    archive_command: `test ! -f ${target}/%f && cp %p ${target}/%f`,
    archive_timeout: `${ARCHIVE_TIMEOUT_S}s`,
  }
}

/** Fetches archived segments during recovery; a missing file tells the server the archive ends there. */
export function restoreCommand(archiveDir: string): string {
  return `cp ${quoted(archiveDir)}/%f %p`
}

/** A WAL segment file name: timeline, then log and segment (8 hex digits each). */
const SEGMENT = /^[0-9A-F]{24}$/
const BACKUP_HISTORY = /^[0-9A-F]{24}\.[0-9A-F]{8}\.backup$/

export async function walArchiveState(archiveDir: string): Promise<WalArchiveState> {
  const names = (await readdir(archiveDir).catch(() => [] as string[])).filter((name) => SEGMENT.test(name))
  let bytes = 0
  let newestAt: Date | null = null
  for (const name of names) {
    // lstat: the server's user writes this directory, and a link there says nothing about what it points at
    const info = await lstat(path.join(archiveDir, name)).catch(() => null)
    if (!info?.isFile()) continue
    bytes += info.size
    if (!newestAt || info.mtime > newestAt) newestAt = info.mtime
  }
  const sorted = names.sort((a, b) => a.slice(8).localeCompare(b.slice(8)))
  return { segments: names.length, bytes, newestAt, oldestSegment: sorted[0] ?? null }
}

/**
 * Deletes archived segments (and backup history files) older than `oldestNeeded`, the first segment of the
 * oldest base backup still kept. Segments compare by log and segment number, whatever their timeline, as a
 * recovery from that backup may follow any later timeline; timeline history files always stay (they are tiny).
 */
export async function pruneWalArchive(archiveDir: string, oldestNeeded: string): Promise<number> {
  if (!SEGMENT.test(oldestNeeded)) throw new Error(`Not a WAL segment name: ${oldestNeeded}`)
  const cutoff = oldestNeeded.slice(8)
  let removed = 0
  for (const name of await readdir(archiveDir).catch(() => [] as string[])) {
    if (!SEGMENT.test(name) && !BACKUP_HISTORY.test(name)) continue
    if (name.slice(8, 24) >= cutoff) continue
    await rm(path.join(archiveDir, name), { force: true })
    removed++
  }
  return removed
}
