import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { isIP } from 'node:net'
import { DENIED_IPV4_RANGES, type EgressDestination, ownAddresses } from '../../../security/egress-policy'

/**
 * How a worker is confined beyond Deno's own permissions (see docs/edge-functions.md):
 * - network: everything but loopback, private, link-local and shared ranges, and the names of this machine;
 * - memory: an RLIMIT_DATA cap, which covers what the V8 heap limit does not (ArrayBuffers, WebAssembly);
 * - lifetime: the kernel kills the worker when the platform process dies (parent-death signal).
 */

/**
 * IPv4 ranges a function may not reach: the egress policy's own list, so the two cannot drift (Deno matches these
 * CIDRs, also when written as 127.1 or 2130706433).
 */
export { DENIED_IPV4_RANGES }
/** Deno accepts no IPv6 ranges: the loopback and unspecified addresses (and the machine's own) one by one. */
export const DENIED_IPV6_ADDRESSES = ['[::1]', '[::]']
export const DENIED_NAMES = ['localhost']

/**
 * Deno and V8 reserve about 600 MB of data segment before running any code (measured on Deno 2.9: a limit of
 * 640 MB leaves nothing for ArrayBuffers, 768 MB leaves 200 MB). 1 GiB leaves about 400 MB for buffers beside the
 * 150 MB heap; a function that asks for more gets a RangeError, not the machine's memory.
 */
export const EDGE_FUNCTION_DATA_LIMIT_BYTES = 1024 * 1024 * 1024

const SETPRIV = '/usr/bin/setpriv'
const PRLIMIT = '/usr/bin/prlimit'

/** `fd000000000000000000000000000002` → `[fd00:0000:…:0002]` (Deno reads the long form). */
const ipv6Literal = (hex: string) => `[${hex.match(/.{4}/g)?.join(':')}]`

/**
 * This machine's own IPv6 addresses and its IPv6 gateways, from /proc: Deno takes no IPv6 ranges, so the private
 * IPv6 addresses a function could use to reach this machine or its router are denied one by one.
 */
export async function localIpv6Addresses(): Promise<string[]> {
  const own = (await readFile('/proc/net/if_inet6', 'utf8').catch(() => ''))
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[0] ?? '')
  const gateways = (await readFile('/proc/net/ipv6_route', 'utf8').catch(() => ''))
    .split('\n')
    .map((line) => line.trim().split(/\s+/)[4] ?? '')
  const addresses = [...own, ...gateways].filter((hex) => /^[0-9a-f]{32}$/.test(hex) && !/^0{32}$/.test(hex))
  return [...new Set(addresses)].map(ipv6Literal)
}

