import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const execFileAsync = promisify(execFile)

/** The unprivileged account Postgres runs as when the platform itself runs as root. */
export interface RunAs {
  uid: number
  gid: number
  user: string
}

export const DEFAULT_RUN_AS_USER = 'pgfleet'
/** useradd's exit code when the name is taken, e.g. by a concurrent call. */
const USERADD_EXIT_NAME_IN_USE = 9

/** `uid`/`gid` spawn options for a child that must not run as root (initdb and postgres refuse it). */
export function spawnIdentity(runAs: RunAs | null): { uid?: number; gid?: number } {
  return runAs ? { uid: runAs.uid, gid: runAs.gid } : {}
}

/** A range of user and group ids for the system users the platform creates. */
export interface IdRange {
  from: number
  to: number
}

/**
 * null when the process is not root: clusters then run as the current user.
 * As root, creates the system user when it is missing (with ids from `idRange` when given, so that many
 * per-project users do not exhaust the distribution's small system range) and returns its ids.
 */
export async function resolveRunAs(
  userName = DEFAULT_RUN_AS_USER,
  options: { idRange?: IdRange } = {},
): Promise<RunAs | null> {
  if (process.getuid?.() !== 0) return null
  if (!/^[a-z_][a-z0-9_-]{0,31}$/.test(userName)) throw new Error(`Invalid system user name: ${userName}`)
  const existing = await lookupUser(userName)
  if (existing) return existing
  try {
    const range = options.idRange
      ? ['UID', 'GID'].flatMap((kind) => [
          '-K',
          `SYS_${kind}_MIN=${options.idRange?.from}`,
          '-K',
          `SYS_${kind}_MAX=${options.idRange?.to}`,
        ])
      : []
    await execFileAsync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', ...range, userName])
  } catch (error) {
    if ((error as { code?: unknown }).code !== USERADD_EXIT_NAME_IN_USE) {
      throw new Error(`Could not create system user ${userName}: ${(error as Error).message}`)
    }
  }
  const created = await lookupUser(userName)
  if (!created) throw new Error(`System user ${userName} was created but cannot be found`)
  return created
}

export async function lookupUser(userName: string): Promise<RunAs | null> {
  try {
    const { stdout } = await execFileAsync('getent', ['passwd', userName])
    const [user, , uid, gid] = stdout.trim().split(':')
    if (!user || uid === undefined || gid === undefined) return null
    return { user, uid: Number(uid), gid: Number(gid) }
  } catch {
    return null
  }
}
