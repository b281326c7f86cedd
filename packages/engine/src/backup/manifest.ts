import { spawn } from 'node:child_process'
import { createReadStream } from 'node:fs'
import { open, readFile } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { postgresEnv } from '../system/run-command'
import { archiveTools, compressionFromMagic } from './tools'
import { type ArchiveCompression, type BackupManifest, type BackupSidecar, MANIFEST_NAME } from './types'

/** The one place that spells out the archive's manifest (format version 1). */
export function buildManifest(fields: Omit<BackupManifest, 'format' | 'format_version'>): BackupManifest {
  return { format: 'pgfleet-backup', format_version: 1, ...fields }
}

const BLOCK = 512
/** A manifest is a few hundred bytes; anything bigger is not ours. */
const MAX_MANIFEST_BYTES = 64 * 1024

export function isBackupManifest(value: unknown): value is BackupManifest {
  const m = value as Partial<BackupManifest> | null
  return (
    typeof m === 'object' &&
    m !== null &&
    m.format === 'pgfleet-backup' &&
    (m.kind === 'cold' || m.kind === 'online') &&
    typeof m.major === 'number' &&
    typeof m.version === 'string' &&
    typeof m.created_at === 'string'
  )
}

export const sidecarName = (archiveFile: string): string => `${archiveFile}.json`

export async function readSidecar(archiveFile: string): Promise<BackupSidecar | null> {
  const text = await readFile(sidecarName(archiveFile), 'utf8').catch(() => null)
  if (text === null) return null
  try {
    const parsed: unknown = JSON.parse(text)
    return isBackupManifest(parsed) ? (parsed as BackupSidecar) : null
  } catch {
    return null
  }
}

export async function detectArchiveCompression(file: string): Promise<ArchiveCompression> {
  const handle = await open(file, 'r')
  try {
    const head = Buffer.alloc(4)
    const { bytesRead } = await handle.read(head, 0, 4, 0)
    const compression = compressionFromMagic(head.subarray(0, bytesRead))
    if (!compression) throw new Error(`${file} is neither a zstd nor a gzip archive`)
    return compression
  } finally {
    await handle.close()
  }
}

/** Name and size of a tar header block (GNU or ustar); null for the end-of-archive block. */
export function parseTarHeader(block: Buffer): { name: string; size: number } | null {
  if (block.every((byte) => byte === 0)) return null
  const field = (from: number, length: number) => {
    const raw = block.subarray(from, from + length)
    const end = raw.indexOf(0)
    return raw.subarray(0, end < 0 ? length : end).toString('utf8')
  }
  const magic = field(257, 6)
  const prefix = magic === 'ustar' ? field(345, 155) : ''
  const name = prefix ? `${prefix}/${field(0, 100)}` : field(0, 100)
  const size = Number.parseInt(field(124, 12).trim() || '0', 8)
  if (!Number.isFinite(size)) throw new Error('Invalid tar header')
  return { name, size }
}

/** Reads from a decompressed stream until `bytes` are there (or it ends), then stops it. */
async function readPrefix(stream: Readable, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = []
  let length = 0
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer)
    length += (chunk as Buffer).length
    if (length >= bytes) break
  }
  stream.destroy()
  return Buffer.concat(chunks)
}

async function decompressedPrefix(file: string, compression: ArchiveCompression, bytes: number): Promise<Buffer> {
  if (compression === 'gzip') {
    const source = createReadStream(file)
    const gunzip = source.pipe(createGunzip())
    gunzip.on('error', () => {}) // a truncated or destroyed stream; what was read is parsed below
    try {
      return await readPrefix(gunzip, bytes)
    } finally {
      source.destroy()
    }
  }
  const { zstd } = await archiveTools()
  if (!zstd) throw new Error('zstd is not installed: cannot read a .tar.zst archive')
  const handle = await open(file, 'r')
  try {
    const child = spawn(zstd, ['-dcq'], { env: postgresEnv(), stdio: [handle.fd, 'pipe', 'ignore'] })
    child.on('error', () => {}) // zstd that cannot run leaves stdout empty: the short read is reported below
    const closed = new Promise((resolve) => child.once('close', resolve))
    if (!child.stdout) throw new Error('zstd has no stdout')
    const prefix = await readPrefix(child.stdout, bytes)
    child.kill('SIGTERM')
    await closed
    return prefix
  } finally {
    await handle.close()
  }
}

/** The manifest an archive carries as its first member; null when it has none (an archive made by hand). */
export async function readArchiveManifest(file: string): Promise<BackupManifest | null> {
  const compression = await detectArchiveCompression(file)
  const head = await decompressedPrefix(file, compression, BLOCK + MAX_MANIFEST_BYTES)
  if (head.length < BLOCK) throw new Error(`${file} is too short to be a tar archive`)
  const header = parseTarHeader(head.subarray(0, BLOCK))
  if (!header || header.name.replace(/^\.\//, '') !== MANIFEST_NAME || header.size > MAX_MANIFEST_BYTES) return null
  if (head.length < BLOCK + header.size) throw new Error(`${file} is truncated`)
  const parsed: unknown = JSON.parse(head.subarray(BLOCK, BLOCK + header.size).toString('utf8'))
  if (!isBackupManifest(parsed)) throw new Error(`${file} has an invalid ${MANIFEST_NAME}`)
  return parsed
}
