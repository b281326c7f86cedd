import { BlockList, isIP } from 'node:net'
import os from 'node:os'

/**
 * The one egress policy for connections the platform makes, or lets a tenant make, on a tenant's behalf (function
 * workers, and every URL a tenant or organization sets): no loopback, no address of this machine (on any interface,
 * enumerated), no link-local, private, shared or reserved range, except the exact `host:port` destinations the
 * operator lists in PGFLEET_EGRESS_ALLOW. The platform's own port and the projects' ports can never be listed.
 */

/** Ranges no tenant-directed connection reaches unless the operator lists the exact destination. */
export const DENIED_IPV4_RANGES = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '224.0.0.0/4',
  '240.0.0.0/4',
]
export const DENIED_IPV6_RANGES = ['::/128', '::1/128', 'fc00::/7', 'fe80::/10', 'fec0::/10', 'ff00::/8', '100::/64']

/** An operator-listed destination: a host (address or name) and one port. */
export interface EgressDestination {
  host: string
  port: number
}

export const EGRESS_ALLOW_RULE =
  'PGFLEET_EGRESS_ALLOW must list host:port destinations separated by commas (127.0.0.1:11434,[fd00::5]:25,relay.internal:587)'

/** `127.0.0.1:11434,[::1]:25,relay.internal:587` into destinations; throws on anything else. */
export function parseEgressAllow(text: string): EgressDestination[] {
  return text
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(?:\[([0-9a-f:.]+)\]|([a-z0-9.-]+)):(\d{1,5})$/.exec(entry)
      const host = match?.[1] ?? match?.[2]
      const port = Number(match?.[3])
      if (!host || !(port >= 1 && port <= 65535) || (match?.[1] && isIP(host) !== 6)) {
        throw new Error(`${EGRESS_ALLOW_RULE}; "${entry}" is not one`)
      }
      return { host, port }
    })
}

/**
 * Refuses listing a port of the platform or of a project: whatever the operator meant, a tenant must never reach the
 * control plane or another project's database through the list.
 */
export function assertNoProtectedPort(
  allow: EgressDestination[],
  platformPort: number,
  projectPorts: { from: number; to: number },
): void {
  for (const { host, port } of allow) {
    if (port === platformPort || (port >= projectPorts.from && port <= projectPorts.to)) {
      throw new Error(
        `PGFLEET_EGRESS_ALLOW lists ${host}:${port}, a port of the platform (PORT=${platformPort}) or of its ` +
          `projects (PGFLEET_PORT_RANGE=${projectPorts.from}-${projectPorts.to}): these can never be opened to tenants`,
      )
    }
  }
}

/** Every address of this machine, on every interface (zone ids dropped). */
export function ownAddresses(): string[] {
  const found = Object.values(os.networkInterfaces())
    .flat()
    .map((entry) => entry?.address.replace(/%.*$/, '') ?? '')
    .filter((address) => isIP(address) !== 0)
  return [...new Set(found)]
}

/** The IPv4 address an IPv6 one stands for (mapped, the well-known NAT64 prefix, 6to4), or null. */
export function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address)
  if (!bytes) return null
  const tail = () => bytes.slice(12, 16).join('.')
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0)
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return tail()
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) return tail()
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6).join('.')
  return null
}

/** `::`, `::1` and the deprecated IPv4-compatible `::a.b.c.d`: never a destination on the internet. */
function isZeroPrefixed(address: string): boolean {
  return (
    ipv6Bytes(address)
      ?.slice(0, 12)
      .every((byte) => byte === 0) ?? false
  )
}

function ipv6Bytes(address: string): number[] | null {
  if (isIP(address) !== 6) return null
  let text = address.replace(/%.*$/, '')
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1]
  if (v4) {
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number]
    text = text.replace(v4, `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`)
  }
  const [head = '', tail] = text.split('::')
  const headGroups = head ? head.split(':') : []
  const tailGroups = tail ? tail.split(':') : []
  const missing = 8 - headGroups.length - tailGroups.length
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array(missing).fill('0'), ...tailGroups]
  return groups.flatMap((group) => {
    const value = Number.parseInt(group || '0', 16)
    return [value >> 8, value & 0xff]
  })
}

export class EgressPolicy {
  private readonly denied = new BlockList()
  private readonly allowed: EgressDestination[]

  constructor(options: { allow: EgressDestination[]; ownAddresses?: string[] }) {
    for (const range of DENIED_IPV4_RANGES) {
      const [base = '', prefix = '32'] = range.split('/')
      this.denied.addSubnet(base, Number(prefix), 'ipv4')
    }
    for (const range of DENIED_IPV6_RANGES) {
      const [base = '', prefix = '128'] = range.split('/')
      this.denied.addSubnet(base, Number(prefix), 'ipv6')
    }
    for (const address of options.ownAddresses ?? ownAddresses()) {
      this.denied.addAddress(address, isIP(address) === 6 ? 'ipv6' : 'ipv4')
    }
    this.allowed = options.allow
  }

  /** The operator's exact destinations. */
  get operatorAllowed(): readonly EgressDestination[] {
    return this.allowed
  }

  /** Loopback, this machine, or a private, link-local, shared or reserved range (IPv4 inside IPv6 included). */
  isInternal(address: string): boolean {
    const family = isIP(address)
    if (family === 4) return this.denied.check(address, 'ipv4')
    if (family !== 6) return true
    const v4 = embeddedIpv4(address)
    if (v4 !== null) return this.isInternal(v4)
    if (isZeroPrefixed(address)) return true
    return this.denied.check(address.replace(/%.*$/, ''), 'ipv6')
  }

  /** Whether the operator lists this destination: by the name it was asked for, or by its address. */
  isListed(port: number, ...hosts: string[]): boolean {
    const names = new Set(hosts.map((host) => host.toLowerCase().replace(/^\[|\]$/g, '')))
    return this.allowed.some((entry) => entry.port === port && names.has(entry.host))
  }

  /** Whether a connection to `address:port`, reached by the name `host`, is allowed. */
  allows(address: string, port: number, host = address): boolean {
    return !this.isInternal(address) || this.isListed(port, host, address)
  }
}

const policies = new WeakMap<object, EgressPolicy>()

/** The platform's policy, from its configuration (one per configuration, so the interfaces are read once). */
export function egressPolicyOf(config: { egress: { allow: EgressDestination[] } }): EgressPolicy {
  let policy = policies.get(config)
  if (!policy) {
    policy = new EgressPolicy({ allow: config.egress.allow })
    policies.set(config, policy)
  }
  return policy
}
