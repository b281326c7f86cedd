import { rm } from 'node:fs/promises'
import { initCluster, partialDataDir } from '../cluster/init'
import { clusterPid } from '../cluster/pid-file'
import { PLATFORM_SUPERUSER } from '../cluster/role-names'
import { bootstrapProjectRoles } from '../cluster/roles'
import { writeClusterSettings } from '../cluster/settings'
import { startCluster } from '../cluster/start'
import { ensurePlatformSuperuser } from '../cluster/superuser-migration'
import type { ClusterSpec } from '../cluster/types'
import { mkdirOwned } from '../system/fs-owned'
import type { RunAs } from '../system/run-as'
import { assertTraversableBy } from '../system/traversable'
import type { LocalProjectPaths } from './local-paths'
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
  await mkdirOwned(paths.projectDir, runAs, 0o700)
  if (input.walArchiving) await mkdirOwned(paths.walArchiveDir, runAs, 0o700)
  await settleDataDir(spec.dataDir)

  let initdbMs: number | null = null
  const existingMajor = await context.dataMajor()
  if (existingMajor === null) {
    // Left over by an attempt that crashed: initCluster only renames complete clusters into place, but
    // older layouts or a crash during a restore can leave an incomplete directory.
    if ((await clusterPid(spec)) !== null)
      throw new Error(`Project ${input.ref} has an incomplete data directory in use`)
    await rm(spec.dataDir, { recursive: true, force: true })
    await rm(partialDataDir(spec.dataDir), { recursive: true, force: true })
    initdbMs = (await initCluster(spec, { superuser: PLATFORM_SUPERUSER })).initdbMs
  } else {
    if (existingMajor !== input.major) {
      throw new Error(
        `Project ${input.ref} holds Postgres ${existingMajor} data, not ${input.major}; a major change needs an upgrade`,
      )
    }
    await writeClusterSettings(spec)
  }

  const start = await startCluster(spec, { timeoutMs: context.startTimeoutMs })
  const bootstrapStarted = performance.now()
  // A retry must leave the passwords the caller now holds, whatever an earlier attempt set.
  await ensurePlatformSuperuser(spec)
  await bootstrapProjectRoles(spec, {
    authenticatorPassword: input.authenticatorPassword,
    ownerPassword: input.superuserPassword,
    major: spec.engine.major,
  })
  const bootstrapMs = Math.round(performance.now() - bootstrapStarted)
  return {
    ref: input.ref,
    major: spec.engine.major,
    version: spec.engine.version,
    initialized: initdbMs !== null,
    timings: {
      initdbMs,
      startMs: start.readyMs,
      bootstrapMs,
      totalMs: Math.round(performance.now() - context.startedAt),
    },
  }
}
