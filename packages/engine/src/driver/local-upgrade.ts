import { readdir, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { withClient } from '../cluster/client'
import { initCluster } from '../cluster/init'
import { clusterPid } from '../cluster/pid-file'
import { PLATFORM_SUPERUSER } from '../cluster/role-names'
import { startCluster } from '../cluster/start'
import { stopCluster } from '../cluster/stop'
import type { ClusterSpec } from '../cluster/types'
import type { PostgresEngine } from '../engines/types'
import { copyRoles } from '../upgrade/copy-roles'
import { dumpAndRestore, dumpTools } from '../upgrade/dump-restore'
import { missingExtensions, updateExtensions } from '../upgrade/extensions'
import type { UpgradeProgressKey } from '../upgrade/progress'
import { compareDatabases } from '../upgrade/verify'
import type { ProjectRuntimeConfig } from './types'

export interface UpgradeHost {
  paths(ref: string): { projectDir: string; dataDir: string }
  engineFor(major: number): PostgresEngine
  projectSpec(ref: string, config: ProjectRuntimeConfig): ClusterSpec
  configuredSpec(ref: string, config: ProjectRuntimeConfig): Promise<ClusterSpec>
  secureRoles(spec: ClusterSpec): Promise<void>
  startTimeoutMs?: number
}

export interface UpgradeResult {
  /** where the old major's data directory was kept */
  previousDataDir: string
  timings: { dumpMs: number; restoreMs: number; downtimeMs: number; totalMs: number }
  extensionsUpdated: string[]
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

export type UpgradeProgress = (key: UpgradeProgressKey) => void | Promise<void>

const PREVIOUS_PREFIX = '.pre-upgrade-'

/** The newest `pgdata.pre-upgrade-*` kept beside the data directory, if any. */
async function newestPreviousDataDir(dataDir: string): Promise<string | null> {
  const prefix = `${path.basename(dataDir)}${PREVIOUS_PREFIX}`
  const names = (await readdir(path.dirname(dataDir)).catch(() => [] as string[])).filter((n) => n.startsWith(prefix))
  const newest = names.sort().at(-1)
  return newest ? path.join(path.dirname(dataDir), newest) : null
}

const dataMajorOf = async (dataDir: string): Promise<number | null> =>
  readFile(path.join(dataDir, 'PG_VERSION'), 'utf8').then(
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
    await rm(dataDir, { recursive: true, force: true })
    await rename(previous, dataDir)
    await rm(upgrading, { recursive: true, force: true })
    return null
  }
  if (currentMajor !== target.major) return null
  if ((await clusterPid({ dataDir })) !== null) await stopCluster({ dataDir }, 'fast')
  const spec = await host.configuredSpec(ref, target)
  await startCluster(spec, { timeoutMs: host.startTimeoutMs })
  await host.secureRoles(spec)
  await Promise.resolve()
    .then(() => progress('completed upgrade'))
    .catch(() => {})
  return {
    previousDataDir: previous,
    extensionsUpdated: [],
    timings: { dumpMs: 0, restoreMs: 0, downtimeMs: 0, totalMs: 0 },
  }
}

async function databasesOf(spec: ClusterSpec): Promise<string[]> {
  return withClient(spec, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datallowconn and not datistemplate order by datname',
    )
    return rows.map((row) => row.datname)
  })
}

/**
 * A major upgrade by dump and restore (the only path the binaries here allow: no pg_upgrade reaches from 15 to 17):
 * a new cluster on the target major starts beside the old one on a socket of its own; roles, then each database,
 * move across; objects and rows are compared; extensions are updated and statistics rebuilt; only then do the data
 * directories swap. Until the swap the old cluster's data is untouched, and any failure puts it back as it was.
 * Clients are cut off from the old cluster (socket only) from the dump on, so no write is lost.
 */
