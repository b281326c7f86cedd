import { lookup } from 'node:dns/promises'
import { BlockList, isIP } from 'node:net'

/**
 * An organization's model address is chosen by its Owner, so the platform would send requests wherever it
 * points: to its own loopback services, other projects' ports, the cloud metadata address. Unless the operator
 * allows private endpoints (a local Ollama, say), such addresses are refused, at save time and again when a
 * request is made (a name may resolve differently later).
 */
const PRIVATE = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6')
}

export const PRIVATE_ENDPOINT_REFUSED =
  'The model address points at a private or local network address, which this platform does not allow for organization settings'

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  if (mapped) return PRIVATE.check(mapped, 'ipv4')
  const family = isIP(address)
  if (family === 0) return true
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6')
}

/** Resolves the URL's host; throws PRIVATE_ENDPOINT_REFUSED when any of its addresses is private. */
export async function assertPublicEndpoint(url: string): Promise<void> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address)
  if (addresses.length === 0 || addresses.some(isPrivateAddress)) throw new Error(PRIVATE_ENDPOINT_REFUSED)
}

/** A fetch that checks the address of every request first. */
export const guardedFetch: typeof fetch = async (input, init) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
  await assertPublicEndpoint(url)
  return fetch(input, { ...init, redirect: 'error' })
}
