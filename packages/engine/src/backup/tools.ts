import { constants } from 'node:fs'
import { access } from 'node:fs/promises'
import path from 'node:path'
import { runCommand } from '../system/run-command'
import type { ArchiveCompression } from './types'

export interface ArchiveTools {
  /** GNU tar: archives need its `--files-from` with `--directory` lines, checkpoints and anchored excludes. */
  tar: string
  /** null: archives fall back to gzip through node's zlib. */
  zstd: string | null
}

/**
 * zstd settings chosen by measurement (bench/pause-restore.bench.ts, 2 cores, pgbench data): level 1 with
 * worker threads compresses 260 MB to 13 MB in about the time tar needs to read it; `--fast` levels save
 * little time and produce archives up to twice as large; level 3 costs 10-20% more time for 5% less size.
 */
export const DEFAULT_ZSTD_LEVEL = 1
export const DEFAULT_GZIP_LEVEL = 1

let cached: Promise<ArchiveTools> | null = null

async function findOnPath(program: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin').split(':').filter(Boolean)) {
    const candidate = path.join(dir, program)
    const ok = await access(candidate, constants.X_OK).then(
      () => true,
      () => false,
    )
    if (ok) return candidate
  }
  return null
}

async function detect(): Promise<ArchiveTools> {
  const tar = await findOnPath('tar')
  if (!tar) throw new Error('Backups need GNU tar, and no `tar` is on the PATH')
  const { stdout } = await runCommand(tar, ['--version'], { timeoutMs: 10_000 })
  if (!stdout.includes('GNU tar')) throw new Error(`Backups need GNU tar; ${tar} is ${stdout.split('\n')[0]}`)
  return { tar, zstd: await findOnPath('zstd') }
}

/** The tar and zstd programs, looked up once per process. */
export function archiveTools(): Promise<ArchiveTools> {
  cached ??= detect().catch((error) => {
    cached = null
    throw error
  })
  return cached
}

/** '.tar.zst' when the zstd CLI is installed, else '.tar.gz'. */
export async function preferredArchiveExtension(): Promise<string> {
  return (await archiveTools()).zstd ? '.tar.zst' : '.tar.gz'
}

/** The compression an archive name asks for. */
export function compressionForFile(file: string): ArchiveCompression {
  if (/\.tar\.zst$/.test(file)) return 'zstd'
  if (/\.(tar\.gz|tgz)$/.test(file)) return 'gzip'
  throw new Error(`Archive names must end in .tar.zst or .tar.gz: ${path.basename(file)}`)
}

/** The compression of an existing archive, from its first bytes. */
export function compressionFromMagic(head: Buffer): ArchiveCompression | null {
  if (head.length >= 4 && head.readUInt32LE(0) === 0xfd2fb528) return 'zstd'
  if (head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'gzip'
  return null
}

export function zstdCompressArgs(level = DEFAULT_ZSTD_LEVEL): string[] {
  if (!Number.isInteger(level) || level === 0 || level < -50 || level > 19) {
    throw new Error(`Invalid zstd level ${level}: use 1-19, or -1 to -50 for --fast`)
  }
  return ['-q', level < 0 ? `--fast=${-level}` : `-${level}`, '-T0', '-c']
}
