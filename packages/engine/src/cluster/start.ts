import { spawn } from 'node:child_process'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { logIgnoredError } from '../logger'
import { mkdirOwned, openLogForAppend } from '../system/fs-owned'
import { spawnIdentity } from '../system/run-as'
import { postgresEnv } from '../system/run-command'
import { assertSocketPathFits, serverAnswers } from './client'
import { readLogTail, START_MARKER } from './log-tail'
import { clusterPid, isPostmasterProcess, readPidFile } from './pid-file'
import type { ClusterSpec } from './types'

export interface StartClusterOptions {
  timeoutMs?: number
}

export interface StartClusterResult {
  pid: number
  /** True when a postmaster for this data directory was already running and was adopted. */
  adopted: boolean
  /** Milliseconds from spawn (or adoption) until the server answered a query. */
  readyMs: number
}

export const DEFAULT_START_TIMEOUT_MS = 30_000
const POLL_INTERVAL_MS = 10
/** Pid-file states in which the postmaster accepts connections (standby = hot standby during recovery). */
const ACCEPTING_STATES = new Set(['ready', 'standby'])

export const defaultLogFile = (spec: Pick<ClusterSpec, 'dataDir'>): string =>
  path.join(path.dirname(spec.dataDir), 'postgres.log')

/** Ready = the pid file says it accepts connections and a query over its socket succeeds. */
async function isReady(spec: ClusterSpec, pid: number): Promise<boolean> {
  const pidFile = await readPidFile(spec.dataDir)
  if (pidFile?.pid !== pid || !pidFile.status || !ACCEPTING_STATES.has(pidFile.status)) return false
  // Where the server actually listens, which for an adopted server may differ from the cluster spec.
  const location = { socketDir: pidFile.socketDir || spec.socketDir, port: pidFile.port }
  return serverAnswers(location, 1_000)
}

async function waitForAdopted(spec: ClusterSpec, pid: number, deadline: number): Promise<void> {
  while (!(await isReady(spec, pid))) {
    if (!(await isPostmasterProcess(pid, spec.dataDir))) throw new Error(`Postgres (pid ${pid}) exited while starting`)
    if (Date.now() > deadline) throw new Error(`Postgres (pid ${pid}) did not become ready in time`)
    await sleep(POLL_INTERVAL_MS)
  }
}

/** Children of a killed postmaster still hold its shared memory for a moment; a new postmaster then refuses. */
const OLD_CHILDREN_ALIVE = 'pre-existing shared memory block'
const OLD_CHILDREN_RETRY_MS = 100

class StartFailure extends Error {}

/** Spawns one postmaster and waits for it; throws StartFailure (with the log) when it exits. */
async function spawnAndWait(spec: ClusterSpec, logFile: string, deadline: number, timeoutMs: number) {
  const log = await openLogForAppend(logFile)
  const state: { exit: string | null } = { exit: null }
  let pid: number | undefined
  try {
    await log.write(`\n${START_MARKER} ${spec.engine.version} at ${new Date().toISOString()} ---\n`)
    const child = spawn(spec.engine.tools.postgres, ['-D', spec.dataDir], {
      cwd: spec.dataDir,
      detached: true,
      env: postgresEnv(),
      stdio: ['ignore', log.fd, log.fd],
      ...spawnIdentity(spec.runAs),
    })
    child.once('error', (error) => {
      state.exit = error.message
    })
    child.once('exit', (code, signal) => {
      state.exit = signal ? `killed by ${signal}` : `exit code ${code}`
    })
    child.unref()
    pid = child.pid
  } finally {
    await log.close()
  }

  const startedAt = Date.now()
  for (;;) {
    if (state.exit !== null || pid === undefined) {
      const tail = await readLogTail(logFile)
      throw new StartFailure(`Postgres failed to start (${state.exit ?? 'no pid'}). Last log lines:\n${tail}`)
    }
    if (await isReady(spec, pid)) return { pid, readyMs: Date.now() - startedAt }
    if (Date.now() > deadline) {
      throw new Error(`Postgres (pid ${pid}) did not become ready within ${timeoutMs} ms; it is still running`)
    }
    await sleep(POLL_INTERVAL_MS)
  }
}

/**
 * Spawns `postgres -D dataDir` in its own session (it outlives this process; its pid file is the only link)
 * and resolves once it answers a query. A running postmaster for the same data directory is adopted instead.
 * A stale pid file from a crash is handled by postgres itself; leftover children of a killed postmaster are
 * waited out.
 */
export async function startCluster(spec: ClusterSpec, options: StartClusterOptions = {}): Promise<StartClusterResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_START_TIMEOUT_MS
  const started = Date.now()
  const deadline = started + timeoutMs
  const running = await clusterPid(spec)
  if (running !== null) {
    // the caller has just written the config files: a server that keeps running reads them again (access rules
    // included); settings that need a restart stay as they are until one
    try {
      process.kill(running, 'SIGHUP')
    } catch (error) {
      logIgnoredError('could not ask the running server to reload; waiting for it below says why', error, {
        pid: running,
      })
    }
    await waitForAdopted(spec, running, deadline)
    return { pid: running, adopted: true, readyMs: Date.now() - started }
  }

  assertSocketPathFits(spec)
  await mkdirOwned(spec.socketDir, spec.runAs, 0o700)
  const logFile = spec.logFile ?? defaultLogFile(spec)
  for (;;) {
    try {
      return { ...(await spawnAndWait(spec, logFile, deadline, timeoutMs)), adopted: false }
    } catch (error) {
      const retry = error instanceof StartFailure && error.message.includes(OLD_CHILDREN_ALIVE) && Date.now() < deadline
      if (!retry) throw error
      await sleep(OLD_CHILDREN_RETRY_MS)
    }
  }
}
