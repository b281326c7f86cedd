import { isIP } from 'node:net'
import { checkedAddress, EgressRefusedError } from '../../security/egress-fetch'
import type { EgressPolicy } from '../../security/egress-policy'

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

/** A remote's destination as checked: git and ssh are made to connect to `address`, not to resolve `host` again. */
export interface PinnedRemote {
  host: string
  port: number
  address: string
}

/**
 * The address git may connect to for `url` (null for file://); throws a message without connection details when the
 * policy refuses the remote or its name does not resolve.
 */
export async function assertRemoteAllowed(url: string, policy: EgressPolicy): Promise<PinnedRemote | null> {
  const destination = remoteDestination(url)
  if (!destination) return null
  const address = await checkedAddress(policy, destination.host, destination.port).catch((error: unknown) => {
    throw new Error(error instanceof EgressRefusedError ? REMOTE_REFUSED_MESSAGE : REMOTE_UNREACHABLE_MESSAGE)
  })
  return { ...destination, address }
}

/** A host name ssh may be given on its command line as it is (no shell or ssh metacharacter). */
const PLAIN_HOST_NAME = /^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?$/i

/**
 * What makes git connect where the check looked, so a name that resolves elsewhere the second time (DNS rebinding)
 * changes nothing: for https, curl's resolve entry for the host and port (and no redirect, which would name a host
 * nobody checked); for ssh, the checked address as ssh's HostName, the name kept as the host key's alias. A remote
 * given by address needs no pin.
 */
export interface PinnedConnection {
  /** git configuration entries, passed through the environment */
  config: [string, string][]
  /** options for ssh's command line (checked: an address and a plain host name) */
  sshOptions: string
}

export function pinnedConnection(url: string, pin: PinnedRemote): PinnedConnection {
  const config: [string, string][] = [['http.followRedirects', 'false']]
  if (isIP(pin.host) !== 0) return { config, sshOptions: '' }
  if (!PLAIN_HOST_NAME.test(pin.host) || isIP(pin.address) === 0) throw new Error(REMOTE_UNREACHABLE_MESSAGE)
  const literal = isIP(pin.address) === 6 ? `[${pin.address}]` : pin.address
  if (/^https?:/i.test(url)) config.push(['http.curloptResolve', `${pin.host}:${pin.port}:${literal}`])
  return { config, sshOptions: `-o HostName=${pin.address} -o HostKeyAlias=${pin.host}` }
}

/** git's answer when the branch is not in the repository; the caller names the branch instead. */
export const REMOTE_REF_MISSING_MESSAGE = "couldn't find remote ref"
export const REMOTE_NOT_FOUND_MESSAGE = 'The repository was not found, or the token cannot read it'
export const REMOTE_ACCESS_DENIED_MESSAGE = "The repository refused access: check the connection's token"

/**
 * What a tenant reads of a failed git run: one of a few fixed sentences, never git's or ssh's own words. Those name
 * hosts, resolved addresses and ports, tell a closed port from a filtered one and a TLS service from an ssh one, and
 * carry whatever the server sent (its banner, `remote:` lines): read back, they would make git a port scanner.
 */
const ANSWERS: [RegExp, string][] = [
  [/couldn't find remote ref/i, REMOTE_REF_MISSING_MESSAGE],
  [/repository (not found|'[^']*' not found)|does not appear to be a git repository/i, REMOTE_NOT_FOUND_MESSAGE],
  [
    /authentication failed|could not read (username|password)|permission denied \(|returned error: 40[13]|HTTP 40[13]/i,
    REMOTE_ACCESS_DENIED_MESSAGE,
  ],
]

export function tenantGitMessage(stderr: string, fallback = REMOTE_UNREACHABLE_MESSAGE): string {
  return ANSWERS.find(([pattern]) => pattern.test(stderr))?.[1] ?? fallback
}
