import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { lookup } from 'node:dns/promises'
import { access, chmod, readFile, rename, rm } from 'node:fs/promises'
import { BlockList, isIP } from 'node:net'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { type EgressDestination, ownAddresses } from '../../../security/egress-policy'

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
 * The exact destinations the guard lets through for a project: each one the operator lists (PGFLEET_EGRESS_ALLOW)
 * that the project's allow-list opens, by its name, its address or a range holding it, as `address:port` (IPv6 as
 * `[address]:port`). Public addresses need no entry: the guard refuses only internal ones and this machine's. An
 * internal destination the operator does not list is never let through, whatever the project's list says. Names are
 * resolved now; a worker starts with the addresses they had.
 */
export async function guardAllowList(
  allow: string[],
  operator: readonly EgressDestination[],
  resolve: (name: string) => Promise<string[]> = resolveAll,
): Promise<string[]> {
  const ranges = new BlockList()
  const names = new Set<string>()
  for (const entry of allow) {
    const [base = '', prefix] = entry.split('/')
    if (isIP(base) === 4) ranges.addSubnet(base, Number(prefix ?? 32), 'ipv4')
    else names.add(entry)
  }
  const openedByName = new Set<string>()
  await Promise.all(
    [...names].map(async (name) => {
      for (const address of await resolve(name).catch(() => [])) openedByName.add(address)
    }),
  )
  const opened: string[] = []
  for (const destination of operator) {
    const addresses = isIP(destination.host) ? [destination.host] : await resolve(destination.host).catch(() => [])
    for (const address of addresses) {
      const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
      const byRange = family === 'ipv4' && ranges.check(address, 'ipv4')
      if (names.has(destination.host) || openedByName.has(address) || byRange) {
        opened.push(family === 'ipv6' ? `[${address}]:${destination.port}` : `${address}:${destination.port}`)
      }
    }
  }
  return [...new Set(opened)]
}

async function resolveAll(name: string): Promise<string[]> {
  return (await lookup(name, { all: true })).map((found) => found.address)
}

/**
 * The variables a worker is started with so the guard loads and knows what the project opened, this machine's own
 * addresses (refused on every port) and the name servers.
 */
export function egressGuardEnv(
  library: string,
  allow: string[],
  dns: string[],
  own: string[] = ownAddresses(),
): Record<string, string> {
  return {
    LD_PRELOAD: library,
    PGFLEET_EGRESS_ALLOW: allow.join(','),
    PGFLEET_EGRESS_DENY: own.join(','),
    PGFLEET_EGRESS_DNS: dns.join(','),
  }
}
