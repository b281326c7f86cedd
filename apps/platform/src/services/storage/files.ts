import { createHash, randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { access, copyFile, mkdir, rename, rm, rmdir, unlink } from 'node:fs/promises'
import path from 'node:path'
import { type Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { StorageError, tooLarge } from './errors'

/**
 * The bytes of objects on disk. Uploads stream into a temp file (never buffered whole), counted against the
 * limit as they arrive and hashed for the eTag, flushed to disk, and only renamed into place once the object's
 * row is written, so a failed or refused upload leaves nothing behind.
 */
export interface WrittenFile {
  tempPath: string
  size: number
  /** hex MD5 of the content, the eTag S3-style stores use */
  md5: string
}

/** Streams `source` into a new file under `tempDir`; a 413 as soon as it passes `limitBytes`. */
export async function writeTempFile(tempDir: string, source: Readable, limitBytes: number): Promise<WrittenFile> {
  await mkdir(tempDir, { recursive: true })
  const tempPath = path.join(tempDir, randomUUID())
  const hash = createHash('md5')
  let size = 0
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length
      if (size > limitBytes) return done(tooLarge(limitBytes))
      hash.update(chunk)
      done(null, chunk)
    },
  })
  try {
    // flush: the bytes reach the disk before the stream closes, so a crash after the rename keeps them
    await pipeline(source, meter, createWriteStream(tempPath, { flags: 'wx', mode: 0o600, flush: true }))
  } catch (error) {
    await rm(tempPath, { force: true })
    throw error
  }
  return { tempPath, size, md5: hash.digest('hex') }
}

/** A temp copy of an existing object's file, for copy. */
export async function copyToTemp(tempDir: string, source: string): Promise<string> {
  await mkdir(tempDir, { recursive: true })
  const tempPath = path.join(tempDir, randomUUID())
  await copyFile(source, tempPath)
  return tempPath
}

const nameClash = () =>
  new StorageError(
    409,
    'InvalidKey',
    'An object name cannot also be the name of a folder (for example "a" and "a/b" in the same bucket)',
  )

/** Moves a finished file to its object's place, creating its folders; the object's old bytes are replaced. */
export async function placeFile(from: string, to: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await mkdir(path.dirname(to), { recursive: true })
      await rename(from, to)
      return
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EEXIST' || code === 'ENOTDIR' || code === 'EISDIR' || code === 'ENOTEMPTY') throw nameClash()
      // a delete in the same folder may prune it between our mkdir and rename: make it again
      const folderVanished = code === 'ENOENT' && attempt < 3 && (await exists(from))
      if (!folderVanished) throw error
    }
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  )

export async function discard(file: string | undefined): Promise<void> {
  if (file) await rm(file, { force: true })
}

/** Removes object files, then the folders they leave empty (up to, not including, the bucket directory). */
export async function removeObjectFiles(bucketRoot: string, files: string[]): Promise<void> {
  const parents = new Set<string>()
  for (const file of files) {
    await unlink(file).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error
    })
    parents.add(path.dirname(file))
  }
  await pruneEmptyFolders(bucketRoot, [...parents])
}

/** Removes these folders and their parents while they are empty, up to (not including) the bucket directory. */
export async function pruneEmptyFolders(bucketRoot: string, folders: string[]): Promise<void> {
  // deepest first, so a folder's emptied sub-folders go before it
  const ordered = [...folders].sort((a, b) => b.length - a.length)
  for (const start of ordered) {
    let dir = start
    while (dir.startsWith(`${bucketRoot}${path.sep}`)) {
      try {
        await rmdir(dir)
      } catch {
        break
      }
      dir = path.dirname(dir)
    }
  }
}

/** Removes a directory and everything under it; nothing when it does not exist. */
export async function removeTree(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true })
}
