import { ignoredError } from '../../logger'
import { DriverOperationUnsupportedError } from '../errors'
import type { BackupInfo, ProjectRuntimeConfig, RestoreProjectOptions, RestoreProjectResult } from '../types'
import type { KubeObject } from './api'
import type { KubernetesContext } from './context'
import { hibernationPatch } from './manifests/annotations'
import { projectBackup } from './manifests/backups'
import { type ProjectClusterConfig, type RecoverySource, recoveryCluster } from './manifests/cluster'
import { backupName, poolerName, recoveryClusterName, SERVING_ANNOTATION, scheduledBackupName } from './manifests/names'
import { describeClusterState, isClusterReady, isFaultPhase } from './status'

/** Waits for a Cluster made from other data (a restore, a restore check, a branch) to serve. */
export function waitForCopy(k: KubernetesContext, namespace: string, name: string, what: string): Promise<KubeObject> {
  return k.watcher.waitFor<KubeObject>(
    namespace,
    'clusters',
    name,
    (cluster) => {
      if (!cluster) return { failed: `The copy ${name} (${what}) was deleted before it was ready` }
      if (isFaultPhase(cluster)) return { failed: `The ${what} failed: ${describeClusterState(cluster)}` }
      return isClusterReady(cluster) ? { done: true, value: cluster } : { done: false }
    },
    { description: `the copy ${name} (${what}) to be ready`, timeoutMs: k.timeouts.createMs },
  )
}

const unsupported = (operation: string, message: string) =>
  new DriverOperationUnsupportedError('kubernetes', operation, message)

/** CloudNativePG's Backup phases (`status.phase`). */
const BACKUP_COMPLETED = 'completed'
const BACKUP_FAILED = 'failed'

interface BackupStatus {
  phase?: string
  backupId?: string
  destinationPath?: string
  serverName?: string
  beginLSN?: string
  startedAt?: string
  stoppedAt?: string
  majorVersion?: number
  error?: string
}

const backupStatus = (backup: KubeObject): BackupStatus => (backup.status ?? {}) as BackupStatus
const backupCluster = (backup: KubeObject): string | undefined =>
  (backup.spec?.cluster as { name?: string } | undefined)?.name

/**
 * A completed Backup as the platform lists backups. Barman Cloud reports no archive size, so `bytes` is 0; `file`
 * is where the base backup lies in the object store.
 */
export function backupInfo(backup: KubeObject): BackupInfo {
  const status = backupStatus(backup)
  const folder = status.serverName ?? backupCluster(backup) ?? ''
  return {
    id: backup.metadata.name,
    file: status.destinationPath
      ? `${status.destinationPath.replace(/\/$/, '')}/${folder}/base/${status.backupId}`
      : '',
    bytes: 0,
    kind: 'online',
    createdAt: status.stoppedAt ?? status.startedAt ?? backup.metadata.creationTimestamp ?? '',
    major: status.majorVersion ?? null,
    version: null,
    compression: 'gzip',
    dataBytes: null,
    checkpointLsn: status.beginLSN ?? null,
    systemIdentifier: null,
  }
}

/** Backups and restores through CloudNativePG's Backup resources and Barman Cloud recovery. */
export class KubernetesBackups {
  constructor(private readonly k: KubernetesContext) {}

  private requireObjectStore(operation: string): void {
    if (!this.k.options.objectStore) {
      throw unsupported(operation, 'Backups need an object store, and none is configured for this Kubernetes cluster')
    }
  }

  /** A base backup of the serving Cluster, awaited until CloudNativePG reports it completed. */
  async backup(ref: string): Promise<BackupInfo> {
    this.requireObjectStore('backup')
    const { namespace, name: clusterName, cluster } = await this.k.currentCluster(ref)
    if (!cluster) throw new Error(`Project ${ref} has no database`)
    const name = backupName(ref, new Date())
    await this.k.api.create(namespace, 'backups', projectBackup(this.k.template(namespace), ref, clusterName, name))
    return this.k.watcher.waitFor<BackupInfo>(
      namespace,
      'backups',
      name,
      (backup) => {
        if (!backup) return { failed: `Backup ${name} was deleted before it completed` }
        const status = backupStatus(backup)
        if (status.phase === BACKUP_FAILED)
          return { failed: `Backup ${name} failed: ${status.error ?? 'no reason given'}` }
        return status.phase === BACKUP_COMPLETED ? { done: true, value: backupInfo(backup) } : { done: false }
      },
      { description: `backup ${name} to complete`, timeoutMs: this.k.timeouts.backupMs },
    )
  }

