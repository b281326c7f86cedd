import { chmod, mkdtemp, readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { ClusterSpec } from '../cluster/types'
import { computeSettings } from '../compute'
import type { PostgresEngine } from '../engines/types'
import type { RunAs } from '../system/run-as'

/** A temp directory the unprivileged run-as user can traverse (mkdtemp makes it 0700). */
export async function makeTempRoot(prefix: string): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), `pgfleet-${prefix}-`))
  await chmod(root, 0o711)
  return root
}

/** The real uid a process runs as, from /proc/PID/status. */
export async function processUid(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const match = /^Uid:\s+(\d+)/m.exec(status)
  if (!match?.[1]) throw new Error(`No Uid line for pid ${pid}`)
  return Number(match[1])
}

export async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/**
 * A nano-sized cluster under `dir` (pgdata, run, log), socket-only unless it gets a port: the ClusterSpec the engine's
 * tests start real servers from.
 */
export function testClusterSpec(
  dir: string,
  engine: PostgresEngine,
  runAs: RunAs | null,
  overrides: Partial<ClusterSpec> = {},
): ClusterSpec {
  return {
    dataDir: path.join(dir, 'pgdata'),
    socketDir: path.join(dir, 'run'),
    port: null,
    listenAddress: '127.0.0.1',
    engine,
    runAs,
    logFile: path.join(dir, 'log', 'postgres.log'),
    settings: computeSettings('nano'),
    ...overrides,
  }
}
