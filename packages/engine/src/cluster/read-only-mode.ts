import { withClient } from './client'
import type { ClusterLocation } from './types'

/**
 * Turns the server-wide default_transaction_read_only on or off. ALTER SYSTEM writes postgresql.auto.conf (so
 * it survives restarts and needs no WAL) and a reload applies it to every session's next transaction: nothing is
 * restarted and no session is ended. A session may still `SET default_transaction_read_only = off` for itself,
 * which is how space is freed while the mode is on. The platform's own sessions always run with it off.
 */
export async function setClusterReadOnly(location: ClusterLocation, enabled: boolean): Promise<void> {
  const loadedBefore = await withClient(
    location,
    async (client) => {
      await client.query(
        enabled
          ? 'ALTER SYSTEM SET default_transaction_read_only = on'
          : 'ALTER SYSTEM RESET default_transaction_read_only',
      )
      const loaded = await client.query<{ loaded: string }>('SELECT pg_conf_load_time()::text AS loaded')
      await client.query('SELECT pg_reload_conf()')
      return loaded.rows[0]?.loaded ?? ''
    },
    { connectionTimeoutMillis: 5_000, queryTimeoutMillis: 10_000 },
  )
  await waitForReload(location, loadedBefore)
}

const RELOAD_TIMEOUT_MS = 5_000

/**
 * pg_reload_conf() only signals the postmaster, which re-reads its files and signals every session later. Whoever
 * turned the mode off must be able to write at once, so this waits for a new session to report a newer load time:
 * the postmaster has then re-read the files and signalled the sessions, each of which applies the change before
 * its next command.
 */
async function waitForReload(location: ClusterLocation, loadedBefore: string): Promise<void> {
  const deadline = Date.now() + RELOAD_TIMEOUT_MS
  for (;;) {
    const reloaded = await withClient(
      location,
      async (client) => {
        const answer = await client.query<{ reloaded: boolean }>(
          'SELECT pg_conf_load_time() > $1::timestamptz AS reloaded',
          [loadedBefore],
        )
        return answer.rows[0]?.reloaded === true
      },
      { connectionTimeoutMillis: 5_000, queryTimeoutMillis: 10_000 },
    )
    if (reloaded) return
    if (Date.now() > deadline) throw new Error(`the server did not reload its configuration in ${RELOAD_TIMEOUT_MS} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
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
