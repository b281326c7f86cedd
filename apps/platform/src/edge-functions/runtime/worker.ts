import { type ChildProcess, spawn } from 'node:child_process'
import net from 'node:net'
import { pathToFileURL } from 'node:url'
import type { RunAs } from '@pgfleet/engine'
import { LISTENING_MARKER } from './bootstrap'

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
}

export interface WorkerRuntime {
  denoPath: string
  bootstrapPath: string
  denoDir: string
  runAs: RunAs | null
  memoryMb: number
  startTimeoutMs: number
}

/** Kept lines of the worker's output, for the start-failure message and the logs. */
const MAX_KEPT_LINES = 40
const MAX_LINE_LENGTH = 500
const STOP_GRACE_MS = 2_000
const STDERR_HEAD_LINES = 10

export class WorkerStartError extends Error {}

/** A free TCP port on 127.0.0.1, chosen by the OS. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/**
 * One `deno run` process serving one function version on 127.0.0.1:{port}. It may read only its own files and
 * the variables it is given, may not write files, run programs or load native code; its heap is capped.
 */
export class FunctionWorker {
  port = 0
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
    this.port = await freePort()
    const { runtime, spec } = this
    const args = [
      'run',
      '--no-prompt',
      '--no-config',
      '--no-lock',
      `--v8-flags=--max-old-space-size=${runtime.memoryMb}`,
      // functions call the project's APIs (and anything else on the network)
      '--allow-net',
      `--allow-env=${Object.keys(spec.env).join(',')}`,
      `--allow-read=${spec.dir}`,
      runtime.bootstrapPath,
      String(this.port),
      spec.entrypointUrl,
    ]
    const child = spawn(runtime.denoPath, args, {
      cwd: spec.dir,
      env: { ...spec.env, DENO_DIR: runtime.denoDir, DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(runtime.runAs ? { uid: runtime.runAs.uid, gid: runtime.runAs.gid } : {}),
    })
    this.child = child
    let listening = false
    let resolveStarted: () => void = () => {}
    let rejectStarted: (error: Error) => void = () => {}
    const started = new Promise<void>((resolve, reject) => {
      resolveStarted = resolve
      rejectStarted = reject
    })
    const marker = `${LISTENING_MARKER}${this.port}`
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