/** Names in /etc/hosts (the machine's own name resolves to 127.0.1.1 or the like): denied by name. */
export async function localHostNames(): Promise<string[]> {
  const text = await readFile('/etc/hosts', 'utf8').catch(() => '')
  const names = new Set<string>()
  for (const line of text.split('\n')) {
    const [address, ...aliases] = line.replace(/#.*/, '').trim().split(/\s+/)
    if (!address) continue
    for (const alias of aliases) if (/^[A-Za-z0-9.-]+$/.test(alias)) names.add(alias.toLowerCase())
  }
  return [...names].sort()
}

interface Range {
  base: number
  prefix: number
}

const toNumber = (address: string): number => address.split('.').reduce((value, part) => value * 256 + Number(part), 0)
const toAddress = (value: number): string =>
  [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.')
const size = (prefix: number) => 2 ** (32 - prefix)

function parseRange(text: string): Range {
  const [address = '', prefix = '32'] = text.split('/')
  const bits = Number(prefix)
  return { base: toNumber(address) - (toNumber(address) % size(bits)), prefix: bits }
}

const contains = (outer: Range, inner: Range) =>
  inner.prefix >= outer.prefix && inner.base >= outer.base && inner.base < outer.base + size(outer.prefix)

/** `range` without `hole`: the halves on the way down to the hole that do not contain it (at most 32 ranges). */
export function subtractRange(range: string, hole: string): string[] {
  const outer = parseRange(range)
  const inner = parseRange(hole)
  if (contains(inner, outer)) return []
  if (!contains(outer, inner)) return [range]
  const kept: string[] = []
  let current = outer
  while (current.prefix < inner.prefix) {
    const half = size(current.prefix + 1)
    const low = { base: current.base, prefix: current.prefix + 1 }
    const high = { base: current.base + half, prefix: current.prefix + 1 }
    const [towards, away] = contains(low, inner) ? [low, high] : [high, low]
    kept.push(`${toAddress(away.base)}/${away.prefix}`)
    current = towards
  }
  return kept.sort()
}

const isIpv4Entry = (entry: string) => /^\d+\.\d+\.\d+\.\d+(\/\d+)?$/.test(entry)

/**
 * The `--deny-net` list: ranges, addresses and names a function may not connect to, less what the project's
 * allow-list opens (IPv4 addresses and ranges are cut out of the denied ranges; names are taken off the list).
 */
export function deniedNetwork(hostNames: string[], allow: string[] = [], ipv6: string[] = []): string {
  let ranges = DENIED_IPV4_RANGES
  for (const hole of allow.filter(isIpv4Entry)) ranges = ranges.flatMap((range) => subtractRange(range, hole))
  const allowedNames = new Set(allow.filter((entry) => !isIpv4Entry(entry)))
  const names = [...new Set([...DENIED_NAMES, ...hostNames])].filter((name) => !allowedNames.has(name))
  return [...ranges, ...new Set([...DENIED_IPV6_ADDRESSES, ...ipv6]), ...names].join(',')
}

/**
 * Deno's `--deny-net` for a project's workers: the internal ranges, this machine's names and addresses (IPv6 ones
 * and every IPv4 one, public ones included), less what the guard lets through exactly (`guardAllow`, operator-listed
 * destinations the project opened: their IPv4 addresses are cut out, and names the operator lists by name and the
 * project opened come off the list). Deno cannot say "only this port": the guard holds the port; without the guard,
 * `guardAllow` is empty and nothing internal is opened.
 */
export function denoDeniedNetwork(options: {
  hostNames: string[]
  ipv6: string[]
  guardAllow: string[]
  projectAllow: string[]
  operator: readonly EgressDestination[]
  own?: string[]
}): string {
  const holes = options.guardAllow.map((entry) => entry.replace(/:\d+$/, '')).filter(isIpv4Entry)
  const names = options.operator
    .map((destination) => destination.host)
    .filter((host) => isIP(host) === 0 && options.projectAllow.includes(host))
  const ownIpv4 = (options.own ?? ownAddresses()).filter((address) => isIP(address) === 4 && !holes.includes(address))
  const opened = options.guardAllow.length > 0 ? [...holes, ...names] : []
  return deniedNetwork(options.hostNames, opened, [...options.ipv6, ...ownIpv4])
}

/**
 * The command that runs `deno ...args` with the parent-death signal and the memory cap, when util-linux provides
 * them (it does on Debian); otherwise Deno alone, and the missing confinement is reported by `confinementGaps`.
 */
export function confinedCommand(denoPath: string, args: string[]): { command: string; args: string[] } {
  const wrapped = [denoPath, ...args]
  const limited = existsSync(PRLIMIT)
    ? [PRLIMIT, `--data=${EDGE_FUNCTION_DATA_LIMIT_BYTES}`, '--', ...wrapped]
    : wrapped
  const guarded = existsSync(SETPRIV) ? [SETPRIV, '--pdeathsig', 'KILL', '--', ...limited] : limited
  const [command, ...rest] = guarded
  return { command: command ?? denoPath, args: rest }
}

/** CPU time (user + system) a process has used, from /proc/PID/stat; null when it is gone. */
export async function processCpuMs(pid: number): Promise<number | null> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null)
  if (!stat) return null
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime are fields 14 and 15 of the whole line, in clock ticks (100 per second on Linux)
  const ticks = Number(fields[11]) + Number(fields[12])
  return Number.isFinite(ticks) ? ticks * 10 : null
}
