import { assertEgressAllowed, EgressRefusedError } from '../../security/egress-fetch'
import type { EgressPolicy } from '../../security/egress-policy'

/**
 * An organization's model address is chosen by its Owner, so the platform would send requests wherever it
 * points: to its own loopback services, other projects' ports, the host's own address, the cloud metadata address.
 * The address follows the platform's egress policy, whose only openings are the operator's exact host:port entries:
 * it is refused at save time, and every connection to it is checked again when it is made (`egressFetch`).
 */
export const PRIVATE_ENDPOINT_REFUSED =
  'The model address points at a private or local network address, which this platform does not allow for organization settings'

/** Resolves the URL's host; throws PRIVATE_ENDPOINT_REFUSED when the policy refuses any of its addresses. */
export async function assertPublicEndpoint(policy: EgressPolicy, url: string): Promise<void> {
  await assertEgressAllowed(policy, url).catch((error: Error) => {
    if (error instanceof EgressRefusedError) throw new Error(PRIVATE_ENDPOINT_REFUSED)
    throw error
  })
}
