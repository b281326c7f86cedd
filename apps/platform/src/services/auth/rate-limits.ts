import type { ProjectAuthConfig } from '@pgfleet/contracts'

/**
 * The auth server's rate limits, per project: requests per client address (sign-ups and sign-ins, token
 * refreshes, verifications, one-time codes, anonymous sign-ins) and emails sent by the whole project. Counted in
 * memory with a sliding window (the previous window's count, weighted by how much of it still overlaps): one
 * platform process serves a data directory, and a restart forgives at most one window.
 */
export type AuthLimit = 'signups_signins' | 'token_refresh' | 'verify' | 'otp' | 'anonymous_users' | 'email_sent'

const FIVE_MINUTES = 5 * 60_000
const HOUR = 60 * 60_000

export const AUTH_LIMITS: Record<AuthLimit, { windowMs: number; field: keyof ProjectAuthConfig }> = {
  signups_signins: { windowMs: FIVE_MINUTES, field: 'rate_limit_signups_signins' },
  token_refresh: { windowMs: FIVE_MINUTES, field: 'rate_limit_token_refresh' },
  verify: { windowMs: FIVE_MINUTES, field: 'rate_limit_verify' },
  otp: { windowMs: HOUR, field: 'rate_limit_otp' },
  anonymous_users: { windowMs: HOUR, field: 'rate_limit_anonymous_users' },
  email_sent: { windowMs: HOUR, field: 'rate_limit_email_sent' },
}

interface Counter {
  windowStart: number
  current: number
  previous: number
}

/** Bounds the memory the counters take: past it, the oldest counters are forgotten first. */
const MAX_COUNTERS = 100_000

export class AuthRateLimits {
  private readonly counters = new Map<string, Counter>()

  constructor(private readonly clock: () => number = Date.now) {}

  /** Counts one use; false (and nothing counted) when the key is at its limit. */
  take(ref: string, limit: AuthLimit, key: string, config: ProjectAuthConfig): boolean {
    const max = config[AUTH_LIMITS[limit].field] as number
    const { windowMs } = AUTH_LIMITS[limit]
    const now = this.clock()
    const id = `${ref}\u0000${limit}\u0000${key}`
    let counter = this.counters.get(id)
    if (!counter) {
      if (this.counters.size >= MAX_COUNTERS) {
        const oldest = this.counters.keys().next().value
        if (oldest !== undefined) this.counters.delete(oldest)
      }
      counter = { windowStart: now - (now % windowMs), current: 0, previous: 0 }
      this.counters.set(id, counter)
    }
    const start = now - (now % windowMs)
    if (start !== counter.windowStart) {
      counter.previous = start - counter.windowStart === windowMs ? counter.current : 0
      counter.current = 0
      counter.windowStart = start
    }
    const overlap = 1 - (now - start) / windowMs
    if (counter.previous * overlap + counter.current + 1 > max) return false
    counter.current += 1
    return true
  }

  /** Forgets a project's counters (its limits changed, or it was deleted). */
  forget(ref: string): void {
    for (const id of this.counters.keys()) if (id.startsWith(`${ref}\u0000`)) this.counters.delete(id)
  }
}
