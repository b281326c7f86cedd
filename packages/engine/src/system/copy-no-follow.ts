import { constants } from 'node:fs'
import { copyFile, mkdir, readdir, readlink, symlink } from 'node:fs/promises'
import path from 'node:path'
import { descriptorPath, openDirectoryNoFollow, openFileNoFollow } from './no-follow'

/**
 * Copies out of a directory another user writes (a running project's data directory) as root, following no link that
 * user planted or swapped in: each directory is opened with O_NOFOLLOW through the one above it and listed through
 * its descriptor, each file is opened as openFileNoFollow does and copied from that descriptor, and links are copied
 * as links. A name swapped for a link between the listing and the open is refused, never followed.
 */

export interface CopyOptions {
  /** share the blocks with the source (copy-on-write); fails where the filesystem cannot */
  reflink: boolean
}

/** A running server removes files while the copy runs (dropped relations, recycled WAL); replay makes up for them. */
const vanished = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT'

/** Copies the regular file `source` into the new file `target` (O_EXCL: never over or through what is there). */
export async function copyFileNoFollow(source: string, target: string, options: CopyOptions): Promise<void> {
  const handle = await openFileNoFollow(source)
  try {
    const flags = constants.COPYFILE_EXCL | (options.reflink ? constants.COPYFILE_FICLONE_FORCE : 0)
    // the descriptor's path reopens the very file that was checked, whatever its name points at now
    await copyFile(descriptorPath(handle), target, flags)
  } finally {
    await handle.close()
  }
}

/** Copies the entries of `source` that `include` accepts, and everything below them, into the directory `target`. */
export async function copyTreeNoFollow(
  source: string,
  target: string,
  options: CopyOptions & { include?: (name: string) => boolean },
): Promise<void> {
  const dir = await openDirectoryNoFollow(source)
  try {
    await copyEntries(descriptorPath(dir), target, options, options.include ?? (() => true))
  } finally {
    await dir.close()
  }
}

async function copyEntries(
  from: string,
  to: string,
  options: CopyOptions,
  include: (name: string) => boolean,
): Promise<void> {
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (!include(entry.name)) continue
    const source = path.join(from, entry.name)
    const target = path.join(to, entry.name)
    try {
      if (entry.isDirectory()) await copyDirectory(source, target, options)
      else if (entry.isFile()) await copyFileNoFollow(source, target, options)
      else if (entry.isSymbolicLink()) await symlink(await readlink(source), target)
      // sockets and FIFOs are skipped: no server file is one
    } catch (error) {
      if (!vanished(error)) throw error
    }
  }
}

async function copyDirectory(source: string, target: string, options: CopyOptions): Promise<void> {
  const dir = await openDirectoryNoFollow(source)
  try {
    await mkdir(target, { mode: (await dir.stat()).mode & 0o777 })
    await copyEntries(descriptorPath(dir), target, options, () => true)
  } finally {
    await dir.close()
  }
}
