import { readdir, rename } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { withClient } from '../cluster/client'
import { initCluster, partialDataDir } from '../cluster/init'
import { clusterPid } from '../cluster/pid-file'
import { PLATFORM_SUPERUSER } from '../cluster/role-names'
import { writeConfigFiles } from '../cluster/settings'
import { startCluster } from '../cluster/start'
import { stopCluster } from '../cluster/stop'
import type { ClusterSpec } from '../cluster/types'
import type { PostgresEngine } from '../engines/types'
import { ignoredError } from '../logger'
import { mkdirOwned } from '../system/fs-owned'
import { readFileNoFollow } from '../system/no-follow'
import { removeTree } from '../system/remove-tree'
import { runCommand } from '../system/run-command'
import { dumpTools } from '../upgrade/client-tools'
import { copyRoles } from '../upgrade/copy-roles'
import { databasesOf } from '../upgrade/databases'
import { missingExtensions } from '../upgrade/extensions'
import { FIRST_MAJOR_APPLYING_AS_OWNER, logicalReplicationBlockers } from '../upgrade/logical-replication'
import { dumpDataPhase } from './local-upgrade-dump'
import { cleanUpLogicalUpgrade, logicalDataPhase } from './local-upgrade-logical'
import type { UpgradeHost } from './local-upgrade-types'
import type { ProjectRuntimeConfig } from './project-runtime-config'
import type { UpgradeMethod, UpgradeOptions, UpgradeProgress, UpgradeResult } from './upgrade-driver'

/**
 * Settings of the new cluster while it is filled: nothing it holds matters until the checks pass, so it skips
 * fsync, full pages and most WAL, and builds indexes with more memory. It is flushed (syncfs) and restarted with
 * the project's settings before the switchover.
 */
const LOADING_SETTINGS = {
  fsync: 'off',
  full_page_writes: 'off',
  synchronous_commit: 'off',
  wal_level: 'minimal',
  max_wal_senders: 0,
  max_wal_size: '8GB',
  checkpoint_timeout: '1h',
  autovacuum: 'off',
  maintenance_work_mem: '512MB',
  // an index build takes one worker per core beside its own process, no more: on two cores, two workers and the
  // leader built a 6.5-million-row primary key in 2.9 s, one worker and the leader in 2.4 s
  max_parallel_maintenance_workers: Math.max(1, os.availableParallelism() - 1),
  // a subscription whose source restarted reconnects at once
  wal_retrieve_retry_interval: '100ms',
}

/**
 * Why the project cannot be upgraded to `targetMajor` now (empty when it can): the target engine, the dump tools of
 * the source's major, and extensions the target lacks (read from the running server).
 */
export async function upgradeBlockers(
  engines: readonly PostgresEngine[],
  location: ClusterSpec | null,
  sourceMajor: number,
  targetMajor: number,
): Promise<string[]> {
  const source = engines.find((engine) => engine.major === sourceMajor)
  const target = engines.find((engine) => engine.major === targetMajor)
  const blockers: string[] = []
  if (!target) blockers.push(`Postgres ${targetMajor} is not installed on this platform`)
  if (!source || !dumpTools(source)) {
    blockers.push(`pg_dump and pg_restore of Postgres ${sourceMajor} are not installed on this host`)
  }
  if (!location) blockers.push('The project must be running to check it for an upgrade')
  if (target && location) {
    for (const database of await databasesOf(location)) {
      const missing = await withClient(location, (client) => missingExtensions(client, target), { database })
      if (missing.length > 0) {
        blockers.push(`Postgres ${targetMajor} here lacks extensions used in "${database}": ${missing.join(', ')}`)
      }
    }
  }
  return blockers
}

const PREVIOUS_PREFIX = '.pre-upgrade-'

/** The newest `pgdata.pre-upgrade-*` kept beside the data directory, if any. */
async function newestPreviousDataDir(dataDir: string): Promise<string | null> {
  const prefix = `${path.basename(dataDir)}${PREVIOUS_PREFIX}`
  const names = (await readdir(path.dirname(dataDir)).catch(() => [] as string[])).filter((n) => n.startsWith(prefix))
  const newest = names.sort().at(-1)
  return newest ? path.join(path.dirname(dataDir), newest) : null
}

const dataMajorOf = async (dataDir: string): Promise<number | null> =>
  readFileNoFollow(path.join(dataDir, 'PG_VERSION'), 'utf8').then(
    (text) => Number(text.trim()),
    () => null,
  )

/**
 * Repairs what a platform crash during an earlier attempt's switchover left, before the upgrade runs again:
 * - between the two renames (no data directory; the old one kept aside): the old data goes back, the copy is
 *   dropped, and the upgrade starts over from the untouched old cluster;
 * - after them (the data directory already holds the verified target major, with the old one kept aside): the
 *   switchover is complete, so the target is started and the upgrade is done (answered here).
 */
