import { randomBytes } from 'node:crypto'
import { CoreV1Api, CustomObjectsApi, type KubeConfig } from '../client'
import type { KubernetesDriverOptions } from '../context'
import { KubernetesDriver } from '../driver'
import type { ObjectStoreConfig } from '../manifests/object-store'
import { assertClusterReady, assertKubectl, e2eKubeConfig } from './cluster-access'
import { ServiceTunnels } from './service-tunnels'

const env = process.env
const images = {
  16: env.PGFLEET_K8S_E2E_IMAGE16 ?? 'ghcr.io/cloudnative-pg/postgresql:16.9',
  17: env.PGFLEET_K8S_E2E_IMAGE17 ?? 'ghcr.io/cloudnative-pg/postgresql:17.5',
}

/** The dev MinIO of deploy/dev/minio.yaml, unless another S3-compatible store is named; none with NO_BACKUPS. */
function e2eObjectStore(namespace: string): ObjectStoreConfig | null {
  if (env.PGFLEET_K8S_E2E_NO_BACKUPS === '1') return null
  return {
    destinationPath: env.PGFLEET_K8S_E2E_BACKUP_DESTINATION ?? `s3://pgfleet-backups/${namespace}`,
    endpointURL: env.PGFLEET_K8S_E2E_BACKUP_ENDPOINT ?? 'http://minio.pgfleet-dev.svc:9000',
    credentialsSecret: {
      name: 'backup-store',
      accessKeyIdKey: 'ACCESS_KEY_ID',
      secretAccessKeyKey: 'ACCESS_SECRET_KEY',
    },
    retentionPolicy: '1d',
  }
}

/** Whether the suite runs with an object store (backups, pause, restores); decided before any test is declared. */
export const E2E_HAS_OBJECT_STORE = env.PGFLEET_K8S_E2E_NO_BACKUPS !== '1'

export interface E2eNamespace {
  kubeConfig: KubeConfig
  namespace: string
  objectStore: ObjectStoreConfig | null
  tunnels: ServiceTunnels
  driver: KubernetesDriver
  /** Deletes the namespace (and so everything in it) and closes the tunnels. */
  tearDown(): Promise<void>
}

/**
 * A namespace of its own for one test file (`pgfleet-e2e-…`), with an ImageCatalog (majors 16 and 17) and the
 * object store's Secret, and a driver whose SQL reaches the cluster's Services through port-forwards.
 */
export async function setUpE2eNamespace(overrides: Partial<KubernetesDriverOptions> = {}): Promise<E2eNamespace> {
  const kubeConfig = e2eKubeConfig()
  assertKubectl()
  const namespace = `pgfleet-e2e-${randomBytes(3).toString('hex')}`
  console.log(`cluster: ${await assertClusterReady(kubeConfig)}; namespace ${namespace}`)
  const core = kubeConfig.makeApiClient(CoreV1Api)
  await core.createNamespace({ body: { metadata: { name: namespace } } })
  await core.createNamespacedSecret({
    namespace,
    body: {
      metadata: { name: 'backup-store' },
      stringData: {
        ACCESS_KEY_ID: env.PGFLEET_K8S_E2E_ACCESS_KEY_ID ?? 'pgfleet-dev',
        ACCESS_SECRET_KEY: env.PGFLEET_K8S_E2E_SECRET_ACCESS_KEY ?? 'pgfleet-dev-secret',
      },
    },
  })
  await kubeConfig.makeApiClient(CustomObjectsApi).createNamespacedCustomObject({
    group: 'postgresql.cnpg.io',
    version: 'v1',
    namespace,
    plural: 'imagecatalogs',
    body: {
      apiVersion: 'postgresql.cnpg.io/v1',
      kind: 'ImageCatalog',
      metadata: { name: 'postgresql' },
      spec: { images: [16, 17].map((major) => ({ major, image: images[major as 16 | 17] })) },
    },
  })
  const tunnels = new ServiceTunnels()
  const objectStore = e2eObjectStore(namespace)
  const driver = new KubernetesDriver({
    kubeConfig,
    namespace,
    imageCatalog: { kind: 'ImageCatalog', name: 'postgresql' },
    defaultDiskSizeBytes: 1024 ** 3,
    objectStore,
    runSql: tunnels.runSql,
    ...overrides,
  })
  return {
    kubeConfig,
    namespace,
    objectStore,
    tunnels,
    driver,
    async tearDown() {
      await tunnels.closeAll()
      // the namespace goes with everything in it; a failure here leaves it for a person to delete, by its name above
      await core.deleteNamespace({ name: namespace }).catch(() => undefined)
    },
  }
}

/** Each step's time, printed as a table at the end of the file. */
export function stepTimer() {
  const timings: Record<string, number> = {}
  return {
    timings,
    async timed<T>(step: string, run: () => Promise<T>): Promise<T> {
      const started = performance.now()
      const result = await run()
      timings[step] = Math.round(performance.now() - started)
      return result
    },
  }
}
