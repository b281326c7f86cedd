import type { Readable } from 'node:stream'
import type { ClientConfig } from 'pg'
import type { CloneResult, WalArchiveState } from '../../backup/types'
import type { StopMode } from '../../cluster/types'
import { useEngineLogger } from '../../logger'
import type { UpgradeProgressKey } from '../../upgrade/progress'
import { DriverOperationUnsupportedError } from '../errors'
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
  UpgradeResult,
} from '../types'
import type { KubeObject } from './api'
import { KubernetesBackups } from './backups'
import { projectConnectionConfig, tenantEndpoint } from './connections'
import { clusterMajor, KubernetesContext, type KubernetesDriverOptions, runtimeConfigPatch } from './context'
import { KubernetesCopies } from './copies'
import { diskReadings, measureDisk } from './disk'
import { hibernationPatch, restartPatch } from './manifests/annotations'
import { type ProjectClusterConfig, READ_ONLY_PARAMETER } from './manifests/cluster'
import { poolerName } from './manifests/names'
import { projectPooler } from './manifests/pooler'
import { KUBERNETES_TENANT_OWNER } from './manifests/roles'
import { createProjectResources, destroyProjectResources, untilReady, waitForReady } from './provisioning'
import {
  clusterCondition,
  clusterHealth,
  describeClusterState,
  isClusterReady,
  isFaultPhase,
  isHibernatedNow,
  READY_CONDITION,
} from './status'
import { KubernetesUpgrades } from './upgrade'

/**
 * A Barman Cloud base backup is an online copy that is consistent only with the WAL archived while it ran: there is
 * no one self-contained archive to hand over, as the local driver's cold backups are.
 */
const BACKUP_DOWNLOAD_UNAVAILABLE =
  'Backups of projects on Kubernetes cannot be downloaded: they are Barman Cloud backups in the object store, which need its archived WAL to restore. Restore them here, or read them from the object store with Barman Cloud.'

const unsupported = (operation: string, message: string) =>
  new DriverOperationUnsupportedError('kubernetes', operation, message)

/**
 * Runs each project as a CloudNativePG Cluster, with a PgBouncer Pooler in front and daily Barman Cloud backups to
 * an object store. Nothing is kept in memory: every call reads the resources back, so it is safe to retry, and a
 * create that failed half-way is finished by the next one. See docs/kubernetes.md.
 */
export class KubernetesDriver implements ProjectDriver {
  readonly kind = 'kubernetes'
  /** CloudNativePG keeps `postgres` as its operator's superuser; the tenant's owner has this name instead. */
  readonly tenantOwnerRole = KUBERNETES_TENANT_OWNER
  readonly unavailableOperations = { backup_download: BACKUP_DOWNLOAD_UNAVAILABLE }
  private readonly k: KubernetesContext
  private readonly backups: KubernetesBackups
  private readonly upgrades: KubernetesUpgrades
  private readonly copies: KubernetesCopies

  constructor(options: KubernetesDriverOptions) {
    if (options.log) useEngineLogger(options.log)
    this.k = new KubernetesContext(options)
    this.backups = new KubernetesBackups(this.k)
    this.upgrades = new KubernetesUpgrades(this.k)
    this.copies = new KubernetesCopies(this.k, this.backups)
  }

  private async requireCluster(ref: string) {
    const found = await this.k.currentCluster(ref)
    if (!found.cluster) throw new Error(`Project ${ref} has no database`)
    return { ...found, cluster: found.cluster }
  }

  createProject(input: CreateProjectInput & ProjectClusterConfig): Promise<CreateProjectResult> {
    return createProjectResources(this.k, input)
  }

  /** A Cluster bootstrapped with `pg_basebackup` from the parent's primary (see copies.ts). */
  cloneProjectData(sourceRef: string, targetRef: string): Promise<CloneResult | null> {
    return this.copies.cloneFrom(sourceRef, targetRef)
  }

  async startProject(ref: string, config: ProjectRuntimeConfig & ProjectClusterConfig): Promise<StartProjectResult> {
    const started = performance.now()
    const { namespace, name, cluster } = await this.requireCluster(ref)
    this.assertMajor(cluster, config.major)
    const adopted = isClusterReady(cluster)
    const patch = runtimeConfigPatch(cluster, config)
    await this.k.api.mergePatch(namespace, 'clusters', name, { ...patch, ...hibernationPatch(false) })
    await this.patchPooler(namespace, ref, name, config)
    await waitForReady(this.k, namespace, name)
    return { adopted, readyMs: Math.round(performance.now() - started) }
  }

  private assertMajor(cluster: KubeObject, major: number): void {
    const current = clusterMajor(cluster)
    if (current !== null && current !== major) {
      throw new Error(`The project's data is on Postgres ${current}, not ${major}: upgrading is a separate operation`)
    }
  }

