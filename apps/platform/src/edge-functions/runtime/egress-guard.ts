import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { lookup } from 'node:dns/promises'
import { access, chmod, readFile, rename, rm } from 'node:fs/promises'
import { isIP } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

/**
 * The egress guard: a small shared library preloaded into every worker that refuses connections to loopback,
 * private, link-local and other internal addresses, IPv4 and IPv6, after name resolution (see egress-guard.c).
 * Deno's `--deny-net` stays in place in front of it; the guard covers what Deno cannot express: IPv6 ranges and
 * public names that resolve to internal addresses.
 */

const SOURCE_PATH = fileURLToPath(new URL('./egress-guard.c', import.meta.url))
const COMPILE_TIMEOUT_MS = 60_000
const run = promisify(execFile)

/** Said on the isolation report when the guard could not be built (no C compiler on the machine). */
export const EGRESS_GUARD_MISSING =
  "Edge functions' network filter is not built (no C compiler, `cc`, was found): functions are kept from this machine and private IPv4 ranges by name and address, but not from private IPv6 networks or from public names that resolve to private addresses. Install a C compiler (Debian: gcc) and restart the platform."

/**
 * Compiles the guard into `dir` (once per version of its source) and answers its path, or null when no C compiler
 * is available. The file is world-readable: each project's worker user loads it.
 */
export async function buildEgressGuard(dir: string): Promise<string | null> {
  const source = await readFile(SOURCE_PATH)
  const digest = createHash('sha256').update(source).digest('hex').slice(0, 12)
  const library = path.join(dir, `egress-guard-${digest}.so`)
  if (await exists(library)) return library
  const partial = `${library}.${process.pid}.partial`
  try {
    await run('cc', ['-shared', '-fPIC', '-O2', '-o', partial, SOURCE_PATH, '-ldl'], { timeout: COMPILE_TIMEOUT_MS })
    await chmod(partial, 0o644)
    await rename(partial, library)
    return library
  } catch {
    await rm(partial, { force: true })
    return null
  }
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  )

/** The name servers of /etc/resolv.conf: workers may reach them on port 53, for name resolution. */
export async function nameServers(resolvConf = '/etc/resolv.conf'): Promise<string[]> {
  const text = await readFile(resolvConf, 'utf8').catch(() => '')
  const servers = text
    .split('\n')
    .map((line) => /^\s*nameserver\s+(\S+)/.exec(line)?.[1] ?? '')
    .map((server) => server.replace(/%.*$/, ''))
    .filter((server) => isIP(server) !== 0)
  return [...new Set(servers)]
}

/**
 * What the guard lets through of a project's allow-list: IPv4 addresses and ranges as they are, and each host name
 * as the addresses it resolves to now (a worker starts with them; a later change of the name's records applies
 * from its next start). A name that does not resolve opens nothing.
 */
export async function guardAllowList(
  allow: string[],
  resolve: (name: string) => Promise<string[]> = resolveAll,
): Promise<string[]> {
  const entries = await Promise.all(
    allow.map(async (entry) => (/^[\d./]+$/.test(entry) ? [entry] : await resolve(entry).catch(() => []))),
  )
  return [...new Set(entries.flat())]
}

async function resolveAll(name: string): Promise<string[]> {
  return (await lookup(name, { all: true })).map((found) => found.address)
}

/** The variables a worker is started with so the guard loads and knows what the project opened. */
export function egressGuardEnv(library: string, allow: string[], dns: string[]): Record<string, string> {
  return { LD_PRELOAD: library, PGFLEET_EGRESS_ALLOW: allow.join(','), PGFLEET_EGRESS_DNS: dns.join(',') }
}