export async function upgradeProject(
  host: UpgradeHost,
  ref: string,
  source: ProjectRuntimeConfig,
  target: ProjectRuntimeConfig,
  progress: UpgradeProgress,
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
  await rm(upgrading, { recursive: true, force: true })
  const newSpec: ClusterSpec = {
    ...host.projectSpec(ref, { ...target, port: null, walArchiving: false }),
    dataDir: upgrading,
    socketDir: path.join(projectDir, 'run-upgrade'),
  }
  let oldLocation: ClusterSpec = host.projectSpec(ref, source)
  let downtimeStarted: number | null = null
  let dumpMs = 0
  let restoreMs = 0
  await progress('started')
  try {
    await initCluster(newSpec, { superuser: PLATFORM_SUPERUSER })
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
    await progress('attached volume to original instance')

    // from here on only the platform reaches the old cluster: no client can write what the dump would miss
    downtimeStarted = performance.now()
    await stopCluster(oldLocation, 'fast')
    oldLocation = await host.configuredSpec(ref, { ...source, port: null })
    await startCluster(oldLocation, { timeoutMs: host.startTimeoutMs })
    await progress('initiated data upgrade')

    for (const database of databases) {
      if (database !== 'postgres') {
        const owner = await withClient(oldLocation, async (client) => {
          const { rows } = await client.query<{ owner: string }>(
            'select pg_get_userbyid(datdba) as owner from pg_database where datname = $1',
            [database],
          )
          return rows[0]?.owner ?? PLATFORM_SUPERUSER
        })
        await withClient(newSpec, (client) =>
          client.query(`create database "${database.replaceAll('"', '""')}" owner "${owner.replaceAll('"', '""')}"`),
        )
      }
      const timing = await dumpAndRestore(tools, oldLocation, newSpec, database)
      dumpMs += timing.dumpMs
      restoreMs += timing.restoreMs
    }
    await progress('completed data upgrade')

    for (const database of databases) {
      const differences = await withClient(
        oldLocation,
        (from) => withClient(newSpec, (to) => compareDatabases(from, to), { database }),
        { database },
      )
      if (differences.length > 0) {
        throw new Error(`The upgraded copy of "${database}" differs: ${differences.slice(0, 5).join('; ')}`)
      }
    }
    await progress('detached volume from original instance')

    const extensionsUpdated: string[] = []
    for (const database of databases) {
      extensionsUpdated.push(...(await withClient(newSpec, updateExtensions, { database })))
    }
    await progress('attached volume to upgraded instance')

    for (const database of databases) await withClient(newSpec, (client) => client.query('analyze'), { database })

    // switchover: the old data directory is kept beside, under the old major's name
    await stopCluster(newSpec, 'fast')
    await stopCluster(oldLocation, 'fast')
    for (const name of await readdir(path.dirname(dataDir))) {
      if (name.startsWith(`${path.basename(dataDir)}${PREVIOUS_PREFIX}`)) {
        await rm(path.join(path.dirname(dataDir), name), { recursive: true, force: true })
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
      await stopCluster({ dataDir }, 'immediate', 5_000).catch(() => {})
      await rm(dataDir, { recursive: true, force: true })
      await rename(previousDataDir, dataDir)
      throw error
    }
    // switched over: from here a failure to report must not undo the upgrade
    await Promise.resolve()
      .then(() => progress('completed upgrade'))
      .catch(() => {})
    return {
      previousDataDir,
      extensionsUpdated,
      timings: {
        dumpMs,
        restoreMs,
        downtimeMs: Math.round(performance.now() - (downtimeStarted ?? started)),
        totalMs: Math.round(performance.now() - started),
      },
    }
  } catch (error) {
    // the old cluster goes back to serving as before; the new one is thrown away
    if ((await clusterPid(newSpec)) !== null) await stopCluster(newSpec, 'immediate', 5_000).catch(() => {})
    await rm(upgrading, { recursive: true, force: true })
    if ((await clusterPid({ dataDir })) !== null) await stopCluster({ dataDir }, 'fast').catch(() => {})
    const spec = await host.configuredSpec(ref, source)
    await startCluster(spec, { timeoutMs: host.startTimeoutMs })
    throw error
  }
}
