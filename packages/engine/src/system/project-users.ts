import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import type { RunAs } from './run-as'

const execFileAsync = promisify(execFile)

/** Longest user name useradd accepts. */
const MAX_USER_NAME_LENGTH = 32
/** Prefix of the OS users that run a project's Postgres server (one user per project). */
export const PROJECT_POSTGRES_USER_PREFIX = 'pgfp_'

/**
 * The OS user name of one project's processes: the prefix and the ref when they fit, otherwise the prefix and
 * a hash of the ref (refs may be longer than a user name may be).
 */
export function projectUserName(ref: string, prefix = PROJECT_POSTGRES_USER_PREFIX): string {
  const plain = `${prefix}${ref}`
  if (plain.length <= MAX_USER_NAME_LENGTH && /^[a-z_][a-z0-9_-]*$/.test(plain)) return plain
  const hash = createHash('sha256').update(ref).digest('hex')
  return `${prefix}${hash.slice(0, MAX_USER_NAME_LENGTH - prefix.length)}`
}

/** Removes a system user the platform created; a missing user is fine. */
export async function removeSystemUser(userName: string): Promise<void> {
  await execFileAsync('userdel', [userName]).catch((error: { code?: unknown; message?: string }) => {
    // 6: the user does not exist
    if (error.code !== 6) throw new Error(`Could not remove system user ${userName}: ${error.message}`)
  })
}

/**
 * Gives `dir` and everything under it to `owner`, except the entries named in `keep` (left as they are).
 * Returns false when `dir` does not exist or already belongs to `owner`.
 */
export async function giveTreeTo(dir: string, owner: RunAs, keep: string[] = []): Promise<boolean> {
  const info = await stat(dir).catch(() => null)
  if (!info || (info.uid === owner.uid && info.gid === owner.gid)) return false
  const ids = `${owner.uid}:${owner.gid}`
  await execFileAsync('chown', ['-h', ids, dir])
  const entries = (await readdir(dir)).filter((name) => !keep.includes(name))
  if (entries.length > 0)
    await execFileAsync('chown', ['-R', '-h', ids, ...entries.map((name) => path.join(dir, name))])
  return true
}
