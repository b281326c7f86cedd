import { constants } from 'node:fs'
import { type FileHandle, lstat, open } from 'node:fs/promises'

/**
 * Opening without following the last path component: a symbolic link there fails with ELOOP instead of opening
 * what it points at. O_NONBLOCK keeps a FIFO planted under the name from blocking the open.
 */
const READ_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK
const DIRECTORY_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW

/** Thrown when a path the platform opens is a symbolic link, a hard link or not what it must be. */
export class UnsafePathError extends Error {}

async function openNoFollow(file: string, flags: number, what: string): Promise<FileHandle> {
  try {
    return await open(file, flags)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ELOOP') throw new UnsafePathError(`${file} is a symbolic link: refusing to follow it`)
    if (code === 'ENOTDIR') {
      // O_DIRECTORY answers a link with ENOTDIR before O_NOFOLLOW's ELOOP
      const link = await lstat(file).then(
        (info) => info.isSymbolicLink(),
        () => false,
      )
      throw new UnsafePathError(link ? `${file} is a symbolic link: refusing to follow it` : `${file} is not a ${what}`)
    }
    throw error
  }
}

/**
 * Opens the regular file `file` for reading, refusing a symbolic link, anything but a regular file, and a file with
 * a second hard link (a link the file's directory's owner made to a file it cannot read, where the kernel allows
 * that). Reads in directories an unprivileged user writes (a project's data directory) go through this.
 */
export async function openFileNoFollow(file: string): Promise<FileHandle> {
  const handle = await openNoFollow(file, READ_FLAGS, 'file')
  try {
    const info = await handle.stat()
    if (!info.isFile()) throw new UnsafePathError(`${file} is not a regular file`)
    if (info.nlink > 1) throw new UnsafePathError(`${file} has ${info.nlink} hard links: refusing to read it`)
    return handle
  } catch (error) {
    await handle.close()
    throw error
  }
}

/** readFile without following a symbolic link (see openFileNoFollow). */
export async function readFileNoFollow(file: string): Promise<Buffer>
export async function readFileNoFollow(file: string, encoding: BufferEncoding): Promise<string>
export async function readFileNoFollow(file: string, encoding?: BufferEncoding): Promise<string | Buffer> {
  const handle = await openFileNoFollow(file)
  try {
    const content = await handle.readFile()
    return encoding ? content.toString(encoding) : content
  } finally {
    await handle.close()
  }
}

/** Opens the directory `dir` itself (never what a symbolic link of that name points at), e.g. to fchown it. */
export function openDirectoryNoFollow(dir: string): Promise<FileHandle> {
  return openNoFollow(dir, DIRECTORY_FLAGS, 'directory')
}

/**
 * A path that names what `handle` opened, whatever is under its name now: `/proc/self/fd/N/name` looks `name` up in
 * that very directory, as openat does.
 */
export function descriptorPath(handle: FileHandle): string {
  return `/proc/self/fd/${handle.fd}`
}

/**
 * Reads `relative` (e.g. `global/pg_control`) inside `root` following no symbolic link on any component below `root`:
 * each directory is opened with O_NOFOLLOW through the descriptor of the one above it (`/proc/self/fd/N/name` looks
 * the name up in that very directory, as openat does), then the file as openFileNoFollow does.
 */
export async function readFileBeneath(root: string, relative: string): Promise<Buffer> {
  const parts = relative.split('/')
  const fileName = parts.pop()
  if (!fileName || parts.some((part) => part === '' || part === '.' || part === '..')) {
    throw new UnsafePathError(`Not a plain relative path: ${relative}`)
  }
  let dir = await openDirectoryNoFollow(root)
  try {
    for (const part of parts) {
      const next = await openDirectoryNoFollow(`${descriptorPath(dir)}/${part}`)
      await dir.close()
      dir = next
    }
    return await readFileNoFollow(`${descriptorPath(dir)}/${fileName}`)
  } finally {
    await dir.close()
  }
}
