import type { SettingValue } from '../../../cluster/types'
import { computeSettings } from '../../../compute'
import type { ProjectRuntimeConfig } from '../../types'
import type { Metadata, SecretManifest } from './metadata'
import { bootstrapSecretName, CNPG_API_VERSION, CNPG_GROUP, MAJOR_LABEL, projectLabels } from './names'
import { type BarmanObjectStore, barmanObjectStore, type ObjectStoreConfig } from './object-store'
import { type ContainerResources, computeResources, storageQuantity } from './resources'
import {
  type ManagedRole,
  PLATFORM_OWNER_LOGIN,
  PROJECT_HBA_RULES,
  platformRoleSecretName,
  projectManagedRoles,
} from './roles'

/** How the platform runs projects on this Kubernetes cluster (the same for every project). */
export interface ClusterTemplate {
  namespace: string
  /** The catalog that maps each Postgres major to an image; `ClusterImageCatalog` is cluster-wide. */
  imageCatalog: { kind: 'ImageCatalog' | 'ClusterImageCatalog'; name: string }
  /** Postgres instances per project: 1, or more for a primary with streaming replicas. */
  instances: number
  /** The PVC's storage class; the cluster's default when unset. */
  storageClass?: string
  /** A project's disk when it has not chosen a size. */
  defaultDiskSizeBytes: number
  /** Backups and point-in-time recovery need one; without it a project has neither. */
  objectStore: ObjectStoreConfig | null
}

export interface ProjectClusterConfig extends ProjectRuntimeConfig {
  /** The PVC's size; the template's default when unset. */
  diskSizeBytes?: number
}

export interface ClusterManifest {
  apiVersion: typeof CNPG_API_VERSION
  kind: 'Cluster'
  metadata: Metadata
  spec: {
    instances: number
    imageCatalogRef: { apiGroup: string; kind: string; name: string; major: number }
    enableSuperuserAccess: false
    managed: { roles: ManagedRole[] }
    postgresql: ClusterPostgresql & { pg_hba: string[] }
    resources: ContainerResources
    storage: { size: string; storageClass?: string }
    bootstrap:
      | { initdb: InitdbBootstrap }
      | { recovery: { source: string; recoveryTarget: RecoveryTarget } }
      | { pg_basebackup: { source: string } }
    externalClusters?: ExternalCluster[]
    backup?: { barmanObjectStore: BarmanObjectStore; retentionPolicy?: string }
  }
}

/**
 * A new project's initdb. CloudNativePG makes an application database and its owner at bootstrap (`app` owned by
 * `app` unless told otherwise) and from then on sets that owner's password from the `secret` Secret (one it makes,
 * `{cluster}-app`, unless named). Naming the `postgres` database, which initdb made already, makes it create no
 * database; naming the platform's owner login and that login's own Secret makes the owner a role the project has
 * anyway, with the password it has anyway. So no `app` database, `app` role or `{cluster}-app` Secret exists.
 */
export interface InitdbBootstrap {
  database: 'postgres'
  owner: string
  secret: { name: string }
  postInitSQLRefs: { secretRefs: { name: string; key: string }[] }
}

interface SecretKeyRef {
  name: string
  key: string
}

/** Another server a Cluster recovers or copies from: an object store folder, or a live Cluster over TLS. */
export type ExternalCluster =
  | { name: string; barmanObjectStore: BarmanObjectStore }
  | {
      name: string
      connectionParameters: Record<string, string>
      sslCert: SecretKeyRef
      sslKey: SecretKeyRef
      sslRootCert: SecretKeyRef
    }

export interface ClusterPostgresql {
  parameters: Record<string, string>
  /** Added to the libraries CloudNativePG loads itself; it refuses them as a parameter. */
  shared_preload_libraries?: string[]
}

export interface RecoveryTarget {
  backupID: string
  /** RFC 3339; absent: recover to the end of the backup (`targetImmediate`). */
  targetTime?: string
  targetImmediate?: boolean
}

/**
 * Settings CloudNativePG sets itself and refuses in `postgresql.parameters` (it owns the listener, archiving,
 * replication, logging and TLS). The compute size never sets them; a project's own settings may try to.
 */
