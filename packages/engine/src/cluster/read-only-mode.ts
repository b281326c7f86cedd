import { withClient } from './client'
import { reloadConfiguration } from './reload'
import type { ClusterLocation } from './types'

/**
 * Turns the server-wide default_transaction_read_only on or off. ALTER SYSTEM writes postgresql.auto.conf (so
 * it survives restarts and needs no WAL) and a reload applies it to every session's next transaction: nothing is
 * restarted and no session is ended. A session may still `SET default_transaction_read_only = off` for itself,
 * which is how space is freed while the mode is on. The platform's own sessions always run with it off.
 */
export async function setClusterReadOnly(location: ClusterLocation, enabled: boolean): Promise<void> {
  await withClient(
    location,
    (client) =>
      client.query(
        enabled
          ? 'ALTER SYSTEM SET default_transaction_read_only = on'
          : 'ALTER SYSTEM RESET default_transaction_read_only',
      ),
    { connectionTimeoutMillis: 5_000, queryTimeoutMillis: 10_000 },
  )
  // whoever lifted the mode must be able to write at once, in the session they already hold
  await reloadConfiguration(location)
}

/** Whether the server's configuration files make transactions read-only by default (sessions may differ). */
export async function clusterReadOnly(location: ClusterLocation): Promise<boolean> {
  return withClient(
    location,
    async (client) => {
      const result = await client.query<{ setting: string | null }>(
        `SELECT setting FROM pg_file_settings WHERE name = 'default_transaction_read_only' AND error IS NULL
         ORDER BY seqno DESC LIMIT 1`,
      )
      return result.rows[0]?.setting === 'on'
    },
    { connectionTimeoutMillis: 5_000, queryTimeoutMillis: 10_000 },
  )
}
