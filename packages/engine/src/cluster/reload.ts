import { withClient } from './client'
import type { ClusterLocation } from './types'

const RELOAD_TIMEOUT_MS = 5_000
const CLIENT_OPTIONS = { connectionTimeoutMillis: 5_000, queryTimeoutMillis: 10_000 }

/**
 * Makes the running server re-read its configuration files and answers once it has. pg_reload_conf() only
 * signals the postmaster, which re-reads the files and signals every session later. A new session reports the
 * postmaster's load time, so a newer one than the moment of asking means the files were read again and every
 * session was signalled: new sessions and access checks follow the new files, and each open session applies them
 * before its next command.
 */
export async function reloadConfiguration(location: Pick<ClusterLocation, 'socketDir' | 'port'>): Promise<void> {
  const asked = await withClient(
    location,
    async (client) => {
      const { rows } = await client.query<{ at: string }>('select clock_timestamp()::text as at')
      await client.query('select pg_reload_conf()')
      return rows[0]?.at ?? ''
    },
    CLIENT_OPTIONS,
  )
  const deadline = Date.now() + RELOAD_TIMEOUT_MS
  for (;;) {
    const reloaded = await withClient(
      location,
      async (client) => {
        const { rows } = await client.query<{ reloaded: boolean }>(
          'select pg_conf_load_time() > $1::timestamptz as reloaded',
          [asked],
        )
        return rows[0]?.reloaded === true
      },
      CLIENT_OPTIONS,
    )
    if (reloaded) return
    if (Date.now() > deadline)
      throw new Error(`The server did not reload its configuration within ${RELOAD_TIMEOUT_MS} ms`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
