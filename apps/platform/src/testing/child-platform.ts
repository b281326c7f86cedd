import { type ChildProcess, spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'

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

/**
 * The platform as a separate process, for tests that kill it (-9) in the middle of an operation and
 * check what the next start makes of it.
 */
export class ChildPlatform {
  private child: ChildProcess | undefined
  private output = ''
  baseUrl = ''

  constructor(
    readonly dataDir: string,
    private readonly env: Record<string, string> = {},
  ) {}

  async start(): Promise<void> {
    const port = await freePort()
    this.baseUrl = `http://127.0.0.1:${port}`
    this.output = ''
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/platform/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        PGFLEET_DATA_DIR: this.dataDir,
        PGFLEET_LOG_LEVEL: 'warn',
        PGFLEET_PORT_RANGE: '57000-57999',
        PGFLEET_HEALTH_INTERVAL_MS: '500',
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
    const child = this.child
    if (!child || child.exitCode !== null || child.signalCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill(signal)
    await exited
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
