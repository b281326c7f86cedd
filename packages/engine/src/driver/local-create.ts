import { access, rename } from 'node:fs/promises'
import path from 'node:path'
import { assertSocketPathFits } from '../cluster/client'
import { initCluster, partialDataDir } from '../cluster/init'
import { clusterPid } from '../cluster/pid-file'
import { PLATFORM_SUPERUSER } from '../cluster/role-names'
import { writeClusterSettings, writeConfigFiles } from '../cluster/settings'
import { startCluster } from '../cluster/start'
import { securePlatformSuperuser } from '../cluster/superuser-login'
import type { ClusterSpec } from '../cluster/types'
import { fsyncDir } from '../system/durable'
import { mkdirOwned } from '../system/fs-owned'
import { removeTree } from '../system/remove-tree'
import type { RunAs } from '../system/run-as'
import { assertTraversableBy } from '../system/traversable'
import type { LocalProjectPaths } from './local-paths'
import { ensureProjectDir } from './project-layout'
import { settleDataDir } from './restore-swap'
import type { CreateProjectInput, CreateProjectResult } from './types'

export interface LocalCreateContext {
  /** The directory holding every project's directory (the project's user must be able to pass through it). */
  dataDir: string
  paths: LocalProjectPaths
  spec: ClusterSpec
  runAs: RunAs | null
  /** The major of the project's complete data directory, or null when there is none. */
  dataMajor: () => Promise<number | null>
  startTimeoutMs?: number
  /** When the caller's work on this creation began (timings count from it). */
  startedAt: number
  /** Moves a data directory initialised ahead of need to `target` (owned by the project's user); false when none. */
  takeSpare: (target: string) => Promise<boolean>
}

/**
 * Settings of the first start of a copy of another project (a branch with data). Recovery of a copied data
 * directory begins by flushing all of it to disk; file by file that took 1.9 s for a 1 GB copy here, one syncfs of
 * the filesystem 1.0 s. syncfs also flushes other dirty files of that filesystem, which is why it is used only then.
 */
const COPY_START_SETTINGS = { recovery_init_sync_method: 'syncfs' }

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  )

/** Gives the project a spare data directory when one is ready; false when initdb has to run. */
async function adoptSpare(context: LocalCreateContext): Promise<boolean> {
  const { spec } = context
  assertSocketPathFits(spec)
  const partial = partialDataDir(spec.dataDir)
  if (!(await context.takeSpare(partial))) return false
  try {
    await mkdirOwned(spec.socketDir, spec.runAs, 0o700)
    // each config file is flushed as it is written, and with it the ownership change before it
    await writeConfigFiles(partial, spec)
    await rename(partial, spec.dataDir)
    await fsyncDir(context.paths.projectDir)
  } catch (error) {
    await removeTree(partial)
    throw error
  }
  return true
}

/**
 * Initialises the project's cluster unless a complete one exists (a retry), starts it and (re)applies its roles and
 * the passwords the caller holds. Safe to repeat after a crash at any point.
 */
export async function createLocalProject(
  context: LocalCreateContext,
  input: CreateProjectInput,
): Promise<CreateProjectResult> {
  const { spec, runAs, paths } = context
  await assertTraversableBy(context.dataDir, runAs)
  await ensureProjectDir(paths, runAs)
  if (input.walArchiving) await mkdirOwned(paths.walArchiveDir, runAs, 0o700)
  await settleDataDir(spec.dataDir)

  let initdbMs: number | null = null
  let dataSource: CreateProjectResult['dataSource'] = 'existing'
  const existingMajor = await context.dataMajor()
  const firstStartOfCopy = existingMajor !== null && (await exists(path.join(spec.dataDir, 'backup_label')))
  if (existingMajor === null) {
    // Left over by an attempt that crashed: initCluster only renames complete clusters into place, but
    // older layouts or a crash during a restore can leave an incomplete directory.
    if ((await clusterPid(spec)) !== null)
      throw new Error(`Project ${input.ref} has an incomplete data directory in use`)
    await removeTree(spec.dataDir)
    await removeTree(partialDataDir(spec.dataDir))
    if (await adoptSpare(context)) {
      dataSource = 'spare'
    } else {
      initdbMs = (await initCluster(spec, { superuser: PLATFORM_SUPERUSER })).initdbMs
      dataSource = 'initdb'
    }
  } else {
    if (existingMajor !== input.major) {
      throw new Error(
        `Project ${input.ref} holds Postgres ${existingMajor} data, not ${input.major}; a major change needs an upgrade`,
      )
    }
    await writeClusterSettings(
      firstStartOfCopy ? { ...spec, settings: { ...spec.settings, ...COPY_START_SETTINGS } } : spec,
    )
  }

  const start = await startCluster(spec, { timeoutMs: context.startTimeoutMs })
  // only the copy's first recovery needs it; later crash recoveries flush file by file again
  if (firstStartOfCopy) await writeClusterSettings(spec)
  const bootstrapStarted = performance.now()
  // A retry must leave the passwords the caller now holds, whatever an earlier attempt set. Data initialised just
  // now has the platform superuser; data found in place (a retry, a copy of another project) may need moving to it.
  await securePlatformSuperuser(spec, {
    authenticatorPassword: input.authenticatorPassword,
    ownerPassword: input.superuserPassword,
    major: spec.engine.major,
  })
  const bootstrapMs = Math.round(performance.now() - bootstrapStarted)
  return {
    ref: input.ref,
    major: spec.engine.major,
    version: spec.engine.version,
    initialized: dataSource !== 'existing',
    dataSource,
    timings: {
      initdbMs,
      startMs: start.readyMs,
      bootstrapMs,
      totalMs: Math.round(performance.now() - context.startedAt),
    },
  }
}
