import { withClient } from '../cluster/client'
import { writeCutOffHba } from '../cluster/hba'
import { reloadConfiguration } from '../cluster/reload'
import type { ClusterSpec } from '../cluster/types'

/**
 * Cuts every client off the old cluster without a restart: its access rules refuse every TCP client from the
 * confirmed reload on, and the sessions connected until then are ended. Only the platform, over the cluster's own
 * socket, still reaches it. Starting the cluster again with the project's configuration lifts it.
 */
export async function cutOffClients(location: ClusterSpec): Promise<void> {
  await writeCutOffHba(location.dataDir, location.runAs)
  // until the reload is confirmed, new connections would still be checked against the old access rules
  await reloadConfiguration(location)
  await withClient(location, (client) =>
    client.query(
      // each ended session is waited for (up to 2 s): its last statistics are published as it ends, and the
      // upgrade reads them to tell which tables clients changed
      `select pg_terminate_backend(pid, 2000) from pg_stat_activity
       where backend_type = 'client backend' and pid <> pg_backend_pid()`,
    ),
  )
}
