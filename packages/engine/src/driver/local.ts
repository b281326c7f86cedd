import { mkdir, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import type { ClientConfig } from 'pg'
import { cloneRunningCluster } from '../backup/clone'
import type { CloneResult, WalArchiveState } from '../backup/types'
import { checkpointCluster } from '../cluster/checkpoint'
import { connectionConfig } from '../cluster/client'
import { clusterPid, readPidFile } from '../cluster/pid-file'
import { probeCluster } from '../cluster/probe'
import { setClusterReadOnly } from '../cluster/read-only-mode'
import { TENANT_OWNER_ROLE } from '../cluster/role-names'
import { startCluster } from '../cluster/start'
import { stopCluster } from '../cluster/stop'
import { securePlatformSuperuser } from '../cluster/superuser-login'
import { type ClusterSpec, type StopMode, settingsPort } from '../cluster/types'
import { setClusterWriteCeiling } from '../cluster/write-ceiling'
import { engineForMajor } from '../engines/discover'
import { useEngineLogger } from '../logger'
import { directoryUsage } from '../system/disk-usage'
import { removeTree } from '../system/remove-tree'
import { isBackupId } from './backup-store'
import { LocalBackups } from './local-backups'
import { createLocalProject } from './local-create'
import { type LocalDriverOptions, SPARES_DIR_NAME } from './local-options'
import { assertValidRef, type LocalProjectPaths, localProjectPaths } from './local-paths'
import { LocalProjectUsers } from './local-project-users'
import { ProjectResourceReader } from './local-resources'
import { runningProjectRefs } from './local-running'
import { LocalProjectSpecs } from './local-specs'
import { upgradeBlockers, upgradeProject } from './local-upgrade'
import { OperationQueue } from './operation-queue'
import { ensureProjectDir } from './project-layout'
import { settleDataDir } from './restore-swap'
import { SpareDataDirs } from './spare-data-dirs'
import type {
  BackupInfo,
  BackupProjectOptions,
  CreateProjectInput,
  CreateProjectResult,
  LifecycleOptions,
  PauseProjectResult,
  ProjectConnectionOptions,
  ProjectDriver,
  ProjectHealth,
  ProjectResourceReading,
  ProjectRuntimeConfig,
  RestartProjectResult,
  RestoreCheckResult,
  RestoreProjectOptions,
  RestoreProjectResult,
  StartProjectResult,
  TenantEndpoint,
  UpgradeOptions,
  UpgradeProgress,
  UpgradeResult,
} from './types'

/** Projects as directories under one data directory, each with its own postmaster spawned on this machine. */
export class LocalDriver implements ProjectDriver {
  readonly kind = 'local'
  readonly tenantOwnerRole = TENANT_OWNER_ROLE
  readonly unavailableOperations = {}
  private readonly backups: LocalBackups
  /** remembers each project's last disk walk, so most samples need none */
  private readonly resources = new ProjectResourceReader((ref) => this.projectPaths(ref))
  /** Lifecycle operations of one project run one at a time (in this process); the platform's jobs do the rest. */
  private readonly operations = new OperationQueue()
  private readonly users: LocalProjectUsers
  private readonly spares: SpareDataDirs
  private readonly specs: LocalProjectSpecs

  constructor(private readonly options: LocalDriverOptions) {
    if (options.log) useEngineLogger(options.log)
    this.users = new LocalProjectUsers({
      runAs: options.runAs,
      isolateProjects: options.isolateProjects !== false,
      paths: (ref) => this.projectPaths(ref),
    })
    this.specs = new LocalProjectSpecs({
      dataDir: options.dataDir,
      logDir: options.logDir,
      listenAddress: options.listenAddress,
      engines: options.engines,
      users: this.users,
      superuserLogin: options.superuserLogin,
    })
    this.spares = new SpareDataDirs({
      dir: path.join(options.dataDir, SPARES_DIR_NAME),
      runAs: options.runAs,
      engineFor: (major) => engineForMajor(options.engines, major),
      perMajor: options.spareDataDirs ?? 0,
    })
    this.backups = new LocalBackups({
      paths: (ref) => this.projectPaths(ref),
      runAsOf: (ref) => this.users.runAsOf(ref),
      engineFor: (major) => engineForMajor(options.engines, major),
      dataMajor: (ref) => this.dataMajor(ref),
      storedSpec: (ref) => this.specs.storedSpec(ref),
      configuredSpec: (ref, config) => this.specs.configuredSpec(ref, config),
      projectSpec: (ref, config) => this.projectSpec(ref, config),
      startTimeoutMs: options.startTimeoutMs,
    })
  }

  projectPaths(ref: string): LocalProjectPaths {
    return localProjectPaths(this.options.dataDir, this.options.logDir, ref)
  }

  projectSocketDir(ref: string): string {
    return this.projectPaths(ref).socketDir
  }

  /** The full cluster spec of a project, for engine operations the driver does not wrap (backups, upgrades). */
  projectSpec(ref: string, config: ProjectRuntimeConfig): ClusterSpec {
    return this.specs.projectSpec(ref, config)
  }

  /** The major the project's data directory was created with, or null when there is no complete one. */
  dataMajor(ref: string): Promise<number | null> {
    return this.specs.dataMajor(ref)
  }

  async createProject(input: CreateProjectInput): Promise<CreateProjectResult> {
    const startedAt = performance.now()
    assertValidRef(input.ref)
    engineForMajor(this.options.engines, input.major) // refuse a missing major before creating anything
    await mkdir(this.options.dataDir, { recursive: true })
    const runAs = await this.users.resolve(input.ref)
    return createLocalProject(
      {
        dataDir: this.options.dataDir,
        paths: this.projectPaths(input.ref),
        spec: this.projectSpec(input.ref, input),
        runAs,
        dataMajor: () => this.dataMajor(input.ref),
        startTimeoutMs: this.options.startTimeoutMs,
        startedAt,
        takeSpare: (target) => this.spares.take(input.major, target, runAs),
      },
      input,
    )
  }

  /** Starts preparing spare data directories of these majors (when configured), e.g. at platform start. */
  prepareSpareDataDirs(majors: number[]): void {
    for (const major of majors) this.spares.refill(major)
  }

  /** Resolves once the spare data directories being made are ready (or failed). */
  spareDataDirsSettled(): Promise<void> {
    return this.spares.settle()
  }

  /**
   * Gives `targetRef` a copy of `sourceRef`'s data (the source keeps running), ready for createProject to adopt:
   * blocks shared where the filesystem can, copied otherwise. A target that already has its data is left as it is.
   */
  async cloneProjectData(sourceRef: string, targetRef: string): Promise<CloneResult | null> {
    assertValidRef(sourceRef)
    assertValidRef(targetRef)
    if ((await this.dataMajor(targetRef)) !== null) return null
    const source = await this.specs.location(sourceRef)
    if (!source || (await clusterPid(source)) === null) throw new Error(`Project ${sourceRef} is not running`)
    const owner = await this.users.resolve(targetRef)
    const { projectDir, dataDir } = this.projectPaths(targetRef)
    await mkdir(this.options.dataDir, { recursive: true })
    await ensureProjectDir({ projectDir }, owner)
    await settleDataDir(dataDir)
    await removeTree(dataDir)
    return this.exclusive(sourceRef, () => cloneRunningCluster(source, dataDir, owner))
  }

  async startProject(ref: string, config: ProjectRuntimeConfig): Promise<StartProjectResult> {
    const spec = await this.specs.configuredSpec(ref, config)
    const running = await readPidFile(spec.dataDir)
    if (running && (await clusterPid(spec)) !== null && running.port !== settingsPort(config)) {
      await stopCluster(spec, 'fast')
    }
    const { adopted, readyMs } = await startCluster(spec, { timeoutMs: this.options.startTimeoutMs })
    await this.secureRoles(spec)
    return { adopted, readyMs }
  }

  async stopProject(ref: string, mode: StopMode = 'fast'): Promise<void> {
    await this.users.resolve(ref)
    await stopCluster(this.projectPaths(ref), mode)
  }

  /**
   * CHECKPOINT while the server still serves (so the shutdown checkpoint finds few dirty buffers), fast stop,
   * start with `config`. The server is unavailable for about stopMs + readyMs.
   */
  async restartProject(ref: string, config: ProjectRuntimeConfig): Promise<RestartProjectResult> {
    const started = performance.now()
    const spec = await this.specs.configuredSpec(ref, config)
    const location = await this.specs.location(ref)
    if (location) await checkpointCluster(location)
    const stopStarted = performance.now()
    await stopCluster(spec, 'fast')
    const startStarted = performance.now()
    const { adopted, readyMs } = await startCluster(spec, { timeoutMs: this.options.startTimeoutMs })
    await this.secureRoles(spec)
    return {
      adopted,
      readyMs,
      checkpointMs: Math.round(stopStarted - started),
      stopMs: Math.round(startStarted - stopStarted),
      totalMs: Math.round(performance.now() - started),
    }
  }

  pauseProject(ref: string, options?: LifecycleOptions): Promise<PauseProjectResult> {
    return this.exclusive(ref, async () => {
      await this.users.resolve(ref)
      return this.backups.pause(ref, options)
    })
  }

  backupProject(ref: string, options?: BackupProjectOptions): Promise<BackupInfo> {
    return this.exclusive(ref, async () => {
      await this.users.resolve(ref)
      return this.backups.backup(ref, options)
    })
  }

  listBackups(ref: string): Promise<BackupInfo[]> {
    return this.backups.list(ref)
  }

  openBackup(ref: string, id: string): Promise<{ stream: Readable; bytes: number } | null> {
    return this.backups.open(ref, id)
  }

  deleteBackups(ref: string, ids?: string[]): Promise<string[]> {
    return this.exclusive(ref, () => this.backups.delete(ref, ids))
  }

  restoreProjectFromBackup(
    ref: string,
    backup: string,
    runtime: ProjectRuntimeConfig,
    options?: RestoreProjectOptions,
  ): Promise<RestoreProjectResult> {
    return this.exclusive(ref, async () => {
      await this.users.resolve(ref)
      const result = await this.backups.restore(ref, backup, runtime, options)
      await this.secureRestored(ref, runtime.major)
      return result
    })
  }

  restoreProjectToTime(
    ref: string,
    backup: string,
    target: Date,
    runtime: ProjectRuntimeConfig,
    options?: RestoreProjectOptions,
  ): Promise<RestoreProjectResult> {
    return this.exclusive(ref, async () => {
      await this.users.resolve(ref)
      const result = await this.backups.restoreToTime(ref, backup, target, runtime, options)
      await this.secureRestored(ref, runtime.major)
      return result
    })
  }

  upgradeProject(
    ref: string,
    source: ProjectRuntimeConfig,
    target: ProjectRuntimeConfig,
    progress: UpgradeProgress,
    options?: UpgradeOptions,
  ): Promise<UpgradeResult> {
    return this.exclusive(ref, async () => {
      const owner = await this.users.resolve(ref)
      return upgradeProject(
        {
          paths: (id) => this.projectPaths(id),
          takeSpare: (major, target) => this.spares.take(major, target, owner),
          engineFor: (major) => engineForMajor(this.options.engines, major),
          projectSpec: (id, config) => this.projectSpec(id, config),
          configuredSpec: (id, config) => this.specs.configuredSpec(id, config),
          secureRoles: (spec) => this.secureRoles(spec),
          startTimeoutMs: this.options.startTimeoutMs,
        },
        ref,
        source,
        target,
        progress,
        options,
      )
    })
  }

  async upgradeBlockers(ref: string, sourceMajor: number, targetMajor: number): Promise<string[]> {
    const location = await this.specs.location(ref)
    const running = location && (await clusterPid({ dataDir: location.dataDir })) !== null
    const spec = running
      ? { ...this.projectSpec(ref, { major: sourceMajor, port: location.port, computeSize: 'nano' }), ...location }
      : null
    return upgradeBlockers(this.options.engines, spec, sourceMajor, targetMajor)
  }

  walArchiveState(ref: string): Promise<WalArchiveState> {
    return this.backups.walArchiveState(ref)
  }

  checkBackupRestore(ref: string, backup: string, runtime: ProjectRuntimeConfig): Promise<RestoreCheckResult> {
    if (!isBackupId(backup)) return Promise.reject(new Error(`Not a backup of this project: ${backup}`))
    return this.exclusive(ref, () => this.backups.checkRestore(ref, backup, runtime))
  }

  pruneWalArchive(ref: string, oldestBackup: string): Promise<number> {
    if (!isBackupId(oldestBackup)) return Promise.resolve(0)
    return this.exclusive(ref, () => this.backups.pruneWalArchive(ref, oldestBackup))
  }

  async projectDiskUsage(ref: string): Promise<number> {
    return (await directoryUsage(this.projectPaths(ref).dataDir)).bytes
  }

  projectResourceReadings(
    refs: string[],
    options?: { exactDisk?: boolean },
  ): Promise<Record<string, ProjectResourceReading>> {
    for (const ref of refs) assertValidRef(ref)
    return this.resources.read(refs, options)
  }

  async setProjectReadOnly(ref: string, enabled: boolean): Promise<void> {
    const location = await this.specs.location(ref)
    if (!location || (await clusterPid(location)) === null) throw new Error(`Project ${ref} is not running`)
    await setClusterReadOnly(location, enabled)
  }

  async setProjectWriteCeiling(ref: string, exceeded: boolean): Promise<number> {
    const location = await this.specs.location(ref)
    if (!location || (await clusterPid(location)) === null) throw new Error(`Project ${ref} is not running`)
    return setClusterWriteCeiling({ ...(await this.specs.storedSpec(ref)), ...location }, exceeded)
  }

  async checkpointProject(ref: string): Promise<boolean> {
    const location = await this.specs.location(ref)
    return location ? checkpointCluster(location, 30_000) : false
  }

  async projectHealth(ref: string): Promise<ProjectHealth> {
    const location = await this.specs.location(ref)
    return location ? probeCluster(location) : 'down'
  }

  async destroyProject(ref: string): Promise<void> {
    const { projectDir, dataDir, logFile } = this.projectPaths(ref)
    await stopCluster({ dataDir }, 'fast', 5_000)
    // what the project's user owns goes as that user (see removeTree); the rest is the platform's
    for (const name of await readdir(projectDir).catch(() => [] as string[]))
      await removeTree(path.join(projectDir, name))
    await rm(projectDir, { recursive: true, force: true })
    if (this.options.logDir) await rm(path.dirname(logFile), { recursive: true, force: true })
    this.resources.forget(ref)
    await this.users.remove(ref)
  }

  /** The address every project server listens on, with the project's own port. */
  async tenantEndpoint(_ref: string, port: number | null): Promise<TenantEndpoint> {
    return { host: this.options.listenAddress, port }
  }

  async projectConnection(ref: string, options: ProjectConnectionOptions = {}): Promise<ClientConfig> {
    const location = await this.specs.location(ref)
    if (!location) throw new Error(`Project ${ref} has no database`)
    return connectionConfig(location, options.database, options.user)
  }

  async stopAll(): Promise<void> {
    // a spare being made would outlive the call and write into a directory the caller may remove next
    await this.spares.settle()
    const results = await Promise.allSettled(
      (await runningProjectRefs(this.options.dataDir, this.options.logDir)).map((ref) => this.stopProject(ref, 'fast')),
    )
    const errors = results.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []))
    if (errors.length > 0) throw new AggregateError(errors, `Could not stop ${errors.length} project server(s)`)
  }

  /** Whether each project's server runs as an OS user of its own (only possible when the platform runs as root). */
  isolatesProjects(): boolean {
    return this.users.isolating()
  }

  /**
   * Moves an older project to the platform superuser when needed, gives it the platform's password, then
   * (re)applies the tenant's roles.
   */
  private async secureRoles(spec: ClusterSpec): Promise<void> {
    await securePlatformSuperuser(spec, { major: spec.engine.major })
  }

  /** An archive taken before tenant isolation holds a superuser `postgres`: migrate it before anyone logs in. */
  private async secureRestored(ref: string, major: number): Promise<void> {
    const location = await this.specs.location(ref)
    if (!location) return
    const stored = await this.specs.storedSpec(ref)
    await this.secureRoles({ ...stored, ...location, engine: engineForMajor(this.options.engines, major) })
  }

  /** Runs `fn` after the project's earlier lifecycle operations have settled. */
  private exclusive<T>(ref: string, fn: () => Promise<T>): Promise<T> {
    return this.operations.run(ref, fn)
  }
}
