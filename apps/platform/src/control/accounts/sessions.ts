import type { Db } from '../../db/kysely'
import { AUTH_CACHE_TTL_MS, authCacheOf } from './auth-cache'
import { randomToken, sha256 } from './secrets'

export interface SessionInfo {
  userId: number
  csrfToken: string
}

/** Creates a session; only the token's hash is stored, so a leaked table opens no session. */
export async function createSession(db: Db, userId: number, ttlMs: number) {
  const token = randomToken()
  const csrfToken = randomToken(24)
  const expiresAt = new Date(Date.now() + ttlMs)
  await db
    .insertInto('sessions')
    .values({ id: sha256(token), user_id: userId, csrf_token: csrfToken, expires_at: expiresAt })
    .execute()
  return { token, csrfToken, expiresAt }
}

export async function findSession(db: Db, token: string): Promise<SessionInfo | null> {
  const hash = sha256(token)
  const cache = authCacheOf(db).sessions
  const now = Date.now()
  const cached = cache.get(hash, now)
  if (cached && cached.expiresAt > now) return { userId: cached.userId, csrfToken: cached.csrfToken }
  const row = await db
    .selectFrom('sessions')
    .select(['user_id', 'csrf_token', 'expires_at'])
    .where('id', '=', sha256(token))
    .executeTakeFirst()
  if (!row) return null
  if (row.expires_at.getTime() <= Date.now()) {
    await db.deleteFrom('sessions').where('id', '=', sha256(token)).execute()
    return null
  }
  const expiresAt = row.expires_at.getTime()
  cache.set(
    hash,
    { userId: row.user_id, csrfToken: row.csrf_token, expiresAt },
    Math.min(expiresAt, now + AUTH_CACHE_TTL_MS),
  )
  return { userId: row.user_id, csrfToken: row.csrf_token }
}

export async function deleteSession(db: Db, token: string): Promise<void> {
  authCacheOf(db).sessions.delete(sha256(token))
  await db.deleteFrom('sessions').where('id', '=', sha256(token)).execute()
}
