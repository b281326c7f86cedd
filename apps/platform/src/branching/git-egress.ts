import { checkedAddress, EgressRefusedError } from '../security/egress-fetch'
import type { EgressPolicy } from '../security/egress-policy'

/**
 * A repository URL is a destination a tenant chose: git connects to it only when the egress policy allows its host
 * and port, so a connection cannot probe this machine's ports or a private network. git and ssh resolve the name
 * again themselves; the check refuses every address the name has when asked.
 */
export const REMOTE_REFUSED_MESSAGE =
  'The repository address points at this machine or a private network, which this platform does not allow'
export const REMOTE_UNREACHABLE_MESSAGE = 'Could not reach the repository'

/** The host and port git would connect to: https (443), ssh:// and scp-like `user@host:path` (22); null for file://. */
export function remoteDestination(url: string): { host: string; port: number } | null {
  if (/^file:/i.test(url)) return null
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    const parsed = new URL(url)
    const port = Number(parsed.port) || (parsed.protocol === 'https:' ? 443 : parsed.protocol === 'http:' ? 80 : 22)
    return { host: parsed.hostname.replace(/^\[|\]$/g, ''), port }
  }
  const scp = /^(?:[^@/]+@)?(\[[^\]]+\]|[^:/]+):/.exec(url)
  return scp?.[1] ? { host: scp[1].replace(/^\[|\]$/g, ''), port: 22 } : null
}

/** Throws a message without connection details when the policy refuses the remote or its name does not resolve. */
export async function assertRemoteAllowed(url: string, policy: EgressPolicy): Promise<void> {
  const destination = remoteDestination(url)
  if (!destination) return
  await checkedAddress(policy, destination.host, destination.port).catch((error: unknown) => {
    throw new Error(error instanceof EgressRefusedError ? REMOTE_REFUSED_MESSAGE : REMOTE_UNREACHABLE_MESSAGE)
  })
}

/**
 * git's and ssh's connection errors name hosts, addresses and ports and tell a closed port from a filtered one; a
 * tenant reads them back, so they all read the same.
 */
const CONNECTION_FAILURE =
  /ssh:|connect to host|connection (refused|reset|closed|timed out)|kex_exchange_identification|could not resolve|failed to connect|unable to access|could not read from remote repository|port \d+|network is unreachable|no route to host|host key verification/i

export function withoutConnectionDetails(message: string): string {
  return CONNECTION_FAILURE.test(message) ? REMOTE_UNREACHABLE_MESSAGE : message
}
