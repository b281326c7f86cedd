import { LocalDriver, type PostgresEngine, type ProjectDriver, type RunAs } from '@pgfleet/engine'
import type { PlatformConfig } from '../../config'
import type { Db } from '../../db/kysely'
import type { Logger } from '../../logging/logger'
import { kubeConfigSource, loadKubeConfig } from './kubeconfig'

export interface DriverFoundations {
  projectsDir: string
  runAs: RunAs | null
  engines: PostgresEngine[]
  db: Db
  /** the engine logs what it ignores on purpose (at debug) through it; silent without */
  log?: Logger
}

/** The access key pair's keys in the object store's Secret (the chart's values create it with these). */
export const BACKUP_SECRET_KEYS = { accessKeyIdKey: 'ACCESS_KEY_ID', secretAccessKeyKey: 'ACCESS_SECRET_KEY' }

/** The driver PGFLEET_DRIVER names: local (the default) or kubernetes, which loads the Kubernetes client only then. */
export async function buildProjectDriver(
  config: PlatformConfig,
  foundations: DriverFoundations,
): Promise<ProjectDriver> {
  const { projectsDir, runAs, engines, db, log } = foundations
  if (config.driver === 'local') {
    return new LocalDriver({
      dataDir: projectsDir,
      runAs,
      engines,
      listenAddress: config.projectListenAddress,
      spareDataDirs: config.spareDataDirs,
      log,
    })
  }
  const source = kubeConfigSource(config.kubernetes.kubeconfigPath)
  const { KubeConfig, KubernetesDriver } = await import('@pgfleet/engine/kubernetes')
  const k8s = config.kubernetes
  const prefix = k8s.namespacePrefix
  return new KubernetesDriver({
    kubeConfig: loadKubeConfig(new KubeConfig(), source),
    // one namespace per organization unless one is configured
    namespace:
      k8s.namespace ??
      (async (ref: string) => {
        const project = await db
          .selectFrom('projects')
          .select('organization_id')
          .where('ref', '=', ref)
          .executeTakeFirst()
        if (!project) throw new Error(`Project ${ref} does not exist`)
        return `${prefix}${project.organization_id}`
      }),
    imageCatalog: k8s.imageCatalog,
    instances: k8s.instances,
    storageClass: k8s.storageClass,
    ...(k8s.connection ? { connectionHost: k8s.connection.host, connectionPort: k8s.connection.port } : {}),
    defaultDiskSizeBytes: config.resources.defaultDiskSizeBytes,
    objectStore: k8s.backup
      ? {
          destinationPath: k8s.backup.destinationPath,
          endpointURL: k8s.backup.endpointURL,
          credentialsSecret: {
            name: k8s.backup.secretName,
            ...BACKUP_SECRET_KEYS,
            ...(k8s.backup.secretNamespace ? { copyFrom: k8s.backup.secretNamespace } : {}),
          },
          retentionPolicy: k8s.backup.retentionPolicy,
        }
      : null,
    log,
  })
}