async function settleSwitchover(
  host: UpgradeHost,
  ref: string,
  target: ProjectRuntimeConfig,
  upgrading: string,
  progress: UpgradeProgress,
): Promise<UpgradeResult | null> {
  const { dataDir } = host.paths(ref)
  const previous = await newestPreviousDataDir(dataDir)
  if (!previous) return null
  const currentMajor = await dataMajorOf(dataDir)
  if (currentMajor === null) {
    await removeTree(dataDir)
    await rename(previous, dataDir)
    await removeTree(upgrading)
    return null
  }
  if (currentMajor !== target.major) return null
  if ((await clusterPid({ dataDir })) !== null) await stopCluster({ dataDir }, 'fast')
  const spec = await host.configuredSpec(ref, target)
  await startCluster(spec, { timeoutMs: host.startTimeoutMs })
  await host.secureRoles(spec)
  await Promise.resolve()
    .then(() => progress('completed upgrade'))
    .catch(ignoredError('the upgrade is done; its last progress report failed', { ref }))
  return {
    previousDataDir: previous,
    extensionsUpdated: [],
    method: 'dump',
    timings: { dumpMs: 0, restoreMs: 0, syncMs: 0, downtimeMs: 0, cutOffSteps: {}, totalMs: 0 },
  }
}

/**
 * The new cluster's data directory: a spare one of the target major when one is ready (taken with a rename, no
 * initdb to wait for), a new initdb otherwise. Either way it is flushed at the switchover, with everything written
 * into it.
 */
async function prepareNewCluster(host: UpgradeHost, spec: ClusterSpec): Promise<'spare' | 'initdb'> {
  const partial = partialDataDir(spec.dataDir)
  await removeTree(partial)
  if (!(await host.takeSpare?.(spec.engine.major, partial))) {
    await initCluster(spec, { superuser: PLATFORM_SUPERUSER })
    return 'initdb'
  }
  try {
    await mkdirOwned(spec.socketDir, spec.runAs, 0o700)
    await writeConfigFiles(partial, spec)
    await rename(partial, spec.dataDir)
  } catch (error) {
    await removeTree(partial)
    throw error
  }
  return 'spare'
}

/**
 * Logical replication where every database allows it and the target applies rows as their tables' owners, dump
 * and restore otherwise.
 */
async function chooseMethod(location: ClusterSpec, databases: string[], targetMajor: number): Promise<UpgradeMethod> {
  if (targetMajor < FIRST_MAJOR_APPLYING_AS_OWNER) return 'dump'
  for (const database of databases) {
    const blockers = await withClient(location, logicalReplicationBlockers, { database })
    if (blockers.length > 0) return 'dump'
  }
  return 'logical'
}

/**
 * A major upgrade (no pg_upgrade here reaches from 15 to 17): a new cluster on the target major starts beside the
 * old one on a socket of its own; roles move across; the data moves by logical replication or by dump and restore
 * (see UpgradeMethod); objects and rows are compared; extensions are updated and statistics rebuilt; only then do
 * the data directories swap. Until the swap the old cluster's data is untouched, and any failure puts it back as
 * it was. Clients are cut off from the old cluster (socket only) before the last rows are read, so no write is lost.
 */
