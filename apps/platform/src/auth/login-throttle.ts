/**
 * Failed sign-ins, counted per account and per client address over a sliding window. Past a limit, sign-in answers
 * 429 with Retry-After before any password is checked, so a guess after the limit tells nothing, right or wrong.
 *
 * Counted in memory: one platform process serves a data directory (it holds the directory's lock), so the counts
 * are complete; a restart clears them, which only the operator can cause.
 */
export const LOGIN_WINDOW_MS = 15 * 60_000
export const LOGIN_FAILURES_PER_ACCOUNT = 5
export const LOGIN_FAILURES_PER_ADDRESS = 20
export const TOO_MANY_SIGN_INS_MESSAGE = 'Too many failed sign-in attempts. Try again later.'
/** Bounds the memory an attacker can make the counters take (many addresses, many emails). */
const MAX_TRACKED_KEYS = 100_000

class SlidingCounter {
  private readonly failures = new Map<string, number[]>()

  constructor(private readonly limit: number) {}

  /** ms until `key` may try again (0: now). */
  waitMs(key: string, now: number): number {
    const recent = this.recent(key, now)
    if (recent.length < this.limit) return 0
    return (recent[recent.length - this.limit] as number) + LOGIN_WINDOW_MS - now
  }

  add(key: string, now: number): void {
    if (!this.failures.has(key) && this.failures.size >= MAX_TRACKED_KEYS) {
      const oldest = this.failures.keys().next().value
      if (oldest !== undefined) this.failures.delete(oldest)
    }
    this.failures.set(key, [...this.recent(key, now), now])
  }

  clear(key: string): void {
    this.failures.delete(key)
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((at) => now - at < LOGIN_WINDOW_MS)
    if (kept.length === 0) this.failures.delete(key)
    return kept
  }
}

export class LoginThrottle {
  private readonly accounts = new SlidingCounter(LOGIN_FAILURES_PER_ACCOUNT)
  private readonly addresses = new SlidingCounter(LOGIN_FAILURES_PER_ADDRESS)

  constructor(private readonly clock: () => number = Date.now) {}

  /** ms before this email may be tried from this address (0: now). */
  retryAfterMs(email: string, address: string): number {
    const now = this.clock()
    return Math.max(this.accounts.waitMs(normalise(email), now), this.addresses.waitMs(address, now))
  }

  failed(email: string, address: string): void {
    const now = this.clock()
    this.accounts.add(normalise(email), now)
    this.addresses.add(address, now)
  }

  /** A right password clears the account's count; the address keeps its own (other accounts it guessed at). */
  succeeded(email: string): void {
    this.accounts.clear(normalise(email))
  }
}

const normalise = (email: string) => email.trim().toLowerCase()
