import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { withClient } from '../cluster/client'
import { closeReplicationLogin, openReplicationLogin } from '../cluster/replication-login'
import { startCluster } from '../cluster/start'
import { stopCluster } from '../cluster/stop'
import type { ClusterSpec } from '../cluster/types'
import { runCommand } from '../system/run-command'
import { analyzeAsOwners } from '../upgrade/analyze-as-owners'
import {
  countsStillValid,
  finishChangeTracking,
  startChangeTracking,
  tableChangeCounts,
} from '../upgrade/change-tracking'
import { cutOffClients } from '../upgrade/cut-off'
import { createDatabaseLike, databasesOf, type KnownRowCounts, verifyCopies } from '../upgrade/databases'
import { copySchema } from '../upgrade/dump-restore'
import { updateExtensions } from '../upgrade/extensions'
import {
  copySequenceValues,
  dropUpgradeSubscription,
  publishForUpgrade,
  subscribeForUpgrade,
  unpublishAfterUpgrade,
  upgradeSlotName,
  waitForCatchUp,
  waitForInitialCopy,
} from '../upgrade/logical-replication'
import { agreedRowCounts } from '../upgrade/verify'
import type { DataPhaseInput, DataPhaseResult, UpgradeHost } from './local-upgrade-types'

const INITIAL_COPY_TIMEOUT_MS = 6 * 3600_000
const CATCH_UP_TIMEOUT_MS = 60_000

/** Where the replica identities changed for the upgrade are noted, one file per database (see publishForUpgrade). */
function journalDir(host: UpgradeHost, ref: string): string {
  return path.join(host.paths(ref).projectDir, 'upgrade-journal')
}
const journalFile = (dir: string, database: string) => path.join(dir, `${encodeURIComponent(database)}.json`)

/**
 * Puts the old cluster back as it was before a logical upgrade began: no publication, no upgrade slot, replica
 * identities as the tenant had them. Runs at the start of every attempt (a crashed one may have left them) and
 * after a failure. `location` is where the old cluster runs now.
 */
export async function cleanUpLogicalUpgrade(host: UpgradeHost, ref: string, location: ClusterSpec): Promise<void> {
  const dir = journalDir(host, ref)
  // every step is a no-op where there is nothing to undo, so each database is simply visited
  for (const database of await databasesOf(location)) {
    await withClient(location, (client) => unpublishAfterUpgrade(client, journalFile(dir, database)), { database })
  }
}

/**
 * The logical-replication phase: each database's schema is copied, then a subscription copies its tables and
 * follows the writes clients keep making. Extensions are updated and statistics rebuilt while they still write.
 * Then clients are cut off (the old cluster restarts on its socket only), the subscriptions catch up, sequences
 * are set, the replication is removed and the copies are compared.
 */
