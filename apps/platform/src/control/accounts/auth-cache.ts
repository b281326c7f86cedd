import type { Db } from '../../db/kysely'

/**
 * Verified sessions and access tokens, by the SHA-256 of their secret, so that an authenticated request costs no
 * database round trip. Entries live CACHE_TTL_MS at most (and never past a session's expiry); sign-out and token
 * revocation drop them at once, in the service that deletes them. A second platform process sharing an external
 * control-plane database sees another's revocation within CACHE_TTL_MS.
 */
export const AUTH_CACHE_TTL_MS = 30_000
const MAX_ENTRIES = 50_000

export interface CachedSession {
  userId: number
  csrfToken: string
  expiresAt: number
}

export interface CachedToken {
  userId: number
  tokenId: number
}

interface Entry<T> {
  value: T
  until: number
}

class ExpiringMap<T> {
  private readonly entries = new Map<string, Entry<T>>()

  get(key: string, now = Date.now()): T | null {
    const entry = this.entries.get(key)
    if (!entry) return null
    if (entry.until <= now) {
      this.entries.delete(key)
      return null
    }
    return entry.value
  }

  set(key: string, value: T, until: number): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
    this.entries.set(key, { value, until })
  }

  delete(key: string): void {
    this.entries.delete(key)
  }

  deleteWhere(test: (value: T) => boolean): void {
    for (const [key, entry] of this.entries) if (test(entry.value)) this.entries.delete(key)
  }
}

export class AuthCache {
  readonly sessions = new ExpiringMap<CachedSession>()
  readonly tokens = new ExpiringMap<CachedToken>()
}

const caches = new WeakMap<Db, AuthCache>()

/** The cache of one control-plane database handle (one per platform). */
export function authCacheOf(db: Db): AuthCache {
  let cache = caches.get(db)
  if (!cache) {
    cache = new AuthCache()
    caches.set(db, cache)
  }
  return cache
}
