import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { type FileHandle, mkdir, open, rename, rm, unlink } from 'node:fs/promises'
import path from 'node:path'
import { openDirectoryNoFollow, UnsafePathError } from './no-follow'
import type { RunAs } from './run-as'

async function mkdirWithMode(dir: string, mode: number, owner: { uid: number; gid: number } | null): Promise<void> {
  await mkdir(path.dirname(dir), { recursive: true })
  await mkdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error
  })
  // mode and owner are set through a descriptor of the directory itself: a symbolic link planted under its name is
  // refused, never followed to what it points at
  const handle = await openDirectoryNoFollow(dir)
  try {
    await handle.chmod(mode)
    if (owner) await handle.chown(owner.uid, owner.gid)
  } finally {
    await handle.close()
  }
}

/**
 * Creates the directory and gives it to the run-as user with exactly `mode` (also when it already exists); a
 * symbolic link in its place is refused. Missing ancestors get the default mode (0755 under the usual umask) so the
 * run-as user can traverse them.
 */
export async function mkdirOwned(dir: string, runAs: RunAs | null, mode = 0o700): Promise<void> {
  await mkdirWithMode(dir, mode, runAs)
}

/**
 * Creates the directory owned by the platform's own user (root when it runs as root) with exactly `mode`, in
 * `group`'s primary group when given (so that user may pass through it with mode 0710 and write nothing in it).
 */
export async function mkdirPlatformOwned(dir: string, group: RunAs | null, mode = 0o700): Promise<void> {
  const uid = process.getuid?.()
  const gid = group?.gid ?? process.getgid?.()
  await mkdirWithMode(dir, mode, uid === 0 && gid !== undefined ? { uid, gid } : null)
}

/**
 * Atomically replaces a file (temp file, fsync, rename) so neither a crash of the platform nor a power loss
 * leaves a half-written or empty config: readers see the old content or the new one.
 */
export async function writeFileOwned(file: string, content: string, runAs: RunAs | null, mode = 0o600): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    // O_EXCL: never opens a file or link already under the temp name
    const handle = await open(temp, 'wx', mode)
    try {
      await handle.writeFile(content)
      if (runAs) await handle.chown(runAs.uid, runAs.gid)
      await handle.datasync()
    } finally {
      await handle.close()
    }
    await rename(temp, file)
  } catch (error) {
    await rm(temp, { force: true })
    throw error
  }
}

const LOG_FLAGS =
  constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW | constants.O_NONBLOCK

/** The log itself, opened without following a link, or null when what has its name is not a plain file. */
async function openPlainLog(file: string): Promise<FileHandle | null> {
  const handle = await open(file, LOG_FLAGS, 0o600).catch((error: NodeJS.ErrnoException) => {
    // ELOOP: a symbolic link; ENXIO: a FIFO nobody reads
    if (error.code === 'ELOOP' || error.code === 'ENXIO') return null
    throw error
  })
  if (!handle) return null
  const info = await handle.stat()
  if (info.isFile() && info.nlink === 1) return handle
  await handle.close()
  return null
}

/**
 * Opens a server's log for appending; the caller closes it once the server inherited it. The log belongs to the
 * platform's user (the server writes through the inherited descriptor and needs no right to it), and so does its
 * directory when it is made here (a project's is taken back from older layouts by secureProjectLayout). A link, FIFO
 * or hard link found under the log's name is removed, never followed.
 */
export async function openLogForAppend(file: string): Promise<FileHandle> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  let handle = await openPlainLog(file)
  if (!handle) {
    await unlink(file)
    handle = await openPlainLog(file)
    if (!handle) throw new UnsafePathError(`${file} was replaced while it was being opened`)
  }
  const uid = process.getuid?.()
  const gid = process.getgid?.()
  if (uid === 0 && gid !== undefined) await handle.chown(uid, gid)
  await handle.chmod(0o600)
  return handle
}
