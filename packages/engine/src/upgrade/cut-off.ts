import { withClient } from '../cluster/client'
import { writeCutOffHba } from '../cluster/hba'
import type { ClusterSpec } from '../cluster/types'

/**
 * Waits until the postmaster has read its config files again: a new session's config load time is the
 * postmaster's. Until then, new connections would still be checked against the old access rules.
 */
async function waitForReload(location: ClusterSpec, asked: Date): Promise<void> {
  for (let tries = 0; tries < 250; tries++) {
    const loaded = await withClient(location, async (client) => {
      const { rows } = await client.query<{ loaded: boolean }>('select pg_conf_load_time() >= $1 as loaded', [asked])
      return rows[0]?.loaded === true
    })
    if (loaded) return
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  throw new Error('The old cluster did not reload its access rules within 5 s')
}

/**
 * Cuts every client off the old cluster without a restart: its access rules refuse every TCP client from the
 * confirmed reload on, and the sessions connected until then are ended. Only the platform, over the cluster's own
 * socket, still reaches it. Starting the cluster again with the project's configuration lifts it.
 */
export async function cutOffClients(location: ClusterSpec): Promise<void> {
  await writeCutOffHba(location.dataDir, location.runAs)
  const reloadAsked = await withClient(location, async (client) => {
    const { rows } = await client.query<{ at: Date }>('select now() as at, pg_reload_conf()')
    return rows[0]?.at ?? new Date()
  })
  await waitForReload(location, reloadAsked)
  await withClient(location, (client) =>
    client.query(
      // each ended session is waited for (up to 2 s): its last statistics are published as it ends, and the
      // upgrade reads them to tell which tables clients changed
      `select pg_terminate_backend(pid, 2000) from pg_stat_activity
       where backend_type = 'client backend' and pid <> pg_backend_pid()`,
    ),
  )
}
