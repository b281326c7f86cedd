import { constants } from 'node:fs'
import { access, stat } from 'node:fs/promises'
import path from 'node:path'
import type { RunAs } from './run-as'

/** Every directory from the root down to `target` (the part that exists), root first. */
async function existingAncestors(target: string): Promise<string[]> {
  const dirs: string[] = []
  let current = path.resolve(target)
  for (;;) {
    dirs.unshift(current)
    const parent = path.dirname(current)
    if (parent === current) break
    current = parent
  }
  const existing: string[] = []
  for (const dir of dirs) {
    const info = await stat(dir).catch(() => null)
    if (!info) break
    if (info.isDirectory()) existing.push(dir)
  }
  return existing
}

function canTraverse(mode: number, ownerUid: number, ownerGid: number, who: RunAs): boolean {
  if (who.uid === 0) return true
  if (who.uid === ownerUid) return (mode & 0o100) !== 0
  if (who.gid === ownerGid) return (mode & 0o010) !== 0
  return (mode & 0o001) !== 0
}

/**
 * Throws an Error naming the first directory on the way to `target` that `user` cannot enter
 * (null = the current process's user). Only the primary group is considered.
 */
export async function assertTraversableBy(target: string, user: RunAs | null): Promise<void> {
  for (const dir of await existingAncestors(target)) {
    if (!user) {
      const ok = await access(dir, constants.X_OK).then(
        () => true,
        () => false,
      )
      if (!ok) throw new Error(`Directory ${dir} is not traversable by the current user (needed to reach ${target})`)
      continue
    }
    const info = await stat(dir)
    if (!canTraverse(info.mode, info.uid, info.gid, user)) {
      const mode = (info.mode & 0o777).toString(8).padStart(4, '0')
      throw new Error(
        `Directory ${dir} is not traversable by user ${user.user} (mode ${mode}, owner ${info.uid}:${info.gid}); ` +
          `run \`chmod o+x ${dir}\` or choose a data directory outside it (needed to reach ${target})`,
      )
    }
  }
}

/** True when every existing directory down to `target` can be entered by "other", i.e. by any unprivileged user. */
export async function isTraversableByOthers(target: string): Promise<boolean> {
  for (const dir of await existingAncestors(target)) {
    const info = await stat(dir)
    if ((info.mode & 0o001) === 0) return false
  }
  return true
}