  private async patchPooler(namespace: string, ref: string, clusterName: string, config: ProjectRuntimeConfig) {
    const { spec } = projectPooler(this.k.template(namespace), ref, clusterName, config)
    await this.k.api.mergePatch(namespace, 'poolers', poolerName(ref), { spec: { pgbouncer: spec.pgbouncer } })
  }

  /** Hibernation: CloudNativePG deletes the pods and keeps the volumes. `mode` has no say: the operator stops it. */
  async stopProject(ref: string, _mode?: StopMode): Promise<void> {
    const { namespace, name, cluster } = await this.k.currentCluster(ref)
    if (!cluster || isHibernatedNow(cluster)) return
    await this.hibernate(namespace, name)
  }

  private async hibernate(namespace: string, name: string): Promise<void> {
    await this.k.api.mergePatch(namespace, 'clusters', name, hibernationPatch(true))
    await this.k.watcher.waitFor(
      namespace,
      'clusters',
      name,
      (cluster) => {
        if (!cluster) return { failed: 'The project’s database was deleted while it was being paused' }
        if (isFaultPhase(cluster)) return { failed: `Pausing failed: ${describeClusterState(cluster)}` }
        return isHibernatedNow(cluster) ? { done: true, value: undefined } : { done: false }
      },
      { description: `the project’s database ${name} to hibernate`, timeoutMs: this.k.timeouts.lifecycleMs },
    )
  }

  /**
   * A base backup to the object store (what the paused project can be restored from), then hibernation. A project already
   * hibernated returns its newest backup.
   */
  async pauseProject(ref: string, _options?: LifecycleOptions): Promise<PauseProjectResult> {
    if (!this.k.options.objectStore) {
      throw unsupported(
        'pause',
        'Pausing needs a backup object store, and none is configured for this Kubernetes cluster',
      )
    }
    const started = performance.now()
    const { namespace, name, cluster } = await this.requireCluster(ref)
    if (isHibernatedNow(cluster)) {
      const [latest] = await this.backups.list(ref)
      if (latest) return { ...latest, reused: true, timings: { stopMs: 0, archiveMs: 0, totalMs: 0 } }
      throw new Error(`Project ${ref} is paused but has no backup: resume it, then pause it again`)
    }
    const backup = await this.backups.backup(ref)
    const archived = performance.now()
    await this.hibernate(namespace, name)
    const done = performance.now()
    return {
      ...backup,
      reused: false,
      timings: {
        stopMs: Math.round(done - archived),
        archiveMs: Math.round(archived - started),
        totalMs: Math.round(done - started),
      },
    }
  }

  /**
   * Applies the config (a resize changes the pods' resources, which CloudNativePG rolls out) and asks for a
   * rolling restart; done once the Cluster has been seen not ready and then ready again after the request.
   */
  async restartProject(
    ref: string,
    config: ProjectRuntimeConfig & ProjectClusterConfig,
  ): Promise<RestartProjectResult> {
    const started = performance.now()
    const { namespace, name, cluster } = await this.requireCluster(ref)
    this.assertMajor(cluster, config.major)
    const requestedAt = new Date()
    const annotations = {
      ...hibernationPatch(false).metadata.annotations,
      ...restartPatch(requestedAt).metadata.annotations,
    }
    const patched = await this.k.api.mergePatch(namespace, 'clusters', name, {
      ...runtimeConfigPatch(cluster, config),
      metadata: { annotations },
    })
    await this.patchPooler(namespace, ref, name, config)
    const requestedSecond = Math.floor(requestedAt.getTime() / 1000) * 1000
    let wentDown = false
    await this.k.watcher.waitFor(
      namespace,
      'clusters',
      name,
      (current) => {
        const verdict = untilReady(current)
        if (!('done' in verdict) || !verdict.done) {
          if (current && !isClusterReady(current)) wentDown = true
          return verdict
        }
        // seen going down and up again, or ready since a later second than the request (condition times have
        // whole seconds: the same second could still be the readiness from before the restart)
        const since = Date.parse(clusterCondition(verdict.value, READY_CONDITION)?.lastTransitionTime ?? '')
        return wentDown || since > requestedSecond ? verdict : { done: false }
      },
      {
        description: `the project’s database ${name} to restart`,
        timeoutMs: this.k.timeouts.lifecycleMs,
        // from the write on, so the restart's not-ready states are seen however fast it goes
        fromResourceVersion: patched.metadata.resourceVersion,
      },
    )
    const totalMs = Math.round(performance.now() - started)
    return { adopted: true, readyMs: totalMs, checkpointMs: 0, stopMs: 0, totalMs }
  }

  backupProject(ref: string, _options?: BackupProjectOptions): Promise<BackupInfo> {
    return this.backups.backup(ref)
  }

  listBackups(ref: string): Promise<BackupInfo[]> {
    return this.backups.list(ref)
  }

