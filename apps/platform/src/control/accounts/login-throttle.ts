/**
 * Failed sign-ins slow down further tries instead of locking anyone out: a lock that wrong passwords trigger is a
 * lock an attacker can put on the real owner. Three counts, each over a sliding window (its failures are
 * forgotten after it):
 * - per account and address (a day): past LOGIN_FREE_FAILURES_PER_PAIR, that address waits a doubling delay (up
 *   to LOGIN_PAIR_MAX_DELAY_MS) before trying that account again, and is refused with 429 and Retry-After before
 *   any password is checked, so a guess in that time tells nothing, right or wrong;
 * - per address (an hour): past LOGIN_FREE_FAILURES_PER_ADDRESS (guessing across accounts), the same, up to
 *   LOGIN_ADDRESS_MAX_DELAY_MS;
 * - per account, from every address (15 minutes): past LOGIN_FREE_FAILURES_PER_ACCOUNT, each answer is held back
 *   for a doubling delay, never more than LOGIN_ACCOUNT_MAX_HOLD_MS. It is a hold, not a refusal, so the real
 *   owner, from an address of their own, gets in with the right password after at most that long whatever others
 *   guess.
 * The address is the client's as the HTTP server sees it: behind a reverse proxy, PGFLEET_TRUSTED_PROXIES lets it
 * come from X-Forwarded-For, so one client cannot slow every other client of the proxy.
 *
 * Counted in memory: one platform process serves a data directory (it holds the directory's lock), so the counts
 * are complete; a restart clears them, which only the operator can cause.
 */
export const LOGIN_PAIR_WINDOW_MS = 24 * 3600_000
export const LOGIN_ADDRESS_WINDOW_MS = 3600_000
export const LOGIN_ACCOUNT_WINDOW_MS = 15 * 60_000
export const LOGIN_FREE_FAILURES_PER_PAIR = 5
export const LOGIN_FREE_FAILURES_PER_ADDRESS = 20
export const LOGIN_FREE_FAILURES_PER_ACCOUNT = 5
export const LOGIN_FIRST_DELAY_MS = 1_000
export const LOGIN_PAIR_MAX_DELAY_MS = 15 * 60_000
export const LOGIN_ADDRESS_MAX_DELAY_MS = 60_000
export const LOGIN_FIRST_HOLD_MS = 250
export const LOGIN_ACCOUNT_MAX_HOLD_MS = 5_000
export const TOO_MANY_SIGN_INS_MESSAGE = 'Too many failed sign-in attempts. Try again later.'
/** Bounds the memory an attacker can make the counters take (many addresses, many emails). */
const MAX_TRACKED_KEYS = 100_000
/** Failure times kept per key: more than any rule needs to reach its cap (2^40 times its first delay). */
const MAX_KEPT_FAILURES = 64

interface DelayRule {
  free: number
  firstMs: number
  maxMs: number
}

interface FailureRule extends DelayRule {
  windowMs: number
}

/** `free` failures cost nothing; each one after doubles the delay, from `firstMs` up to `maxMs`. */
export function growingDelayMs(failures: number, rule: DelayRule): number {
  if (failures < rule.free) return 0
  return Math.min(rule.firstMs * 2 ** Math.min(failures - rule.free, 30), rule.maxMs)
}

/** Failure times per key over the rule's window; the delay runs from the latest failure. */
class FailureLog {
  private readonly failures = new Map<string, number[]>()

  constructor(private readonly rule: FailureRule) {}

  /** ms until `key` may try again, counted from its latest failure (0: now). */
  waitMs(key: string, now: number): number {
    const recent = this.recent(key, now)
    const latest = recent.at(-1)
    return latest === undefined ? 0 : Math.max(0, latest + growingDelayMs(recent.length, this.rule) - now)
  }

  /** The delay `key`'s recent failures call for, whenever the last one was. */
  delayMs(key: string, now: number): number {
    return growingDelayMs(this.recent(key, now).length, this.rule)
  }

  add(key: string, now: number): void {
    if (!this.failures.has(key) && this.failures.size >= MAX_TRACKED_KEYS) {
      const oldest = this.failures.keys().next().value
      if (oldest !== undefined) this.failures.delete(oldest)
    }
    this.failures.set(key, [...this.recent(key, now), now].slice(-MAX_KEPT_FAILURES))
  }

  clear(key: string): void {
    this.failures.delete(key)
  }

  private recent(key: string, now: number): number[] {
    const kept = (this.failures.get(key) ?? []).filter((at) => now - at < this.rule.windowMs)
    if (kept.length === 0) this.failures.delete(key)
    return kept
  }
}

export class LoginThrottle {
  private readonly pairs = new FailureLog({
    free: LOGIN_FREE_FAILURES_PER_PAIR,
    firstMs: LOGIN_FIRST_DELAY_MS,
    maxMs: LOGIN_PAIR_MAX_DELAY_MS,
    windowMs: LOGIN_PAIR_WINDOW_MS,
  })
  private readonly addresses = new FailureLog({
    free: LOGIN_FREE_FAILURES_PER_ADDRESS,
    firstMs: LOGIN_FIRST_DELAY_MS,
    maxMs: LOGIN_ADDRESS_MAX_DELAY_MS,
    windowMs: LOGIN_ADDRESS_WINDOW_MS,
  })
  private readonly accounts = new FailureLog({
    free: LOGIN_FREE_FAILURES_PER_ACCOUNT,
    firstMs: LOGIN_FIRST_HOLD_MS,
    maxMs: LOGIN_ACCOUNT_MAX_HOLD_MS,
    windowMs: LOGIN_ACCOUNT_WINDOW_MS,
  })

  constructor(private readonly clock: () => number = Date.now) {}

  /** ms before this email may be tried from this address (0: now); a try before then is refused. */
  retryAfterMs(email: string, address: string): number {
    const now = this.clock()
    return Math.max(this.pairs.waitMs(pairKey(email, address), now), this.addresses.waitMs(address, now))
  }

  /** ms to hold the answer to a try on this email back, whatever the password (0: answer at once). */
  holdMs(email: string): number {
    return this.accounts.delayMs(normalise(email), this.clock())
  }

  failed(email: string, address: string): void {
    const now = this.clock()
    this.pairs.add(pairKey(email, address), now)
    this.addresses.add(address, now)
    this.accounts.add(normalise(email), now)
  }

  /**
   * A right password clears the account's counts: its own from this address, and the hold that every address's
   * guesses built. Other addresses keep their delays on the account, and this address its count across accounts.
   */
  succeeded(email: string, address: string): void {
    this.pairs.clear(pairKey(email, address))
    this.accounts.clear(normalise(email))
  }
}

const normalise = (email: string) => email.trim().toLowerCase()
const pairKey = (email: string, address: string) => `${normalise(email)}\n${address}`
