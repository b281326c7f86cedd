import { RESTORE_CHECK_TABLES_SQL, restoreCheckCountSql } from '../../backup/restore-check-sql'
import type { CloneResult } from '../../backup/types'
import { COMPUTE_SIZES, type ComputeSize } from '../../compute'
import { ignoredError } from '../../logger'
import { DriverOperationUnsupportedError } from '../errors'
import type { ProjectRuntimeConfig, RestoreCheckResult } from '../types'
import type { KubeObject } from './api'
import { type KubernetesBackups, waitForCopy } from './backups'
import { clusterMajor, type KubernetesContext } from './context'
import { branchCluster, recoveryCluster } from './manifests/cluster'
import { checkClusterName, initialClusterName } from './manifests/names'
import { computeResources } from './manifests/resources'
import { ensurePlatformRoleSecrets } from './provisioning'
import { describeClusterState, isClusterReady, isHibernatedNow } from './status'

/** The compute size whose pod resources a Cluster has (a branch starts with its parent's), else the smallest. */
function computeSizeOf(cluster: KubeObject): ComputeSize {
  const limits = (cluster.spec?.resources as { limits?: { memory?: string } } | undefined)?.limits
  return COMPUTE_SIZES.find((size) => computeResources(size).limits.memory === limits?.memory) ?? COMPUTE_SIZES[0]
}

/** Copies of a project's data in Clusters of their own: branches with data, and restore checks. */
export class KubernetesCopies {
  constructor(
    private readonly k: KubernetesContext,
    private readonly backups: KubernetesBackups,
  ) {}

  /**
   * A branch with data: the branch's Cluster is bootstrapped with `pg_basebackup` from the parent's primary, as it
   * is now. The parent must be serving, and in the branch's namespace (one organization). createProject then adopts
   * the copy and gives it the branch's own passwords. Null when the branch already has a Cluster (a retry).
   */
  async cloneFrom(sourceRef: string, targetRef: string): Promise<CloneResult | null> {
    const started = performance.now()
    const namespace = await this.k.namespace(targetRef)
    const parent = await this.k.currentCluster(sourceRef)
    if (parent.namespace !== namespace) {
      throw new Error(`Project ${sourceRef} is in another namespace than its branch: its data cannot be copied`)
    }
    const name = initialClusterName(targetRef)
    if (await this.k.api.get(namespace, 'clusters', name)) return null
    if (!parent.cluster || isHibernatedNow(parent.cluster) || !isClusterReady(parent.cluster)) {
      const state = parent.cluster ? describeClusterState(parent.cluster) : 'it has no database'
      throw new Error(`The parent project must be running to copy its data (${state})`)
    }
    const major = clusterMajor(parent.cluster)
    if (major === null) throw new Error(`Project ${sourceRef}'s database does not say its Postgres major`)
    await ensurePlatformRoleSecrets(this.k, namespace, targetRef)
    const config = { major, port: null, computeSize: computeSizeOf(parent.cluster) }
    const manifest = branchCluster(this.k.template(namespace), targetRef, name, config, parent.name)
    // the copy needs at least the parent's disk
    const parentStorage = parent.cluster.spec?.storage as typeof manifest.spec.storage | undefined
    if (parentStorage?.size) manifest.spec.storage = { ...manifest.spec.storage, size: parentStorage.size }
    await this.k.api.create(namespace, 'clusters', manifest)
    await waitForCopy(this.k, namespace, name, 'copy of the parent’s data')
    return { method: 'copy', durationMs: Math.round(performance.now() - started) }
  }

  /**
   * Restores the backup into a throwaway Cluster (`{ref}-c…`, archiving nothing), reads every table of it, and
   * deletes it whatever happened. The project itself is not touched.
   */
  async checkRestore(ref: string, backupId: string, runtime: ProjectRuntimeConfig): Promise<RestoreCheckResult> {
    const started = performance.now()
    if (!this.k.options.objectStore) {
      const message = 'Backups need an object store, and none is configured for this Kubernetes cluster'
      throw new DriverOperationUnsupportedError('kubernetes', 'check a backup', message)
    }
    const { namespace, source } = await this.backups.recoverySource(ref, backupId)
    const name = checkClusterName(ref, new Date())
    const manifest = recoveryCluster(this.k.template(namespace), ref, name, runtime, source, { archive: false })
    await this.k.api.create(namespace, 'clusters', manifest)
    try {
      await waitForCopy(this.k, namespace, name, 'restore check')
      const cluster = { namespace, name }
      const tables = await this.k.sql(ref, RESTORE_CHECK_TABLES_SQL, undefined, cluster)
      let rows = 0
      for (const table of tables) {
        const [counted] = await this.k.sql(ref, restoreCheckCountSql(String(table.name)), undefined, cluster)
        rows += Number(counted?.n ?? 0)
      }
      return { tables: tables.length, rows, durationMs: Math.round(performance.now() - started) }
    } finally {
      // nothing of the check may outlive it; a failed delete is left to the project's deletion, which lists it
      await this.k.api
        .delete(namespace, 'clusters', name)
        .catch(ignoredError('could not delete the Cluster of a restore check', { ref, cluster: name }))
    }
  }
}
