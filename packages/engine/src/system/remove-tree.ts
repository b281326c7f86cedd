import { lstat, rm, rmdir, unlink } from 'node:fs/promises'
import { ignoredError } from '../logger'
import { runCommand } from './run-command'

/**
 * Removes the directory tree `dir` as the user who owns it (a project's OS user, for a data directory), so root never
 * walks a tree another user can write: a recursive removal lists a directory and then removes its entries by name,
 * and a process of that user could swap the directory for a link in between, steering root's removals anywhere.
 * Root then removes only the emptied directory from its parent (the platform's), never through a link; a link or
 * file under the name is removed itself. Trees root owns, and everything when the platform is not root, are
 * removed directly.
 */
export async function removeTree(dir: string): Promise<void> {
  const info = await lstat(dir).catch(() => null)
  if (!info) return
  if (!info.isDirectory()) {
    await unlink(dir)
    return
  }
  if (process.getuid?.() !== 0 || info.uid === 0) {
    await rm(dir, { recursive: true, force: true })
    return
  }
  // rm ends with "Permission denied" on `dir` itself when its parent is the platform's: rmdir below does that part
  // (and reports what rm could not remove: the directory is then not empty)
  await runCommand('rm', ['-rf', '--one-file-system', '--', dir], {
    runAs: { uid: info.uid, gid: info.gid, user: '' },
  }).catch(ignoredError("rm as the tree's owner failed; removing the directory below says what is left", { dir }))
  await rmdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'ENOENT') throw error
  })
}