export async function logicalDataPhase(input: DataPhaseInput): Promise<DataPhaseResult> {
  const { host, ref, source, tools, newSpec, databases, progress } = input
  let oldLocation = input.oldLocation
  // projects started before every project ran with wal_level = logical need one restart first
  const walLevel = await withClient(oldLocation, async (client) => {
    const { rows } = await client.query<{ wal_level: string }>('show wal_level')
    return rows[0]?.wal_level
  })
  if (walLevel !== 'logical') {
    await stopCluster(oldLocation, 'fast')
    oldLocation = await host.configuredSpec(ref, source)
    await startCluster(oldLocation, { timeoutMs: host.startTimeoutMs })
  }
  const dir = journalDir(host, ref)
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await progress('initiated data upgrade')

  const syncStarted = performance.now()
  const slots = databases.map((_, index) => upgradeSlotName(index))
  const login = await openReplicationLogin(oldLocation)
  for (const [index, database] of databases.entries()) {
    await createDatabaseLike(oldLocation, newSpec, database)
    await copySchema(tools, oldLocation, newSpec, database)
    await withClient(oldLocation, (client) => publishForUpgrade(client, journalFile(dir, database)), { database })
    const slot = slots[index] as string
    await withClient(newSpec, (client) => subscribeForUpgrade(client, oldLocation, database, slot, login), { database })
  }
  for (const [index, database] of databases.entries()) {
    const slot = slots[index] as string
    await withClient(newSpec, (client) => waitForInitialCopy(client, slot, INITIAL_COPY_TIMEOUT_MS), { database })
  }
  const syncMs = Math.round(performance.now() - syncStarted)
  await progress('completed data upgrade')

  // while clients still write: what does not depend on the last rows
  const extensionsUpdated: string[] = []
  for (const database of databases) {
    extensionsUpdated.push(...(await withClient(newSpec, updateExtensions, { database })))
    // vacuum sets the copied rows' hint bits and marks their pages all-visible now, so the row counts at the
    // cut-off read each page without checking its rows one by one (it evaluates nothing of the tenant's);
    // statistics are built by each table's owner
    await withClient(newSpec, (client) => client.query('vacuum'), { database })
    await analyzeAsOwners(newSpec, database)
  }

  // what the cut-off would otherwise wait for: the old cluster's dirty pages (its shutdown checkpoint), and the
  // new cluster's data on disk (it runs without fsync: the swap flushes only what is written after this)
  await withClient(oldLocation, (client) => client.query('checkpoint'))
  await withClient(newSpec, (client) => client.query('checkpoint'))
  await runCommand('sync', ['-f', newSpec.dataDir])

  // the rows are counted now, while clients write, so that the cut-off counts again only the tables replication
  // changes from here on (and those whose counts did not agree): how long writes wait then depends on what clients
  // write during the upgrade, not on the size of the database
  const agreedRows: KnownRowCounts = new Map()
  const changeCounts = new Map<string, Map<string, string>>()
  for (const database of databases) {
    await withClient(newSpec, startChangeTracking, { database })
    changeCounts.set(database, await withClient(oldLocation, tableChangeCounts, { database }))
    agreedRows.set(
      database,
      await withClient(oldLocation, (from) => withClient(newSpec, (to) => agreedRowCounts(from, to), { database }), {
        database,
      }),
    )
  }

  // the cut-off: from here only the platform reaches the old cluster. Its access rules refuse every TCP client
  // and the connected ones are ended; no restart, so the subscriptions stay connected
  input.cutOff()
  const cutOffLocation = oldLocation
  await cutOffClients(oldLocation)
  input.step('cut off clients')
  await withClient(cutOffLocation, (client) => waitForCatchUp(client, slots, CATCH_UP_TIMEOUT_MS))
  input.step('catch up')
  for (const [index, database] of databases.entries()) {
    const slot = slots[index] as string
    await withClient(
      cutOffLocation,
      (from) => withClient(newSpec, (to) => copySequenceValues(from, to), { database }),
      { database },
    )
    await withClient(newSpec, (client) => dropUpgradeSubscription(client, slot), { database })
    // a table stays counted only if neither the replication changed it on the new cluster nor, by its
    // statistics, a client on the old one
    const changedOnTarget = await withClient(newSpec, finishChangeTracking, { database })
    const changesNow = await withClient(cutOffLocation, tableChangeCounts, { database })
    agreedRows.set(
      database,
      countsStillValid(
        agreedRows.get(database) ?? new Map(),
        changedOnTarget,
        changeCounts.get(database) ?? new Map(),
        changesNow,
      ),
    )
    await withClient(cutOffLocation, (client) => unpublishAfterUpgrade(client, journalFile(dir, database)), {
      database,
    })
  }
  await closeReplicationLogin(cutOffLocation)
  input.step('sequences, then the replication removed')
  await verifyCopies(cutOffLocation, newSpec, databases, agreedRows)
  input.step('compare objects and rows')
  await progress('detached volume from original instance')
  await progress('attached volume to upgraded instance')
  return { dumpMs: 0, restoreMs: 0, syncMs, extensionsUpdated }
}
