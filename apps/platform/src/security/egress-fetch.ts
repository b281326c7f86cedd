import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { Agent, buildConnector, fetch as undiciFetch } from 'undici'
import type { EgressPolicy } from './egress-policy'

/**
 * Connections to URLs a tenant or an organization sets go through the egress policy at the moment they are made:
 * the host is resolved, every address checked, and the socket opened to the checked address (so a name cannot
 * answer differently between the check and the connection). A redirect opens a new connection, checked the same way.
 */
export const EGRESS_REFUSED_MESSAGE =
  "The address points at this machine or a private network, which this platform does not allow for tenants' connections"

export class EgressRefusedError extends Error {
  constructor() {
    super(EGRESS_REFUSED_MESSAGE)
  }
}

async function resolveAll(name: string): Promise<string[]> {
  return (await lookup(name, { all: true })).map((found) => found.address)
}

/** The address to connect to for `host:port`, when the policy allows every address the host resolves to. */
export async function checkedAddress(
  policy: EgressPolicy,
  host: string,
  port: number,
  resolve: (name: string) => Promise<string[]> = resolveAll,
): Promise<string> {
  const name = host.replace(/^\[|\]$/g, '').toLowerCase()
  const addresses = isIP(name) ? [name] : await resolve(name)
  const first = addresses[0]
  if (first === undefined || addresses.some((address) => !policy.allows(address, port, name))) {
    throw new EgressRefusedError()
  }
  return first
}

/** Checks a URL the way a connection to it would be checked (for a clear answer when it is saved). */
export function assertEgressAllowed(policy: EgressPolicy, url: string): Promise<string> {
  const parsed = new URL(url)
  const port = Number(parsed.port) || (parsed.protocol === 'https:' ? 443 : 80)
  return checkedAddress(policy, parsed.hostname, port)
}

/** An undici dispatcher whose every connection is checked by the policy and made to the checked address. */
export function egressDispatcher(policy: EgressPolicy): Agent {
  const connect = buildConnector({})
  return new Agent({
    connect: (options, callback) => {
      const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80)
      const name = options.hostname.replace(/^\[|\]$/g, '')
      checkedAddress(policy, name, port).then(
        (address) =>
          connect(
            { ...options, hostname: address, servername: options.servername ?? (isIP(name) ? undefined : name) },
            callback,
          ),
        (error: Error) => callback(error, null),
      )
    },
  })
}

/** A fetch for URLs tenants set: every connection, redirects included, checked by the policy. */
export function egressFetch(policy: EgressPolicy): typeof fetch {
  const dispatcher = egressDispatcher(policy)
  return ((input: Parameters<typeof fetch>[0], init?: RequestInit) =>
    undiciFetch(input as Parameters<typeof undiciFetch>[0], {
      ...(init as Parameters<typeof undiciFetch>[1]),
      dispatcher,
    })) as unknown as typeof fetch
}
