import { randomBytes } from 'node:crypto'
import { link, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Said (and the start refused) when another platform process holds the data directory. */
export const ALREADY_RUNNING_MESSAGE = (pid: number) =>
  `pgfleet is already running with this data directory (pid ${pid})`

export class InstanceLockError extends Error {}

export interface InstanceLock {
  release(): Promise<void>
}

const LOCK_FILE = 'pgfleet.pid'
const MAX_ATTEMPTS = 5

/** When the kernel started a process (field 22 of /proc/PID/stat): tells a pid apart from a later one that reuses it. */
async function processStartTime(pid: number): Promise<string | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null)
  if (!stat) return null
  // the command name (field 2) may hold spaces and parentheses: count from the last ')'
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null
}

interface Holder {
  pid: number
  startTime: string
}

async function readHolder(file: string): Promise<Holder | null> {
  const text = await readFile(file, 'utf8').catch(() => null)
  const [pid, startTime] = text?.trim().split(/\s+/) ?? []
  return pid && startTime && /^\d+$/.test(pid) ? { pid: Number(pid), startTime } : null
}

/** The holder is this very process, still alive (the same pid started at the same time). */
async function isAlive(holder: Holder): Promise<boolean> {
  return (await processStartTime(holder.pid)) === holder.startTime
}

/**
 * Takes the data directory for this process, before anything touches it. The lock file holds the pid and the
 * process start time; it appears atomically (a complete temp file is hard-linked into place, which fails when one
 * exists). A lock whose process is gone (a kill -9, a power loss) is taken over.
 */
export async function acquireInstanceLock(dataDir: string): Promise<InstanceLock> {
  const file = path.join(dataDir, LOCK_FILE)
  const me: Holder = { pid: process.pid, startTime: (await processStartTime(process.pid)) ?? '0' }
  const temp = path.join(dataDir, `.${LOCK_FILE}.${randomBytes(6).toString('hex')}`)
  await writeFile(temp, `${me.pid} ${me.startTime}\n`, { mode: 0o644 })
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      try {
        await link(temp, file)
        return {
          async release() {
            const holder = await readHolder(file)
            if (holder?.pid === me.pid && holder.startTime === me.startTime) await rm(file, { force: true })
          },
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      }
      const holder = await readHolder(file)
      if (holder && (await isAlive(holder))) throw new InstanceLockError(ALREADY_RUNNING_MESSAGE(holder.pid))
      // stale: move it aside (only one of several starting processes succeeds) and try again
      const aside = `${file}.stale-${randomBytes(4).toString('hex')}`
      // failing here means another start moved it first (or the moved copy stays behind, harmless): try again
      await rename(file, aside)
        .then(() => rm(aside, { force: true }))
        .catch(() => {})
    }
    throw new InstanceLockError(`Could not take ${file}: another start is taking it at the same time`)
  } finally {
    await rm(temp, { force: true })
  }
}
