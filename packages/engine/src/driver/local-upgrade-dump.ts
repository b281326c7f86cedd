import { withClient } from '../cluster/client'
import { writeCutOffHba } from '../cluster/hba'
import { startCluster } from '../cluster/start'
import { stopCluster } from '../cluster/stop'
import { runCommand } from '../system/run-command'
import { createDatabaseLike, type KnownRowCounts, verifyCopies } from '../upgrade/databases'
import { dumpAndRestore } from '../upgrade/dump-restore'
import { updateExtensions } from '../upgrade/extensions'
import type { DataPhaseInput, DataPhaseResult } from './local-upgrade-types'

/**
 * The dump-and-restore phase: clients are cut off (the old cluster restarts on its socket only), each database is
 * dumped and restored (statistics rebuilt with it), the copies are compared and extensions updated.
 */
export async function dumpDataPhase(input: DataPhaseInput): Promise<DataPhaseResult> {
  const { host, ref, source, tools, newSpec, databases, progress } = input
  // Clients are cut off for the whole copy: the old cluster restarts without a TCP listener, so a client that keeps
  // retrying is refused by the kernel rather than by a server process forked to check its login, which would take
  // the CPU the copy needs; its access rules admit only the platform superuser, so the platform's own socket
  // clients (data API, storage) wait too.
  // its dirty pages are written while clients still work, so the shutdown checkpoint of the restart finds few
  await withClient(input.oldLocation, (client) => client.query('checkpoint'))
  input.cutOff()
  await stopCluster(input.oldLocation, 'fast')
  const oldLocation = await host.configuredSpec(ref, { ...source, port: null })
  await writeCutOffHba(oldLocation.dataDir, oldLocation.runAs)
  await startCluster(oldLocation, { timeoutMs: host.startTimeoutMs })
  input.step('restart on the socket only')
  await progress('initiated data upgrade')

  let dumpMs = 0
  let restoreMs = 0
  // a streamed table's rows were counted by both servers as they went (the copy commits only when the counts are
  // equal), and nothing but the copy reaches either cluster: those counts stand for the check
  const streamedRows: KnownRowCounts = new Map()
  for (const database of databases) {
    await createDatabaseLike(oldLocation, newSpec, database)
    const copied = await dumpAndRestore(tools, oldLocation, newSpec, database)
    dumpMs += copied.dumpMs
    restoreMs += copied.restoreMs
    streamedRows.set(database, copied.rowsCopied)
  }
  input.step('dump and restore')
  await progress('completed data upgrade')

  // the new cluster's data goes to disk while the copies are compared, so the switchover's flush finds little left
  await Promise.all([
    verifyCopies(oldLocation, newSpec, databases, streamedRows),
    runCommand('sync', ['-f', newSpec.dataDir]),
  ])
  input.step('compare objects and rows')
  await progress('detached volume from original instance')

  const extensionsUpdated: string[] = []
  for (const database of databases) {
    extensionsUpdated.push(...(await withClient(newSpec, updateExtensions, { database })))
  }
  await progress('attached volume to upgraded instance')
  return { dumpMs, restoreMs, syncMs: 0, extensionsUpdated }
}
