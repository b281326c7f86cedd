import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { chmod, chown, mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { MAX_SOCKET_PATH_BYTES, type RunAs } from '@pgfleet/engine'
import { LISTENING_MARKER } from './bootstrap'
import { egressGuardEnv } from './egress-guard'
import { confinedCommand, processCpuMs } from './sandbox'

/** Everything needed to run one version of one function. */
export interface WorkerSpec {
  /** `{ref}/{slug}` */
  key: string
  version: number
  /** the directory of this version's files (the only one the worker may read) */
  dir: string
  /** file URL of the entrypoint */
  entrypointUrl: string
  /** the variables the function sees (and may read) */
  env: Record<string, string>
  /** fingerprint of what env was built from: a worker whose fingerprint is outdated is replaced */
  fingerprint: string
  /** the OS user the worker runs as (the project's functions user when the platform is root) */
  runAs: RunAs | null
  /** the directory (0700, the worker's user's) of the unix socket it listens on */
  socketDir: string
  /** the platform's socket through which the function calls its project's APIs */
  apiSocketPath: string
  /** the `--deny-net` list: loopback and private networks, less the project's allow-list */
  deniedNetwork: string
  /** addresses the egress guard lets through: the project's allow-list, its names resolved */
  egressAllow: string[]
}

export interface WorkerRuntime {
  denoPath: string
  bootstrapPath: string
  /** Deno's module cache for this worker's project (written by the worker) */
  denoDir(spec: WorkerSpec): Promise<string>
  memoryMb: number
  startTimeoutMs: number
  /** the egress guard to preload and the name servers it lets through, or null when it could not be built */
  egressGuard: { library: string; dns: string[] } | null
}

/** Kept lines of the worker's output, for the start-failure message and the logs. */
const MAX_KEPT_LINES = 40
const MAX_LINE_LENGTH = 500
const STOP_GRACE_MS = 2_000
const STDERR_HEAD_LINES = 10

export class WorkerStartError extends Error {}

/**
 * One `deno run` process serving one function version on a unix socket only the platform (and the worker's own
 * user) can reach. It may read only its own files and the variables it is given, may not write files, run programs
 * or load native code, may not reach loopback or private networks (by name in Deno's permissions, by address in the
 * preloaded egress guard); its heap and its data segment are capped, and
 * it dies with the platform.
 */
export class FunctionWorker {
  socketPath = ''
  /** why the process ended (set once it has) */
  exitSignal: string | null = null
  inflight = 0
  lastUsedAt = Date.now()
  exited = false
  private child: ChildProcess | null = null
  private readonly output: string[] = []
  /** the first lines the worker wrote to stderr: what explains a failed start */
  private readonly stderrHead: string[] = []
  private exitPromise: Promise<void> = Promise.resolve()

  constructor(
    readonly spec: WorkerSpec,
    private readonly runtime: WorkerRuntime,
    private readonly onExit: (worker: FunctionWorker) => void,
  ) {}

  /** Resolves once the function listens; rejects with the first lines of its stderr otherwise. */
  async start(): Promise<void> {
    const { runtime, spec } = this
    await mkdir(spec.socketDir, { recursive: true, mode: 0o700 })
    await chmod(spec.socketDir, 0o700)
    if (spec.runAs) await chown(spec.socketDir, spec.runAs.uid, spec.runAs.gid)
    this.socketPath = path.join(spec.socketDir, `${randomBytes(6).toString('hex')}.sock`)
    if (Buffer.byteLength(this.socketPath) >= MAX_SOCKET_PATH_BYTES) {
      throw new WorkerStartError(`its socket path ${this.socketPath} is too long: use a shorter PGFLEET_DATA_DIR`)
    }
    const args = [
      'run',
      '--no-prompt',
      '--no-config',
      '--no-lock',
      `--v8-flags=--max-old-space-size=${runtime.memoryMb}`,
      // functions call the project's APIs and the internet, never this machine or private networks
      '--allow-net',
      `--deny-net=${spec.deniedNetwork}`,
      `--allow-env=${Object.keys(spec.env).join(',')}`,
      `--allow-read=${spec.dir},${this.socketPath},${spec.apiSocketPath}`,
      `--allow-write=${this.socketPath},${spec.apiSocketPath}`,
      runtime.bootstrapPath,
      this.socketPath,
      spec.entrypointUrl,
      spec.apiSocketPath,
    ]
    const confined = confinedCommand(runtime.denoPath, args)
    const denoDir = await runtime.denoDir(spec)
    const child = spawn(confined.command, confined.args, {
      cwd: spec.dir,
      env: {
        ...spec.env,
        DENO_DIR: denoDir,
        DENO_NO_UPDATE_CHECK: '1',
        NO_COLOR: '1',
        ...(runtime.egressGuard
          ? egressGuardEnv(runtime.egressGuard.library, spec.egressAllow, runtime.egressGuard.dns)
          : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // its own process group: a signal to the platform's group (a service manager's stop) is the platform's to handle
      detached: true,
      ...(spec.runAs ? { uid: spec.runAs.uid, gid: spec.runAs.gid } : {}),
    })
    this.child = child
    let listening = false
    let resolveStarted: () => void = () => {}
    let rejectStarted: (error: Error) => void = () => {}
    const started = new Promise<void>((resolve, reject) => {
      resolveStarted = resolve
      rejectStarted = reject
    })
    const marker = `${LISTENING_MARKER}${this.socketPath}`
    this.collect(child.stdout, (line) => {
      if (!listening && line === marker) {
        listening = true
        resolveStarted()
        return false
      }
      return true
    })
    this.collect(child.stderr, (line) => {
      if (this.stderrHead.length < STDERR_HEAD_LINES && line.trim() !== '') this.stderrHead.push(line)
      return true
    })
    this.exitPromise = new Promise((resolve) => {
      const exited = (reason: string) => {
        if (this.exited) return
        this.exited = true
        this.exitSignal = reason
        void rm(this.socketPath, { force: true })
        rejectStarted(new WorkerStartError(reason))
        this.onExit(this)
        resolve()
      }
      child.once('exit', (code, signal) => exited(this.describeExit(code, signal)))
      // a spawn failure (e.g. the binary vanished) has no exit event
      child.once('error', (error) => exited(`it could not be started: ${error.message}`))
    })
    const timer = setTimeout(
      () => rejectStarted(new WorkerStartError(`it did not listen within ${runtime.startTimeoutMs / 1000} s`)),
      runtime.startTimeoutMs,
    )
    try {
      await started
    } catch (error) {
      await this.stop()
      const detail = this.firstLines()
      throw new WorkerStartError(`${(error as Error).message}${detail ? `\n${detail}` : ''}`)
    } finally {
      clearTimeout(timer)
    }
  }

  /** At once, e.g. past a limit: whatever it was doing is not worth finishing. */
  async kill(): Promise<void> {
    const child = this.child
    if (!child || this.exited) return this.exitPromise
    child.kill('SIGKILL')
    await this.exitPromise
  }

  /** CPU time the worker has used so far (null once it is gone). */
  cpuTimeMs(): Promise<number | null> {
    const pid = this.pid
    return pid === undefined ? Promise.resolve(null) : processCpuMs(pid)
  }

  /** SIGTERM, then SIGKILL if it lingers. */
  async stop(): Promise<void> {
    const child = this.child
    if (!child || this.exited) return this.exitPromise
    child.kill('SIGTERM')
    const killer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS)
    await this.exitPromise
    clearTimeout(killer)
  }

  /** the Deno process id, while it runs */
  get pid(): number | undefined {
    return this.exited ? undefined : this.child?.pid
  }

  /** The worker's recent output (stdout and stderr). */
  recentOutput(): string[] {
    return [...this.output]
  }

  /** The first stderr lines, with the platform's own paths replaced so they name the function's files only. */
  private firstLines(): string {
    const dirUrl = `${pathToFileURL(this.spec.dir).href}/`
    const bootstrapUrl = pathToFileURL(this.runtime.bootstrapPath).href
    return this.stderrHead
      .map((line) =>
        line
          .replaceAll(dirUrl, '')
          .replaceAll(`${this.spec.dir}/`, '')
          .replaceAll(bootstrapUrl, 'bootstrap')
          .replaceAll(this.runtime.bootstrapPath, 'bootstrap')
          .slice(0, MAX_LINE_LENGTH),
      )
      .join('\n')
  }

  private describeExit(code: number | null, signal: NodeJS.Signals | null): string {
    if (signal) return `it was stopped by ${signal}`
    return `it exited with code ${code}`
  }

  private collect(stream: NodeJS.ReadableStream | null, keep: (line: string) => boolean) {
    if (!stream) return
    let pending = ''
    stream.setEncoding('utf8')
    stream.on('data', (chunk: string) => {
      pending += chunk
      let newline = pending.indexOf('\n')
      while (newline !== -1) {
        const line = pending.slice(0, newline)
        pending = pending.slice(newline + 1)
        if (keep(line)) this.keep(line)
        newline = pending.indexOf('\n')
      }
      if (pending.length > MAX_LINE_LENGTH * 4) {
        this.keep(pending)
        pending = ''
      }
    })
  }

  private keep(line: string) {
    if (line.trim() === '') return
    this.output.push(line.length > MAX_LINE_LENGTH ? `${line.slice(0, MAX_LINE_LENGTH)}…` : line)
    if (this.output.length > MAX_KEPT_LINES) this.output.splice(0, this.output.length - MAX_KEPT_LINES)
  }
}
