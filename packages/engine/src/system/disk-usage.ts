import { lstat, readdir } from 'node:fs/promises'
import path from 'node:path'

export interface DirectoryUsage {
  /** Apparent size of everything under the directory, itself included: what `du -sb` reports. */
  bytes: number
  /** Entries other than directories. */
  files: number
}

/**
 * Walks the tree with lstat (symlinks are counted, not followed; hard links once each). The entries of a
 * directory are stat'ed in parallel. Entries that vanish during the walk (a running server deletes temp files
 * and recycles WAL) are skipped. Zero when `dir` is missing.
 */
export async function directoryUsage(dir: string): Promise<DirectoryUsage> {
  const seen = new Set<string>()
  const usage: DirectoryUsage = { bytes: 0, files: 0 }
  const visit = async (entry: string): Promise<void> => {
    const info = await lstat(entry).catch(() => null)
    if (!info) return
    if (info.isDirectory()) {
      usage.bytes += info.size
      const names = await readdir(entry).catch(() => [] as string[])
      await Promise.all(names.map((name) => visit(path.join(entry, name))))
      return
    }
    if (info.nlink > 1) {
      const key = `${info.dev}:${info.ino}`
      if (seen.has(key)) return
      seen.add(key)
    }
    usage.bytes += info.size
    usage.files += 1
  }
  await visit(dir)
  return usage
}
