import type { EngineLogger } from '../../logger'
import type { ProjectRuntimeConfig } from '../types'
import { type KubeObject, KubernetesApi } from './api'
import type { KubeConfig } from './client'
import { projectConnectionConfig, runSqlWithPg, type SqlRunner } from './connections'
import { type ClusterTemplate, clusterPostgresql, READ_ONLY_PARAMETER } from './manifests/cluster'
import { assertKubernetesRef, initialClusterName, PROJECT_LABEL, poolerName } from './manifests/names'
import type { ObjectStoreConfig } from './manifests/object-store'
import { computeResources } from './manifests/resources'
import { ResourceWatcher } from './watch'

export interface KubernetesTimeouts {
  /** Each API call. */
  requestMs: number
  /** A new project (or a restored copy) from creation to ready: pulling the image and initdb take most of it. */
  createMs: number
  /** Start, stop (hibernation), restart, resize and upgrade, each to its end state. */
  lifecycleMs: number
  /** A base backup to the object store. */
  backupMs: number
}

export const DEFAULT_TIMEOUTS: KubernetesTimeouts = {
  requestMs: 15_000,
  createMs: 15 * 60_000,
  lifecycleMs: 10 * 60_000,
  backupMs: 60 * 60_000,
}

export interface KubernetesDriverOptions {
  kubeConfig: KubeConfig
  /**
   * Where a project's resources live: one namespace for all (a string), or one per organization (a function of the
   * ref; the driver creates the namespace when it is missing).
   */
  namespace: string | ((ref: string) => Promise<string>)
  imageCatalog: ClusterTemplate['imageCatalog']
  /** Postgres instances per project (1 = no standby); default 1. */
  instances?: number
  storageClass?: string
  defaultDiskSizeBytes: number
  /** Backups, pause and restores need it; without it they fail with a clear error. */
  objectStore: ObjectStoreConfig | null
  /** CloudNativePG's six-field cron (seconds first); daily at 03:00 by default. */
  backupSchedule?: string
  /**
   * The host in tenants' connection strings when their clients are outside the cluster: a pattern with `{ref}` and
   * `{namespace}` placeholders (e.g. `{ref}.db.example.com`). Unset: the Pooler's Service, reachable in the cluster.
   */
  connectionHost?: string
  /** The port that goes with `connectionHost` (default 5432, PgBouncer's port on the Pooler's Service). */
  connectionPort?: number
  timeouts?: Partial<KubernetesTimeouts>
  /** How the driver runs SQL on a project (as the platform superuser); node-postgres by default. */
  runSql?: SqlRunner
  /** Where the engine logs (errors it ignores on purpose, at debug); silent when not given. */
  log?: EngineLogger
}

/** What the driver's parts share: the API, the watcher, the options and the lookups every operation starts with. */
export class KubernetesContext {
  readonly api: KubernetesApi
  readonly watcher: ResourceWatcher
  readonly timeouts: KubernetesTimeouts

  constructor(readonly options: KubernetesDriverOptions) {
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts }
    this.api = new KubernetesApi(options.kubeConfig, this.timeouts.requestMs)
    this.watcher = new ResourceWatcher(options.kubeConfig, this.api)
  }

  /**
   * Runs one statement as the platform superuser on the project's serving Cluster, or on `cluster` (another
   * Cluster of the project, in `namespace`: a copy being checked).
   */
  async sql(
    ref: string,
    text: string,
    values?: unknown[],
    cluster?: { namespace: string; name: string },
  ): Promise<Record<string, unknown>[]> {
    const target = cluster ? { namespace: cluster.namespace, clusterName: cluster.name } : {}
    const connection = await projectConnectionConfig(this, ref, target)
    return (this.options.runSql ?? runSqlWithPg)(connection, text, values)
  }

  async namespace(ref: string): Promise<string> {
    assertKubernetesRef(ref)
    const { namespace } = this.options
    return typeof namespace === 'string' ? namespace : namespace(ref)
  }

  template(namespace: string): ClusterTemplate {
    return {
      namespace,
      imageCatalog: this.options.imageCatalog,
      instances: this.options.instances ?? 1,
      storageClass: this.options.storageClass,
      defaultDiskSizeBytes: this.options.defaultDiskSizeBytes,
      objectStore: this.options.objectStore,
    }
  }

  /** The Cluster serving the project: the one its Pooler points at (a restore moves it), else the first one. */
  async currentClusterName(namespace: string, ref: string): Promise<string> {
    const pooler = await this.api.get(namespace, 'poolers', poolerName(ref))
    const name = (pooler?.spec?.cluster as { name?: unknown } | undefined)?.name
    return typeof name === 'string' ? name : initialClusterName(ref)
  }

  async currentCluster(ref: string): Promise<{ namespace: string; name: string; cluster: KubeObject | null }> {
    const namespace = await this.namespace(ref)
    const name = await this.currentClusterName(namespace, ref)
    return { namespace, name, cluster: await this.api.get(namespace, 'clusters', name) }
  }

  /** Every Cluster of the project (the serving one, and restored copies kept or not yet switched in). */
  async projectClusters(namespace: string, ref: string): Promise<KubeObject[]> {
    return (await this.api.list(namespace, 'clusters', `${PROJECT_LABEL}=${ref}`)).items
  }
}

/**
 * The merge patch that brings a Cluster's resources and parameters to `config`. Parameters the config no longer
 * has are removed (null), except read-only mode, which the platform sets apart from the config.
 */
export function runtimeConfigPatch(cluster: KubeObject, config: ProjectRuntimeConfig): Record<string, unknown> {
  const current =
    ((cluster.spec?.postgresql as { parameters?: Record<string, string> } | undefined)?.parameters as
      | Record<string, string>
      | undefined) ?? {}
  const { parameters, shared_preload_libraries } = clusterPostgresql(config)
  const desired: Record<string, string | null> = parameters
  for (const name of Object.keys(current)) {
    if (!(name in desired) && name !== READ_ONLY_PARAMETER) desired[name] = null
  }
  // a merge patch replaces lists whole; null removes one the config no longer has
  const postgresql = { parameters: desired, shared_preload_libraries: shared_preload_libraries ?? null }
  return { spec: { resources: computeResources(config.computeSize), postgresql } }
}

export function clusterMajor(cluster: KubeObject): number | null {
  const major = (cluster.spec?.imageCatalogRef as { major?: unknown } | undefined)?.major
  return typeof major === 'number' ? major : null
}

/** "17.5" from the image CloudNativePG runs (`…/postgresql:17.5-bookworm@sha256:…`); the major when unknown. */
export function clusterVersion(cluster: KubeObject, major: number): string {
  const image = cluster.status?.image
  const tag = typeof image === 'string' ? image.split('@')[0]?.split(':').at(-1) : undefined
  const version = tag?.match(/^\d+(\.\d+)?/)?.[0]
  return version ?? String(major)
}