  async openBackup(): Promise<{ stream: Readable; bytes: number } | null> {
    throw unsupported('download a backup', BACKUP_DOWNLOAD_UNAVAILABLE)
  }

  deleteBackups(ref: string, ids?: string[]): Promise<string[]> {
    return this.backups.delete(ref, ids)
  }

  restoreProjectFromBackup(
    ref: string,
    backup: string,
    runtime: ProjectRuntimeConfig,
    options?: RestoreProjectOptions,
  ): Promise<RestoreProjectResult> {
    return this.backups.restore(ref, backup, runtime, undefined, options)
  }

  restoreProjectToTime(
    ref: string,
    backup: string,
    target: Date,
    runtime: ProjectRuntimeConfig,
    options?: RestoreProjectOptions,
  ): Promise<RestoreProjectResult> {
    return this.backups.restore(ref, backup, runtime, target, options)
  }

  /** A throwaway recovery Cluster whose every table is read, then deleted (see copies.ts). */
  checkBackupRestore(ref: string, backup: string, runtime: ProjectRuntimeConfig): Promise<RestoreCheckResult> {
    return this.copies.checkRestore(ref, backup, runtime)
  }

  /**
   * What the Cluster's status says of its WAL archive: when the last segment was archived. Barman Cloud does not
   * report how many segments or bytes the object store holds, so those read 0.
   */
  async walArchiveState(ref: string): Promise<WalArchiveState> {
    const { cluster } = await this.k.currentCluster(ref)
    const newest = cluster?.status?.lastArchivedWALTime
    return {
      segments: 0,
      bytes: 0,
      newestAt: typeof newest === 'string' ? new Date(newest) : null,
      oldestSegment: null,
    }
  }

  /** The object store's retention policy prunes WAL (CloudNativePG runs it): nothing to delete here. */
  async pruneWalArchive(): Promise<number> {
    return 0
  }

  upgradeProject(
    ref: string,
    source: ProjectRuntimeConfig,
    target: ProjectRuntimeConfig,
    progress: (key: UpgradeProgressKey) => void | Promise<void>,
  ): Promise<UpgradeResult> {
    return this.upgrades.upgrade(ref, source, target, progress)
  }

  upgradeBlockers(ref: string, sourceMajor: number, targetMajor: number): Promise<string[]> {
    return this.upgrades.blockers(ref, sourceMajor, targetMajor)
  }

  /** Databases, WAL and temporary files, as the running server reports them (see disk.ts). */
  async projectDiskUsage(ref: string): Promise<number> {
    return (await measureDisk(this.k, ref)).totalBytes
  }

  /** Disk readings of the running projects; CPU and memory are left to the cluster's metrics (see disk.ts). */
  projectResourceReadings(refs: string[]): Promise<Record<string, ProjectResourceReading>> {
    return diskReadings(this.k, refs)
  }

  /**
   * Nothing to do here: a project's volume is a filesystem of its own, and a storage provisioner that enforces the
   * requested size stops writes past it.
   */
  async setProjectWriteCeiling(_ref: string, _exceeded: boolean): Promise<number> {
    return 0
  }

  /** A parameter change CloudNativePG applies with a reload: no restart, no session ended. */
  async setProjectReadOnly(ref: string, enabled: boolean): Promise<void> {
    const { namespace, name } = await this.requireCluster(ref)
    await this.k.api.mergePatch(namespace, 'clusters', name, {
      spec: { postgresql: { parameters: { [READ_ONLY_PARAMETER]: enabled ? 'on' : null } } },
    })
  }

  /** The platform does not run SQL on the server's behalf here; Postgres's own checkpoints recycle the WAL. */
  async checkpointProject(): Promise<boolean> {
    return false
  }

  async projectHealth(ref: string): Promise<ProjectHealth> {
    const { cluster } = await this.k.currentCluster(ref)
    return clusterHealth(cluster)
  }

  /**
   * Deletes the project's resources and data; backup files stay in the object store until its retention policy
   * removes them (see destroyProjectResources).
   */
  destroyProject(ref: string): Promise<void> {
    return destroyProjectResources(this.k, this.backups, ref)
  }

  /**
   * The platform superuser on the primary's Service by default; the tenant's owner (asked for as `postgres`, its
   * local name) through the platform's login that acts as it; see connections.ts.
   */
  /** The Pooler's Service, or the configured host for clients outside the cluster (see connections.ts). */
  tenantEndpoint(ref: string, port: number | null): Promise<TenantEndpoint> {
    return tenantEndpoint(this.k, ref, port)
  }

  projectConnection(ref: string, options: ProjectConnectionOptions = {}): Promise<ClientConfig> {
    return projectConnectionConfig(this.k, ref, options)
  }

  /** Each project runs in pods of its own. */
  isolatesProjects(): boolean {
    return true
  }

  /** Projects run on without the platform: stopping the platform's pod leaves them serving. */
  async stopAll(): Promise<void> {}
}
