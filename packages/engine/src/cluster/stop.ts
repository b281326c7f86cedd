import { setTimeout as sleep } from 'node:timers/promises'
import { isPostmasterProcess, readPidFile } from './pid-file'
import type { ClusterSpec, StopMode } from './types'

/** The postmaster's shutdown signals: smart waits for clients, fast disconnects them, immediate skips the checkpoint. */
export const STOP_SIGNALS: Record<StopMode, NodeJS.Signals> = {
  smart: 'SIGTERM',
  fast: 'SIGINT',
  immediate: 'SIGQUIT',
}

export const DEFAULT_STOP_TIMEOUT_MS = 30_000
/** Grace given to each escalation step (immediate, then SIGKILL) after the requested mode timed out. */
const ESCALATION_GRACE_MS = 5_000
const POLL_INTERVAL_MS = 10
const STALE_PID_FILE_GRACE_MS = 200

function send(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error
  }
}

/** Waits until the postmaster is gone and its pid file removed (a killed one leaves the file; that is fine). */
async function waitForExit(dataDir: string, pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  let goneAt: number | null = null
  while (Date.now() <= deadline || goneAt !== null) {
    if (goneAt === null && !(await isPostmasterProcess(pid, dataDir))) goneAt = Date.now()
    if (goneAt !== null) {
      const pidFile = await readPidFile(dataDir)
      // The postmaster removes the file as its last act; after a kill the file stays behind, stale.
      if (pidFile?.pid !== pid || Date.now() - goneAt > STALE_PID_FILE_GRACE_MS) return true
    }
    await sleep(POLL_INTERVAL_MS)
  }
  return false
}

/**
 * Stops the cluster with the requested mode; on timeout escalates to an immediate stop and then SIGKILL
 * (the next start then runs crash recovery). A no-op when the cluster is not running.
 */
export async function stopCluster(
  spec: Pick<ClusterSpec, 'dataDir'>,
  mode: StopMode = 'fast',
  timeoutMs = DEFAULT_STOP_TIMEOUT_MS,
): Promise<void> {
  const pidFile = await readPidFile(spec.dataDir)
  if (!pidFile || !(await isPostmasterProcess(pidFile.pid, spec.dataDir))) return
  const { pid } = pidFile
  send(pid, STOP_SIGNALS[mode])
  if (await waitForExit(spec.dataDir, pid, timeoutMs)) return
  if (mode !== 'immediate') {
    send(pid, STOP_SIGNALS.immediate)
    if (await waitForExit(spec.dataDir, pid, ESCALATION_GRACE_MS)) return
  }
  send(pid, 'SIGKILL')
  if (await waitForExit(spec.dataDir, pid, ESCALATION_GRACE_MS)) return
  throw new Error(`Postgres (pid ${pid}) did not exit after SIGKILL`)
}
