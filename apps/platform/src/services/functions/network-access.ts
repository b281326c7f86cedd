import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { badRequest } from '../../errors'
import { DENIED_IPV4_RANGES, type EgressPolicy, ownAddresses } from '../../security/egress-policy'
import { localHostNames } from './runtime/sandbox'

/**
 * A project's function network allow-list stays inside what the operator allows: an entry that reaches this machine
 * or a private network (an address, a range overlapping one, a name of this machine or one that resolves there)
 * must name a destination the operator lists in PGFLEET_EGRESS_ALLOW. Public destinations need no entry. The
 * workers apply the same rule again when they start (a name may resolve elsewhere later), so this check is the
 * member's clear answer, not the only guard.
 */
export const INTERNAL_ENTRY_REFUSED = (entry: string) =>
  `${entry} is on this machine or a private network: functions can reach such a destination only when the platform's operator lists it (PGFLEET_EGRESS_ALLOW)`

const toNumber = (address: string) => address.split('.').reduce((value, part) => value * 256 + Number(part), 0)

function ipv4Span(entry: string): [number, number] {
  const [address = '', prefix = '32'] = entry.split('/')
  const size = 2 ** (32 - Number(prefix))
  const base = toNumber(address) - (toNumber(address) % size)
  return [base, base + size - 1]
}

const overlaps = ([a, b]: [number, number], [c, d]: [number, number]) => a <= d && c <= b

export async function assertNetworkEntriesAllowed(
  allow: string[],
  policy: EgressPolicy,
  resolve: (name: string) => Promise<string[]> = resolveAll,
  hostNames: () => Promise<string[]> = localHostNames,
): Promise<void> {
  const listedHosts = new Set(policy.operatorAllowed.map((destination) => destination.host))
  const internalSpans = [...DENIED_IPV4_RANGES, ...ownAddresses().filter((address) => isIP(address) === 4)].map(
    ipv4Span,
  )
  const machineNames = new Set(['localhost', ...(await hostNames())])
  for (const entry of allow) {
    if (listedHosts.has(entry)) continue
    const [base = ''] = entry.split('/')
    if (isIP(base) === 4) {
      if (internalSpans.some((span) => overlaps(span, ipv4Span(entry)))) throw badRequest(INTERNAL_ENTRY_REFUSED(entry))
      continue
    }
    if (machineNames.has(entry) || entry.endsWith('.localhost')) throw badRequest(INTERNAL_ENTRY_REFUSED(entry))
    const addresses = await resolve(entry).catch(() => [])
    if (addresses.some((address) => policy.isInternal(address) && !listedHosts.has(address))) {
      throw badRequest(INTERNAL_ENTRY_REFUSED(entry))
    }
  }
}

async function resolveAll(name: string): Promise<string[]> {
  return (await lookup(name, { all: true })).map((found) => found.address)
}
