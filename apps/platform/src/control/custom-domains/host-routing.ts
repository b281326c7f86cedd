import { ProjectRef } from '@pgfleet/contracts'
import type { Db } from '../../db/kysely'
import { projectRefForHostname } from './custom-hostname'

/** How long a custom hostname lookup is trusted; activating or removing a domain takes effect within it. */
export const CUSTOM_HOST_CACHE_TTL_MS = 5_000
const MAX_CACHED_HOSTS = 10_000

/**
 * Which project a request's Host header addresses: `{ref}.{PGFLEET_DOMAIN}`, or an active custom hostname.
 * Shared by every per-project API served by host (data API, storage, edge functions).
 */
export class ProjectHostResolver {
  private readonly customHosts = new Map<string, { ref: string | null; loadedAt: number }>()

  constructor(
    private readonly db: Db,
    private readonly domain: string | undefined,
  ) {}

  async refOf(hostHeader: string | undefined): Promise<string | null> {
    const host = (hostHeader ?? '').toLowerCase().replace(/:\d+$/, '')
    if (!host) return null
    const domain = this.domain?.toLowerCase()
    if (domain && host.endsWith(`.${domain}`)) {
      const ref = host.slice(0, -(domain.length + 1))
      return ProjectRef.safeParse(ref).success ? ref : null
    }
    const cached = this.customHosts.get(host)
    if (cached && Date.now() - cached.loadedAt < CUSTOM_HOST_CACHE_TTL_MS) return cached.ref
    const ref = await projectRefForHostname(this.db, host)
    if (this.customHosts.size >= MAX_CACHED_HOSTS) this.customHosts.clear()
    this.customHosts.set(host, { ref, loadedAt: Date.now() })
    return ref
  }
}
