import { randomBytes } from 'node:crypto'
import { chmod, chown, type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import type { RunAs } from './run-as'

/**
 * Creates the directory and gives it to the run-as user with exactly `mode` (also when it already exists).
 * Missing ancestors get the default mode (0755 under the usual umask) so the run-as user can traverse them.
 */
export async function mkdirOwned(dir: string, runAs: RunAs | null, mode = 0o700): Promise<void> {
  await mkdir(path.dirname(dir), { recursive: true })
  await mkdir(dir, { recursive: true })
  await chmod(dir, mode)
  if (runAs) await chown(dir, runAs.uid, runAs.gid)
}

/**
 * Atomically replaces a file (temp file, fsync, rename) so neither a crash of the platform nor a power loss
 * leaves a half-written or empty config: readers see the old content or the new one.
 */
export async function writeFileOwned(file: string, content: string, runAs: RunAs | null, mode = 0o600): Promise<void> {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`)
  try {
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

/** Opens a log file for appending, owned by the run-as user; the caller closes it once a child inherited it. */
export async function openLogForAppend(file: string, runAs: RunAs | null): Promise<FileHandle> {
  await mkdirOwned(path.dirname(file), runAs)
  const handle = await open(file, 'a', 0o600)
  if (runAs) await handle.chown(runAs.uid, runAs.gid)
  return handle
}