  /** The project's Backups, of any of its Clusters, that are complete; newest first. */
  private async projectBackups(ref: string): Promise<{ namespace: string; backups: KubeObject[] }> {
    const namespace = await this.k.namespace(ref)
    const clusters = new Set((await this.k.projectClusters(namespace, ref)).map((c) => c.metadata.name))
    clusters.add(await this.k.currentClusterName(namespace, ref))
    const all = (await this.k.api.list(namespace, 'backups')).items
    const backups = all.filter((backup) => clusters.has(backupCluster(backup) ?? ''))
    return { namespace, backups }
  }

  async list(ref: string): Promise<BackupInfo[]> {
    const { backups } = await this.projectBackups(ref)
    return backups
      .filter((backup) => backupStatus(backup).phase === BACKUP_COMPLETED)
      .map(backupInfo)
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id))
  }

  /**
   * Deletes the Backup resources (all when `ids` is omitted). The files stay in the object store until its
   * retention policy removes them: CloudNativePG never deletes backup data when a Backup resource goes.
   */
  async delete(ref: string, ids?: string[]): Promise<string[]> {
    const { namespace, backups } = await this.projectBackups(ref)
    const doomed = backups.map((b) => b.metadata.name).filter((name) => !ids || ids.includes(name))
    const deleted: string[] = []
    for (const name of doomed) if (await this.k.api.delete(namespace, 'backups', name)) deleted.push(name)
    return deleted
  }

  /** Where a completed backup of the project is in the object store: which Cluster's folder, and Barman's id. */
  async recoverySource(ref: string, backupId: string): Promise<{ namespace: string; source: RecoverySource }> {
    if (backupId.startsWith('/')) {
      throw unsupported('restore', 'On Kubernetes a project can only be restored from its own backups, not from a file')
    }
    const { namespace, backups } = await this.projectBackups(ref)
    const backup = backups.find((b) => b.metadata.name === backupId)
    const status = backup ? backupStatus(backup) : undefined
    if (!backup || status?.phase !== BACKUP_COMPLETED || !status.backupId) {
      throw new Error(`Project ${ref} has no completed backup ${JSON.stringify(backupId)}`)
    }
    const clusterName = status.serverName ?? backupCluster(backup) ?? (await this.k.currentClusterName(namespace, ref))
    return { namespace, source: { clusterName, backupId: status.backupId } }
  }

  /**
   * Restores a backup (to its end, or to `targetTime` with the archived WAL) into a new Cluster beside the live
   * one. Only once it is ready does the project's Pooler switch to it, so a failed recovery leaves the project as
   * it was. The replaced Cluster is deleted, or kept hibernated when asked.
   */
  async restore(
    ref: string,
    backupId: string,
    runtime: ProjectRuntimeConfig & ProjectClusterConfig,
    targetTime: Date | undefined,
    options: RestoreProjectOptions = {},
  ): Promise<RestoreProjectResult> {
    this.requireObjectStore(targetTime ? 'restore to a point in time' : 'restore')
    const started = performance.now()
    const { namespace, source } = await this.recoverySource(ref, backupId)
    const template = this.k.template(namespace)
    const previous = await this.k.currentClusterName(namespace, ref)
    const name = recoveryClusterName(ref, new Date())
    const manifest = recoveryCluster(template, ref, name, runtime, { ...source, targetTime })
    await this.k.api.create(namespace, 'clusters', manifest)
    try {
      await waitForCopy(this.k, namespace, name, 'restore')
    } catch (error) {
      // the live Cluster was never touched: dropping the copy is all the cleanup there is
      await this.k.api
        .delete(namespace, 'clusters', name)
        .catch(ignoredError('could not delete the Cluster of a failed restore', { ref, cluster: name }))
      throw error
    }
    const recovered = performance.now()
    // the switch: the test operation makes it fail if another restore moved the Pooler meanwhile
    await this.k.api.jsonPatch(namespace, 'poolers', poolerName(ref), [
      { op: 'test', path: '/spec/cluster/name', value: previous },
      { op: 'replace', path: '/spec/cluster/name', value: name },
    ])
    const switched = performance.now()
    await this.k.api.mergePatch(namespace, 'clusters', name, {
      metadata: { annotations: { [SERVING_ANNOTATION]: new Date().toISOString() } },
    })
    if (template.objectStore) {
      await this.k.api.mergePatch(namespace, 'scheduledbackups', scheduledBackupName(ref), {
        spec: { cluster: { name } },
      })
    }
    if (options.keepPrevious) await this.k.api.mergePatch(namespace, 'clusters', previous, hibernationPatch(true))
    else await this.k.api.delete(namespace, 'clusters', previous)
    return {
      extractMs: Math.round(recovered - started),
      syncMs: 0,
      readyMs: 0,
      downtimeMs: Math.round(switched - recovered),
      totalMs: Math.round(performance.now() - started),
      previousDataDir: options.keepPrevious ? previous : null,
    }
  }
}
