import type pg from 'pg'
import type { AppContext } from '../../context'

/**
 * The indexes the dashboard's users list reads through, so a page is an index range at any depth and a search by
 * the start of an address or number is an index lookup. Sort keys are coalesced so users without a value page
 * like the others; emails sort and match by bytes (COLLATE "C"), which also lets a LIKE prefix use the index.
 * Made by the auth role (the tables' owner) the first time a project's users are listed after a start; a failure
 * (a lock not granted in time) leaves the list slower, not wrong, and is tried again next time.
 */
export const DASHBOARD_INDEXES_SQL = `
BEGIN;
SET LOCAL lock_timeout = '2s';
SELECT pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('pgfleet.auth.dashboard-indexes'));
CREATE INDEX IF NOT EXISTS users_dashboard_created_at_idx
  ON auth.users ((coalesce(created_at, '-infinity'::timestamptz)), id);
CREATE INDEX IF NOT EXISTS users_dashboard_last_sign_in_at_idx
  ON auth.users ((coalesce(last_sign_in_at, '-infinity'::timestamptz)), id);
CREATE INDEX IF NOT EXISTS users_dashboard_email_idx
  ON auth.users ((coalesce(lower(email), '')) COLLATE "C", id);
CREATE INDEX IF NOT EXISTS users_dashboard_phone_idx ON auth.users ((coalesce(phone, '')) COLLATE "C");
CREATE INDEX IF NOT EXISTS identities_dashboard_provider_idx ON auth.identities (provider, user_id);
COMMIT;`

export const DASHBOARD_INDEX_NAMES = [
  'users_dashboard_created_at_idx',
  'users_dashboard_last_sign_in_at_idx',
  'users_dashboard_email_idx',
  'users_dashboard_phone_idx',
  'identities_dashboard_provider_idx',
] as const

const made = new WeakMap<AppContext, Map<string, Promise<void>>>()

async function makeIndexes(pool: pg.Pool): Promise<void> {
  const client = await pool.connect()
  let broken = false
  try {
    const { rows } = await client.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM pg_catalog.pg_indexes WHERE schemaname = 'auth' AND indexname = ANY($1)`,
      [DASHBOARD_INDEX_NAMES],
    )
    if (rows[0]?.count === DASHBOARD_INDEX_NAMES.length) return
    try {
      await client.query(DASHBOARD_INDEXES_SQL)
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {
        broken = true
      })
      throw error
    }
  } finally {
    client.release(broken)
  }
}

/** The indexes in place, made at most once per project and port while the platform runs (not awaited on failure). */
export async function ensureDashboardIndexes(ctx: AppContext, ref: string, port: number, pool: pg.Pool) {
  let byProject = made.get(ctx)
  if (!byProject) {
    byProject = new Map()
    made.set(ctx, byProject)
  }
  const key = `${ref}:${port}`
  let pending = byProject.get(key)
  if (!pending) {
    pending = makeIndexes(pool)
    byProject.set(key, pending)
    pending.catch((error: unknown) => {
      byProject.delete(key)
      ctx.log.warn('auth dashboard indexes not made', { ref, error: (error as Error)?.message })
    })
  }
  await pending.catch(() => {})
}