export async function upgradeProject(
  host: UpgradeHost,
  ref: string,
  source: ProjectRuntimeConfig,
  target: ProjectRuntimeConfig,
  progress: UpgradeProgress,
  options: UpgradeOptions = {},
): Promise<UpgradeResult> {
  const started = performance.now()
  const { projectDir, dataDir } = host.paths(ref)
  const sourceEngine = host.engineFor(source.major)
  host.engineFor(target.major)
  const tools = dumpTools(sourceEngine)
  if (!tools) throw new Error(`Upgrading from Postgres ${source.major} needs its pg_dump and pg_restore on this host`)
  const upgrading = `${dataDir}.upgrading`
  const resumed = await settleSwitchover(host, ref, target, upgrading, progress)
  if (resumed) return { ...resumed, timings: { ...resumed.timings, totalMs: Math.round(performance.now() - started) } }
  await removeTree(upgrading)
  const newSpec: ClusterSpec = {
    ...host.projectSpec(ref, {
      ...target,
      port: null,
      walArchiving: false,
      settings: { ...target.settings, ...LOADING_SETTINGS },
    }),
    dataDir: upgrading,
    socketDir: path.join(projectDir, 'run-upgrade'),
  }
  const oldLocation: ClusterSpec = host.projectSpec(ref, source)
  // an earlier attempt that crashed may have left a publication or a slot on the old cluster (when it is not
  // running, the steps below fail and the cleanup after the failure does it)
  await cleanUpLogicalUpgrade(host, ref, oldLocation).catch(
    ignoredError("could not clear an earlier attempt's publication or slot; the cleanup after a failure does", { ref }),
  )
  let downtimeStarted: number | null = null
  const cutOffSteps: Record<string, number> = {}
  let lastStep = 0
  const step = (name: string) => {
    if (downtimeStarted === null) return
    const now = performance.now()
    cutOffSteps[name] = Math.round(now - lastStep)
    lastStep = now
  }
  let method: UpgradeMethod = options.method ?? 'logical'
  await progress('started')
  try {
    const newClusterSource = await prepareNewCluster(host, newSpec)
    await startCluster(newSpec, { timeoutMs: host.startTimeoutMs })
    await progress('launched upgraded instance')

    await withClient(oldLocation, (from) => withClient(newSpec, (to) => copyRoles(from, to)))
    await progress('detached volume from upgraded instance')

    const databases = await databasesOf(oldLocation)
    for (const database of databases) {
      const missing = await withClient(oldLocation, (client) => missingExtensions(client, newSpec.engine), { database })
      if (missing.length > 0) {
        throw new Error(`Postgres ${target.major} here lacks these extensions of "${database}": ${missing.join(', ')}`)
      }
    }
    method = options.method ?? (await chooseMethod(oldLocation, databases, target.major))
    await progress('attached volume to original instance')

    const phase = method === 'logical' ? logicalDataPhase : dumpDataPhase
    const moved = await phase({
      host,
      ref,
      source,
      tools,
      newSpec,
      oldLocation,
      databases,
      progress,
      cutOff: () => {
        downtimeStarted = performance.now()
        lastStep = downtimeStarted
      },
      step,
    })

    // switchover: the new cluster is flushed to disk (it ran without fsync), the old data directory is kept
    // beside under the old major's name
    await stopCluster(newSpec, 'fast')
    await runCommand('sync', ['-f', upgrading])
    step('stop and flush the new cluster')
    if ((await clusterPid({ dataDir })) !== null) await stopCluster({ dataDir }, 'fast')
    step('stop the old cluster')
    for (const name of await readdir(path.dirname(dataDir))) {
      if (name.startsWith(`${path.basename(dataDir)}${PREVIOUS_PREFIX}`)) {
        await removeTree(path.join(path.dirname(dataDir), name))
      }
    }
    const previousDataDir = `${dataDir}${PREVIOUS_PREFIX}${source.major}`
    await rename(dataDir, previousDataDir)
    try {
      await rename(upgrading, dataDir)
      const spec = await host.configuredSpec(ref, target)
      await startCluster(spec, { timeoutMs: host.startTimeoutMs })
      await host.secureRoles(spec)
    } catch (error) {
      await stopCluster({ dataDir }, 'immediate', 5_000).catch(
        ignoredError("could not stop the new major's server after its start failed; the old data goes back", { ref }),
      )
      await removeTree(dataDir)
      await rename(previousDataDir, dataDir)
      throw error
    }
    step('swap and start on the new major')
    const servingAt = performance.now()
    // switched over: from here a failure to report must not undo the upgrade
    await Promise.resolve()
      .then(() => progress('completed upgrade'))
      .catch(ignoredError('the upgrade is done; its last progress report failed', { ref }))
    return {
      method,
      previousDataDir,
      newClusterSource,
      extensionsUpdated: moved.extensionsUpdated,
      timings: {
        dumpMs: moved.dumpMs,
        restoreMs: moved.restoreMs,
        syncMs: moved.syncMs,
        downtimeMs: Math.round(servingAt - (downtimeStarted ?? started)),
        cutOffSteps,
        totalMs: Math.round(performance.now() - started),
      },
    }
  } catch (error) {
    // the old cluster goes back to serving as before; the new one is thrown away
    if ((await clusterPid(newSpec)) !== null) {
      await stopCluster(newSpec, 'immediate', 5_000).catch(
        ignoredError("could not stop the new major's server of a failed upgrade; its data is removed", { ref }),
      )
    }
    await removeTree(upgrading)
    if ((await clusterPid({ dataDir })) !== null) {
      await stopCluster({ dataDir }, 'fast').catch(
        ignoredError('could not stop the old server before starting it again after a failed upgrade', { ref }),
      )
    }
    const spec = await host.configuredSpec(ref, source)
    await startCluster(spec, { timeoutMs: host.startTimeoutMs })
    // a slot left behind would hold WAL until the disk fills
    await cleanUpLogicalUpgrade(host, ref, spec)
    throw error
  }
}
