import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** Clock ticks per second of /proc/<pid>/stat's times: 100 on every Linux build Node runs on. */
export const CLOCK_TICKS_PER_SECOND = 100

/** The children of every process, from one pass over /proc (the kernel here has no `task/<tid>/children`). */
export type ProcessChildren = Map<number, number[]>

/** The fields of /proc/<pid>/stat after the command name, which may itself hold spaces and parentheses. */
function statFields(text: string): string[] | null {
  const end = text.lastIndexOf(')')
  return end < 0 ? null : text.slice(end + 2).split(' ')
}

/**
 * /proc files live in memory and answer at once, so they are read synchronously: a promise and a thread-pool
 * round trip per file cost more CPU than the read itself. Null when the process has gone.
 */
function readProcFile(file: string): string | null {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return null
  }
}

/** Reads the parent of every process once; processes that exit during the pass are skipped. */
export async function readProcessChildren(procDir = '/proc'): Promise<ProcessChildren> {
  const children: ProcessChildren = new Map()
  for (const name of readdirSync(procDir)) {
    if (!/^\d+$/.test(name)) continue
    const text = readProcFile(path.join(procDir, name, 'stat'))
    const parent = text === null ? null : Number(statFields(text)?.[1])
    if (!parent) continue
    const list = children.get(parent)
    if (list) list.push(Number(name))
    else children.set(parent, [Number(name)])
  }
  return children
}

/** Cumulative counters of a process and its direct children (a postmaster's backends do not fork further). */
export interface ProcessTreeUsage {
  /** the root and its live children */
  pids: number[]
  /**
   * CPU seconds: the root's own, its reaped children's (the kernel adds them to the parent) and its live
   * children's. It only grows while the root lives, so two readings give the CPU used in between.
   */
  cpuSeconds: number
  /** proportional set size: shared memory (shared_buffers) is split between the processes mapping it */
  memoryBytes: number
  swapBytes: number
  /** bytes that reached or came from the storage layer; reaped children's are added to the root's */
  ioReadBytes: number
  ioWriteBytes: number
}

function kibibytes(text: string, field: string): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(text)
  return match?.[1] ? Number(match[1]) * 1024 : 0
}

function counter(text: string, field: string): number {
  const match = new RegExp(`^${field}: (\\d+)`, 'm').exec(text)
  return match?.[1] ? Number(match[1]) : 0
}

/** Sums the counters of `rootPid` and its children; null when the root is gone. */
export async function processTreeUsage(
  rootPid: number,
  children: ProcessChildren,
  procDir = '/proc',
): Promise<ProcessTreeUsage | null> {
  const pids = [rootPid, ...(children.get(rootPid) ?? [])]
  const usage: ProcessTreeUsage = {
    pids: [],
    cpuSeconds: 0,
    memoryBytes: 0,
    swapBytes: 0,
    ioReadBytes: 0,
    ioWriteBytes: 0,
  }
  const read = (pid: number, file: string) => readProcFile(path.join(procDir, String(pid), file))
  for (const pid of pids) {
    const stat = read(pid, 'stat')
    const fields = stat === null ? null : statFields(stat)
    if (!fields) continue
    const rollup = read(pid, 'smaps_rollup')
    const io = read(pid, 'io')
    usage.pids.push(pid)
    // utime and stime, then (for the root only) cutime and cstime: fields 14-17 of stat
    const times = fields.slice(11, pid === rootPid ? 15 : 13).map(Number)
    usage.cpuSeconds += times.reduce((sum, ticks) => sum + ticks, 0) / CLOCK_TICKS_PER_SECOND
    if (rollup !== null) {
      usage.memoryBytes += kibibytes(rollup, 'Pss')
      usage.swapBytes += kibibytes(rollup, 'SwapPss')
    }
    if (io !== null) {
      usage.ioReadBytes += counter(io, 'read_bytes')
      usage.ioWriteBytes += counter(io, 'write_bytes')
    }
  }
  return usage.pids.includes(rootPid) ? usage : null
}
