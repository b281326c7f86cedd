const WINDOW_MS = 60_000
/** Bounds the memory the counters take. */
const MAX_TRACKED_USERS = 50_000

/**
 * Requests per user over a sliding minute (the assistant's model calls, analytics events). In memory: one platform
 * process serves a data directory, and a restart only forgives the last minute.
 */
export class PerUserRateLimit {
  private readonly requests = new Map<number, number[]>()

  constructor(
    private readonly perMinute: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one request; answers the ms to wait when the user is over the limit (and counts nothing then). */
  take(userId: number): number {
    const now = this.clock()
    const recent = (this.requests.get(userId) ?? []).filter((at) => now - at < WINDOW_MS)
    if (recent.length >= this.perMinute) {
      this.requests.set(userId, recent)
      return (recent[recent.length - this.perMinute] as number) + WINDOW_MS - now
    }
    if (!this.requests.has(userId) && this.requests.size >= MAX_TRACKED_USERS) {
      const oldest = this.requests.keys().next().value
      if (oldest !== undefined) this.requests.delete(oldest)
    }
    this.requests.set(userId, [...recent, now])
    return 0
  }
}
