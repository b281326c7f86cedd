/**
 * The driver against the Kubernetes API double with the fake CloudNativePG operator, and the statuses each Cluster
 * went through as the watch events arrived. Importing it registers the hooks that stop each test's double.
 */
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { KubernetesDriverOptions } from '../context'
import { KubernetesDriver } from '../driver'
import { CrdSchemas } from '../manifests/crd-schema'
import { type ProjectStatus, projectStatusFromCluster } from '../status'
import { KubernetesApiDouble } from './api-double'
import { FakeCnpgOperator, type FakeOperatorOptions } from './fake-operator'

export const NS = 'pgfleet-projects'
export const runtime = { major: 17, port: null, computeSize: 'micro' as const }
export const input = { ...runtime, superuserPassword: 'super-secret', authenticatorPassword: 'auth-secret' }

let schemas: CrdSchemas
beforeAll(() => {
  schemas = new CrdSchemas()
})

export interface Harness {
  api: KubernetesApiDouble
  driver: KubernetesDriver
  statuses: (name: string) => ProjectStatus[]
}

const harnesses: KubernetesApiDouble[] = []
afterEach(async () => {
  await Promise.all(harnesses.splice(0).map((api) => api.stop()))
})
afterAll(async () => {
  await Promise.all(harnesses.map((api) => api.stop()))
})

export async function harness(
  operator: FakeOperatorOptions | null = {},
  overrides: Partial<KubernetesDriverOptions> = {},
): Promise<Harness> {
  const api = new KubernetesApiDouble(schemas)
  harnesses.push(api)
  const server = await api.start()
  if (operator) new FakeCnpgOperator(api, operator)
  const seen = new Map<string, ProjectStatus[]>()
  api.onChange((event) => {
    if (event.plural !== 'clusters') return
    const list = seen.get(event.object.metadata.name) ?? []
    const status = projectStatusFromCluster(event.type === 'DELETED' ? null : event.object)
    if (list.at(-1) !== status) list.push(status)
    seen.set(event.object.metadata.name, list)
  })
  const driver = new KubernetesDriver({
    kubeConfig: api.kubeConfig(server),
    namespace: NS,
    imageCatalog: { kind: 'ClusterImageCatalog', name: 'postgresql' },
    defaultDiskSizeBytes: 8 * 1024 ** 3,
    objectStore: {
      destinationPath: 's3://pgfleet-backups/projects',
      endpointURL: 'http://minio.pgfleet.svc:9000',
      credentialsSecret: {
        name: 'backup-store',
        accessKeyIdKey: 'ACCESS_KEY_ID',
        secretAccessKeyKey: 'SECRET_ACCESS_KEY',
      },
    },
    timeouts: { requestMs: 2_000, createMs: 5_000, lifecycleMs: 5_000, backupMs: 5_000 },
    ...overrides,
  })
  return { api, driver, statuses: (name) => seen.get(name) ?? [] }
}
