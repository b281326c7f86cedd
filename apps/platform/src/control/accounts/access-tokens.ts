import type { AccessToken } from '@pgfleet/contracts'
import type { Db } from '../../db/kysely'
import { notFound } from '../../errors'
import { AUTH_CACHE_TTL_MS, authCacheOf } from './auth-cache'
import { randomToken, sha256 } from './secrets'

/** Personal access tokens carry a recognisable prefix so secret scanners can find leaked ones. */
export const ACCESS_TOKEN_PREFIX = 'pgf_'

export async function createAccessToken(db: Db, userId: number, name: string) {
  const token = `${ACCESS_TOKEN_PREFIX}${randomToken(30)}`
  const row = await db
    .insertInto('access_tokens')
    .values({
      user_id: userId,
      name,
      token_hash: sha256(token),
      token_alias: `${token.slice(0, 8)}…${token.slice(-4)}`,
    })
    .returning(['id', 'name', 'created_at'])
    .executeTakeFirstOrThrow()
  return { id: row.id, name: row.name, token, created_at: row.created_at.toISOString() }
}

/**
 * The token's owner. A verified token is cached briefly (see auth-cache.ts), so `last_used_at` is written when the
 * cache is refreshed: it is right to within AUTH_CACHE_TTL_MS.
 */
export async function findUserIdByAccessToken(db: Db, token: string): Promise<number | null> {
  const hash = sha256(token)
  const cache = authCacheOf(db).tokens
  const cached = cache.get(hash)
  if (cached) return cached.userId
  const row = await db
    .updateTable('access_tokens')
    .set({ last_used_at: new Date() })
    .where('token_hash', '=', hash)
    .returning(['id', 'user_id'])
    .executeTakeFirst()
  if (!row) return null
  cache.set(hash, { userId: row.user_id, tokenId: row.id }, Date.now() + AUTH_CACHE_TTL_MS)
  return row.user_id
}

export async function listAccessTokens(db: Db, userId: number): Promise<AccessToken[]> {
  const rows = await db
    .selectFrom('access_tokens')
    .select(['id', 'name', 'token_alias', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute()
  return rows.map((r) => ({
    ...r,
    created_at: r.created_at.toISOString(),
    last_used_at: r.last_used_at?.toISOString() ?? null,
  }))
}

export async function deleteAccessToken(db: Db, userId: number, id: number): Promise<void> {
  authCacheOf(db).tokens.deleteWhere((cached) => cached.tokenId === id)
  const result = await db
    .deleteFrom('access_tokens')
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst()
  if (result.numDeletedRows === 0n) throw notFound('Access token not found')
}
