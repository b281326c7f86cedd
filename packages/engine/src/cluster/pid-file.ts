import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { readFileNoFollow } from '../system/no-follow'
import type { ClusterSpec } from './types'

export const PID_FILE_NAME = 'postmaster.pid'

/** The lines of postmaster.pid (see src/include/utils/pidfile.h). */
export interface PostmasterPidFile {
  pid: number
  dataDir: string
  /** Start time, seconds since the epoch. */
  startedAt: number
  port: number
  /** First unix socket directory; empty when the server has none. */
  socketDir: string
  listenAddress: string
  /** 'starting', 'stopping', 'ready' or 'standby'; null while the postmaster has not written it yet. */
  status: string | null
}

export function parsePidFile(text: string): PostmasterPidFile | null {
  const lines = text.split('\n')
  const pid = Number(lines[0])
  if (!Number.isInteger(pid) || pid <= 0) return null
  return {
    pid,
    dataDir: lines[1] ?? '',
    startedAt: Number(lines[2] ?? 0),
    port: Number(lines[3] ?? 0),
    socketDir: lines[4] ?? '',
    listenAddress: lines[5] ?? '',
    status: lines[7]?.trim() || null,
  }
}

export async function readPidFile(dataDir: string): Promise<PostmasterPidFile | null> {
  const text = await readFileNoFollow(path.join(dataDir, PID_FILE_NAME), 'utf8').catch(() => null)
  return text === null ? null : parsePidFile(text)
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Whether `pid` is a live postmaster of `dataDir`. A pid file can outlive its server (crash, SIGKILL) and the
 * pid be recycled, so the process's command line must name postgres (and the data directory when it has -D).
 * Zombies have an empty command line and count as dead.
 */
export async function isPostmasterProcess(pid: number, dataDir: string): Promise<boolean> {
  if (!signalable(pid)) return false
  let cmdline: string
  try {
    cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8')
  } catch (error) {
    // A process that exits meanwhile fails the read with ENOENT or ESRCH; only a hidden /proc (hidepid)
    // leaves the signal check as the sole evidence.
    const code = (error as NodeJS.ErrnoException).code
    return (code === 'EACCES' || code === 'EPERM') && signalable(pid)
  }
  const argv = cmdline.split('\0').filter(Boolean)
  if (!argv[0] || !path.basename(argv[0]).startsWith('postgres')) return false
  const flag = argv.indexOf('-D')
  const dir = flag >= 0 ? argv[flag + 1] : undefined
  return !dir || !path.isAbsolute(dir) || path.resolve(dir) === path.resolve(dataDir)
}

/** The postmaster's pid when the cluster is running, else null. */
export async function clusterPid(spec: Pick<ClusterSpec, 'dataDir'>): Promise<number | null> {
  const pidFile = await readPidFile(spec.dataDir)
  if (!pidFile) return null
  return (await isPostmasterProcess(pidFile.pid, spec.dataDir)) ? pidFile.pid : null
}

export async function isClusterRunning(spec: Pick<ClusterSpec, 'dataDir'>): Promise<boolean> {
  return (await clusterPid(spec)) !== null
}
