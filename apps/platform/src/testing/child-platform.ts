import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'

const repoRoot = path.resolve(import.meta.dirname, '../../../..')

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

export interface ChildPlatformOptions {
  /** start it the way `npm start` does (scripts/start.mjs, which spawns the server) instead of the server directly */
  viaStartScript?: boolean
}

/**
 * The platform as a separate process, in a process group of its own (like under a service manager), for tests that
 * kill it (-9) in the middle of an operation, or signal it or its group, and check what is left.
 */
export class ChildPlatform {
  private child: ChildProcess | undefined
  private output = ''
  baseUrl = ''
  /** the projects' ports, the same block on every start of this data directory */
  private readonly portRange = testPortRangeSetting(100)

  constructor(
    readonly dataDir: string,
    private readonly env: Record<string, string> = {},
    private readonly options: ChildPlatformOptions = {},
  ) {}

  /** The pid of the process started (also its process group id). */
  get pid(): number | undefined {
    return this.child?.pid
  }

  /** Starts it and resolves with its exit code and output, for a start that is expected to end by itself. */
  async run(timeoutMs = 30_000): Promise<{ code: number | null; output: string }> {
    const child = this.spawn(await freePort())
    const code = await new Promise<number | null>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`still running after ${timeoutMs} ms:\n${this.output}`)),
        timeoutMs,
      )
      child.once('exit', (exitCode) => {
        clearTimeout(timer)
        resolve(exitCode)
      })
    })
    return { code, output: this.output }
  }

  private spawn(port: number): ChildProcess {
    this.baseUrl = `http://127.0.0.1:${port}`
    this.output = ''
    const entry = this.options.viaStartScript ? ['scripts/start.mjs'] : ['--import', 'tsx', 'apps/platform/src/main.ts']
    const child = spawn(process.execPath, entry, {
      cwd: repoRoot,
      detached: true,
      env: {
        ...process.env,
        PORT: String(port),
        PGFLEET_DATA_DIR: this.dataDir,
        PGFLEET_LOG_LEVEL: 'warn',
        PGFLEET_PORT_RANGE: this.portRange,
        PGFLEET_HEALTH_INTERVAL_MS: '500',
        PGFLEET_SKIP_BUILD: '1',
        PGFLEET_SIGNUP: 'open',
        PGFLEET_SIGNUPS_PER_ADDRESS_PER_HOUR: '10000',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child.stdout?.on('data', (chunk) => {
      this.output += chunk
    })
    child.stderr?.on('data', (chunk) => {
      this.output += chunk
    })
    this.child = child
    return child
  }

  async start(): Promise<void> {
    const child = this.spawn(await freePort())
    const deadline = Date.now() + 60_000
    for (;;) {
      if (child.exitCode !== null) throw new Error(`platform exited early:\n${this.output}`)
      const up = await fetch(`${this.baseUrl}/platform/profile`).then(
        (r) => r.status === 401,
        () => false,
      )
      if (up) return
      if (Date.now() > deadline) throw new Error(`platform did not come up:\n${this.output}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }

  /** SIGKILL: no cleanup at all, like a crash or an OOM kill. */
  async crash(): Promise<void> {
    await this.signal('SIGKILL')
  }

  /** SIGINT, as Ctrl+C would: the platform stops every Postgres process it started. */
  async stop(): Promise<void> {
    await this.signal('SIGINT')
  }

  private async signal(signal: NodeJS.Signals): Promise<void> {
    await this.sendAndWait(() => this.child?.kill(signal))
  }

  /**
   * Sends the signals (to the process, or to its whole process group as a service manager does), the next one
   * 100 ms after the previous, and resolves with the exit code once the process has ended.
   */
  async stopWith(signals: NodeJS.Signals[], target: 'process' | 'group'): Promise<number | null> {
    const pid = this.child?.pid
    if (pid === undefined) return null
    return this.sendAndWait(async () => {
      for (const [index, signal] of signals.entries()) {
        if (index > 0) await new Promise((r) => setTimeout(r, 100))
        try {
          process.kill(target === 'group' ? -pid : pid, signal)
        } catch {
          // it ended already
        }
      }
    })
  }

  private async sendAndWait(send: () => unknown): Promise<number | null> {
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return child?.exitCode ?? null
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    await send()
    return exited
  }

  get logs(): string {
    return this.output
  }
}

/** PIDs of live postgres processes whose command line mentions this data directory (postmasters). */
export function postmastersUnder(dataDir: string): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')
      if (path.basename(cmdline[0] ?? '') === 'postgres' && cmdline.some((arg) => arg.startsWith(dataDir))) {
        pids.push(Number(entry))
      }
    } catch {
      // the process ended while we looked
    }
  }
  return pids
}

/** Whether any process of the process group `pgid` is still alive. */
export function processGroupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0)
    return true
  } catch {
    return false
  }
}

/** PIDs of live processes (other than this one) whose command line mentions this data directory. */
export function processesUnder(dataDir: string): number[] {
  const pids: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')
      if (cmdline.some((arg) => arg.includes(dataDir))) pids.push(Number(entry))
    } catch {
      // the process ended while we looked
    }
  }
  return pids
}
