/**
 * Sign-ups per client address over a sliding hour: each one creates an account and an organization, so one
 * address must not create them by the thousand. Past the limit, sign-up answers 429 with Retry-After. Counted in
 * memory, like the sign-in throttle (one platform process serves a data directory).
 */
export const SIGNUP_WINDOW_MS = 3600_000
export const TOO_MANY_SIGN_UPS_MESSAGE = 'Too many sign-ups from this address. Try again later.'
/** Bounds the memory many addresses can make the counts take. */
const MAX_TRACKED_ADDRESSES = 100_000

export class SignupThrottle {
  private readonly attempts = new Map<string, number[]>()

  constructor(
    private readonly perAddress: number,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts a sign-up from `address`, and answers the ms it must wait instead when it is past the limit (0: go). */
  take(address: string): number {
    const now = this.clock()
    const recent = (this.attempts.get(address) ?? []).filter((at) => now - at < SIGNUP_WINDOW_MS)
    if (recent.length >= this.perAddress) {
      this.attempts.set(address, recent)
      return (recent[recent.length - this.perAddress] as number) + SIGNUP_WINDOW_MS - now
    }
    if (!this.attempts.has(address) && this.attempts.size >= MAX_TRACKED_ADDRESSES) {
      const oldest = this.attempts.keys().next().value
      if (oldest !== undefined) this.attempts.delete(oldest)
    }
    this.attempts.set(address, [...recent, now])
    return 0
  }
}
