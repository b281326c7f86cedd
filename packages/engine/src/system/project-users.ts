import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readdir, stat } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { type IdRange, lookupUser, type RunAs, resolveRunAs } from './run-as'

const execFileAsync = promisify(execFile)

/** Longest user name useradd accepts. */
const MAX_USER_NAME_LENGTH = 32
/** Prefix of the OS users that run a project's Postgres server (one user per project). */
export const PROJECT_POSTGRES_USER_PREFIX = 'pgfp_'
/** Prefix of the OS users that run a project's edge-function workers (one user per project). */
export const PROJECT_FUNCTIONS_USER_PREFIX = 'pgff_'
/** Every per-project user prefix, for cleaning up after a project (or a test's data directory). */
export const PROJECT_USER_PREFIXES = [PROJECT_POSTGRES_USER_PREFIX, PROJECT_FUNCTIONS_USER_PREFIX] as const
/**
 * Ids of per-project users: far above the distribution's system range (100–999), which a few hundred projects
 * would exhaust, and below the 32-bit overflow id.
 */
export const PROJECT_ID_RANGE: IdRange = { from: 200_000, to: 899_999 }

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

/** The project's OS user for one purpose, created when missing (null when the platform is not root). */
export function resolveProjectUser(ref: string, prefix: string = PROJECT_POSTGRES_USER_PREFIX): Promise<RunAs | null> {
  return resolveRunAs(projectUserName(ref, prefix), { idRange: PROJECT_ID_RANGE })
}

/**
 * Removes the per-project users of every project directory under `projectsDir` (a platform's DATA/projects),
 * e.g. when a test throws its data directory away. Only users that exist are touched.
 */
export async function removeProjectUsers(projectsDir: string): Promise<void> {
  if (process.getuid?.() !== 0) return
  const refs = await readdir(projectsDir).catch(() => [] as string[])
  for (const ref of refs) {
    for (const prefix of PROJECT_USER_PREFIXES) {
      const name = projectUserName(ref, prefix)
      if (await lookupUser(name)) await removeSystemUser(name)
    }
  }
}
