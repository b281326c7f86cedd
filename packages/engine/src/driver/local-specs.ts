import path from 'node:path'
import { walArchiveSettings } from '../backup/wal-archive'
import { isInitializedDataDir } from '../cluster/init'
import { clusterPid, readPidFile } from '../cluster/pid-file'
import { readSettingsPort, readStoredSettings, writeClusterSettings } from '../cluster/settings'
import type { ClusterLocation, ClusterSpec, SuperuserLogin } from '../cluster/types'
import { COMPUTE_SIZES, computeSettings } from '../compute'
import { engineForMajor } from '../engines/discover'
import type { PostgresEngine } from '../engines/types'
import { mkdirOwned } from '../system/fs-owned'
import { readFileNoFollow } from '../system/no-follow'
import { type LocalProjectPaths, localProjectPaths } from './local-paths'
import type { LocalProjectUsers } from './local-project-users'
import { settleDataDir } from './restore-swap'
import type { ProjectRuntimeConfig } from './types'

export interface LocalProjectSpecsOptions {
  dataDir: string
  logDir?: string
  listenAddress: string
  engines: PostgresEngine[]
  users: LocalProjectUsers
  superuserLogin?: SuperuserLogin
}

/**
 * How a local project's server is described and found: its cluster spec (paths, OS user, settings), the
 * configuration on disk, and where it listens. No process is started or stopped here.
 */
export class LocalProjectSpecs {
  constructor(private readonly options: LocalProjectSpecsOptions) {}

  private paths(ref: string): LocalProjectPaths {
    return localProjectPaths(this.options.dataDir, this.options.logDir, ref)
  }

  /** The full cluster spec of a project, for engine operations the driver does not wrap (backups, upgrades). */
  projectSpec(ref: string, config: ProjectRuntimeConfig): ClusterSpec {
    const { dataDir, socketDir, logFile, walArchiveDir } = this.paths(ref)
    return {
      dataDir,
      socketDir,
      logFile,
      port: config.port,
      listenAddress: this.options.listenAddress,
      engine: engineForMajor(this.options.engines, config.major),
      runAs: this.options.users.runAsOf(ref),
      ...(this.options.superuserLogin ? { superuserLogin: this.options.superuserLogin } : {}),
      settings: {
        ...computeSettings(config.computeSize),
        ...(config.walArchiving ? walArchiveSettings(walArchiveDir) : {}),
        // a major upgrade replicates logically; a slot it leaves after a crash must not stop the server starting
        wal_level: 'logical',
        ...config.settings,
      },
    }
  }

  /** The major the project's data directory was created with, or null when there is no complete one. */
  async dataMajor(ref: string): Promise<number | null> {
    const { dataDir } = this.paths(ref)
    if (!(await isInitializedDataDir(dataDir))) return null
    return Number((await readFileNoFollow(path.join(dataDir, 'PG_VERSION'), 'utf8')).trim())
  }
  private assertMajor(ref: string, dataMajor: number, wanted: number): void {
    if (dataMajor !== wanted) {
      throw new Error(`Project ${ref} holds Postgres ${dataMajor} data, not ${wanted}; a major change needs an upgrade`)
    }
  }
  /** The runtime config the project's pgfleet.conf holds, minus the compute size (which the caller picks). */
  async storedRuntime(ref: string): Promise<Omit<ProjectRuntimeConfig, 'computeSize'>> {
    const major = await this.dataMajor(ref)
    const stored = await readStoredSettings(this.paths(ref).dataDir)
    if (major === null || !stored) throw new Error(`Project ${ref} has no configured data directory`)
    const computeKeys = new Set(Object.keys(computeSettings(COMPUTE_SIZES[0])))
    const settings = Object.fromEntries(Object.entries(stored.settings).filter(([name]) => !computeKeys.has(name)))
    return { major, port: stored.port, settings }
  }

  /** The cluster spec of the configuration on disk, unchanged (the compute size is irrelevant: settings are not written). */
  async storedSpec(ref: string): Promise<ClusterSpec> {
    await this.options.users.resolve(ref)
    const runtime = await this.storedRuntime(ref)
    return this.projectSpec(ref, { ...runtime, computeSize: COMPUTE_SIZES[0] })
  }

  /** Checks the data directory and writes the config's settings, ready for a (re)start. */
  async configuredSpec(ref: string, config: ProjectRuntimeConfig): Promise<ClusterSpec> {
    await this.options.users.resolve(ref)
    await settleDataDir(this.paths(ref).dataDir)
    const dataMajor = await this.dataMajor(ref)
    if (dataMajor === null) throw new Error(`Project ${ref} has no initialised data directory`)
    this.assertMajor(ref, dataMajor, config.major)
    const spec = this.projectSpec(ref, config)
    if (config.walArchiving) await mkdirOwned(this.paths(ref).walArchiveDir, spec.runAs, 0o700)
    await writeClusterSettings(spec)
    return spec
  }

  /** Where the project's server is (or would be) reachable: the running server's port, else the configured one. */
  async location(ref: string): Promise<ClusterLocation | null> {
    const { dataDir, socketDir } = this.paths(ref)
    const pidFile = (await clusterPid({ dataDir })) === null ? null : await readPidFile(dataDir)
    const port = pidFile?.port || (await readSettingsPort(dataDir))
    return port ? { dataDir, socketDir, port } : null
  }
}