const OPERATOR_MANAGED = new Set([
  'listen_addresses',
  'port',
  'unix_socket_directories',
  'unix_socket_group',
  'unix_socket_permissions',
  'archive_mode',
  'archive_command',
  'archive_cleanup_command',
  'restore_command',
  'recovery_end_command',
  'primary_conninfo',
  'primary_slot_name',
  'hot_standby',
  'synchronous_standby_names',
  'data_directory',
  'config_file',
  'hba_file',
  'ident_file',
  'external_pid_file',
  'logging_collector',
  'log_destination',
  'log_directory',
  'log_filename',
  'log_file_mode',
  'log_rotation_age',
  'log_rotation_size',
  'log_truncate_on_rotation',
  'ssl',
  'ssl_ca_file',
  'ssl_cert_file',
  'ssl_key_file',
])

/** The parameter that makes every new transaction read-only (see setProjectReadOnly). */
export const READ_ONLY_PARAMETER = 'default_transaction_read_only'

/** The bare value: quoting it for postgresql.conf is CloudNativePG's job. */
function parameterValue(value: SettingValue): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Invalid setting value: ${value}`)
    return String(value)
  }
  if (/[\r\n\0]/.test(value)) throw new Error('Setting values cannot contain line breaks')
  return value
}

const PRELOAD = 'shared_preload_libraries'

/** The compute size's settings, then the project's own, as the strings `postgresql.parameters` takes. */
export function clusterParameters(config: ProjectRuntimeConfig): Record<string, string> {
  const merged: Record<string, SettingValue> = { ...computeSettings(config.computeSize), ...config.settings }
  const parameters: Record<string, string> = {}
  for (const [name, value] of Object.entries(merged)) {
    const lower = name.toLowerCase()
    if (OPERATOR_MANAGED.has(lower) || lower.startsWith('ssl_') || lower === PRELOAD) continue
    parameters[name] = parameterValue(value)
  }
  return parameters
}

/** The `postgresql` stanza: parameters, and the libraries to preload (a list of its own for CloudNativePG). */
export function clusterPostgresql(config: ProjectRuntimeConfig): ClusterPostgresql {
  const preload = Object.entries(config.settings ?? {}).find(([name]) => name.toLowerCase() === PRELOAD)?.[1]
  const libraries = String(preload ?? '')
    .split(',')
    .map((library) => library.trim())
    .filter(Boolean)
  const parameters = clusterParameters(config)
  return libraries.length > 0 ? { parameters, shared_preload_libraries: libraries } : { parameters }
}

function clusterMetadata(template: ClusterTemplate, ref: string, name: string, major: number): Metadata {
  return { name, namespace: template.namespace, labels: { ...projectLabels(ref), [MAJOR_LABEL]: String(major) } }
}

function clusterSpecCommon(template: ClusterTemplate, ref: string, config: ProjectClusterConfig) {
  const storageClass = template.storageClass ? { storageClass: template.storageClass } : {}
  return {
    instances: template.instances,
    imageCatalogRef: {
      apiGroup: CNPG_GROUP,
      kind: template.imageCatalog.kind,
      name: template.imageCatalog.name,
      major: config.major,
    },
    // CloudNativePG's `postgres` stays its operator's: no password, so no way in but the pod's unix socket
    enableSuperuserAccess: false as const,
    managed: { roles: projectManagedRoles(ref, config.major) },
    postgresql: { ...clusterPostgresql(config), pg_hba: [...PROJECT_HBA_RULES] },
    resources: computeResources(config.computeSize),
    storage: { size: storageQuantity(config.diskSizeBytes ?? template.defaultDiskSizeBytes), ...storageClass },
  }
}

function backupStanza(template: ClusterTemplate): Pick<ClusterManifest['spec'], 'backup'> {
  if (!template.objectStore) return {}
  const retention = template.objectStore.retentionPolicy
  return {
    backup: {
      barmanObjectStore: barmanObjectStore(template.objectStore),
      ...(retention ? { retentionPolicy: retention } : {}),
    },
  }
}

/** A new project's Cluster: initdb, then the project's roles from the bootstrap Secret. */
export function projectCluster(
  template: ClusterTemplate,
  ref: string,
  name: string,
  config: ProjectClusterConfig,
): ClusterManifest {
  return {
    apiVersion: CNPG_API_VERSION,
    kind: 'Cluster',
    metadata: clusterMetadata(template, ref, name, config.major),
    spec: {
      ...clusterSpecCommon(template, ref, config),
      bootstrap: {
        initdb: {
          database: 'postgres',
          owner: PLATFORM_OWNER_LOGIN,
          secret: { name: platformRoleSecretName(ref, PLATFORM_OWNER_LOGIN) },
          postInitSQLRefs: { secretRefs: [{ name: bootstrapSecretName(ref), key: 'roles.sql' }] },
        },
      },
      ...backupStanza(template),
    },
  }
}

export interface RecoverySource {
  /** The Cluster whose backups and WAL are in the object store (its folder there). */
  clusterName: string
  /** Barman's id of the base backup to start from (a Backup's `status.backupId`). */
  backupId: string
  /** Replay WAL up to here; absent: stop as soon as the backup is consistent. */
  targetTime?: Date
}

/** The name the recovery source has in `externalClusters`. */
export const RECOVERY_SOURCE = 'origin'

/**
 * A Cluster restored from a base backup in the object store, replaying WAL up to `targetTime` when given. It
 * archives to a folder of its own (its own name), so it never writes into the archive it recovers from.
 */
export function recoveryCluster(
  template: ClusterTemplate,
  ref: string,
  name: string,
  config: ProjectClusterConfig,
  source: RecoverySource,
  options: { archive?: boolean } = {},
): ClusterManifest {
  if (!template.objectStore) throw new Error('A restore needs the backup object store, and none is configured')
  const recoveryTarget: RecoveryTarget = source.targetTime
    ? { backupID: source.backupId, targetTime: source.targetTime.toISOString() }
    : { backupID: source.backupId, targetImmediate: true }
  return {
    apiVersion: CNPG_API_VERSION,
    kind: 'Cluster',
    metadata: clusterMetadata(template, ref, name, config.major),
    spec: {
      ...clusterSpecCommon(template, ref, config),
      bootstrap: { recovery: { source: RECOVERY_SOURCE, recoveryTarget } },
      externalClusters: [
        { name: RECOVERY_SOURCE, barmanObjectStore: barmanObjectStore(template.objectStore, source.clusterName) },
      ],
      // a throwaway copy (a restore check) archives nothing
      ...(options.archive === false ? {} : backupStanza(template)),
    },
  }
}

/** The name the parent has in `externalClusters` when a branch copies it. */
export const COPY_SOURCE = 'parent'

/**
 * A branch with data: a Cluster bootstrapped by `pg_basebackup` from its parent's primary (the `-rw` Service),
 * as CloudNativePG's `streaming_replica` with the client certificate and CA the operator keeps in the parent's
 * Secrets (`{parent}-replication`, `{parent}-ca`); the branch is therefore in the parent's namespace. The copy
 * carries the parent's roles; the managed roles then apply the branch's own platform passwords.
 */
export function branchCluster(
  template: ClusterTemplate,
  ref: string,
  name: string,
  config: ProjectClusterConfig,
  parentClusterName: string,
): ClusterManifest {
  return {
    apiVersion: CNPG_API_VERSION,
    kind: 'Cluster',
    metadata: clusterMetadata(template, ref, name, config.major),
    spec: {
      ...clusterSpecCommon(template, ref, config),
      bootstrap: { pg_basebackup: { source: COPY_SOURCE } },
      externalClusters: [
        {
          name: COPY_SOURCE,
          connectionParameters: {
            host: `${parentClusterName}-rw`,
            user: 'streaming_replica',
            dbname: 'postgres',
            sslmode: 'verify-full',
          },
          sslCert: { name: `${parentClusterName}-replication`, key: 'tls.crt' },
          sslKey: { name: `${parentClusterName}-replication`, key: 'tls.key' },
          sslRootCert: { name: `${parentClusterName}-ca`, key: 'ca.crt' },
        },
      ],
      ...backupStanza(template),
    },
  }
}

/** The SQL run after initdb (it holds a password verifier, hence a Secret rather than a ConfigMap). */
export function bootstrapSecret(template: ClusterTemplate, ref: string, sql: string): SecretManifest {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: bootstrapSecretName(ref), namespace: template.namespace, labels: projectLabels(ref) },
    type: 'Opaque',
    stringData: { 'roles.sql': sql },
  }
}
