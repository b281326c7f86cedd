/**
 * End-to-end: the Kubernetes driver against a real cluster with CloudNativePG (kind works; see docs/kubernetes.md).
 * Run with `npm run test:k8s`; it is not part of `npm test`. Each step prints how long it took.
 */
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CoreV1Api, CustomObjectsApi, type KubeConfig } from '../client'
import { KubernetesDriver } from '../driver'
import type { ObjectStoreConfig } from '../manifests/object-store'
import { assertClusterReady, e2eKubeConfig } from './cluster-access'

const env = process.env
const namespace = `pgfleet-e2e-${randomBytes(3).toString('hex')}`
const images = {
  16: env.PGFLEET_K8S_E2E_IMAGE16 ?? 'ghcr.io/cloudnative-pg/postgresql:16.9',
  17: env.PGFLEET_K8S_E2E_IMAGE17 ?? 'ghcr.io/cloudnative-pg/postgresql:17.5',
}
/** The dev MinIO of deploy/dev/minio.yaml, unless another S3-compatible store is named. */
const objectStore: ObjectStoreConfig | null =
  env.PGFLEET_K8S_E2E_NO_BACKUPS === '1'
    ? null
    : {
        destinationPath: env.PGFLEET_K8S_E2E_BACKUP_DESTINATION ?? `s3://pgfleet-backups/${namespace}`,
        endpointURL: env.PGFLEET_K8S_E2E_BACKUP_ENDPOINT ?? 'http://minio.pgfleet-dev.svc:9000',
        credentialsSecret: {
          name: 'backup-store',
          accessKeyIdKey: 'ACCESS_KEY_ID',
          secretAccessKeyKey: 'ACCESS_SECRET_KEY',
        },
        retentionPolicy: '1d',
      }
// CloudNativePG closes a WAL segment every 5 minutes by default: once a minute keeps the point-in-time test short
const runtime = { major: 17, port: null, computeSize: 'nano' as const, settings: { archive_timeout: '60s' } }
const timings: Record<string, number> = {}

async function timed<T>(step: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now()
  const result = await run()
  timings[step] = Math.round(performance.now() - started)
  return result
}

let kubeConfig: KubeConfig
let driver: KubernetesDriver

beforeAll(async () => {
  kubeConfig = e2eKubeConfig()
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
  driver = new KubernetesDriver({
    kubeConfig,
    namespace,
    imageCatalog: { kind: 'ImageCatalog', name: 'postgresql' },
    defaultDiskSizeBytes: 1024 ** 3,
    objectStore,
  })
}, 120_000)

afterAll(async () => {
  console.table(timings)
  await kubeConfig
    ?.makeApiClient(CoreV1Api)
    .deleteNamespace({ name: namespace })
    .catch(() => undefined)
})

const input = { ...runtime, superuserPassword: randomBytes(12).toString('hex'), authenticatorPassword: 'e2e-auth' }

describe('a project on CloudNativePG', () => {
  it('is created and becomes ready', async () => {
    const result = await timed('create', () => driver.createProject({ ...input, ref: 'alpha' }))
    expect(result.major).toBe(17)
    expect(await driver.projectHealth('alpha')).toBe('ready')
  })

  it('restarts, resizes and goes read-only', async () => {
    await timed('restart', () => driver.restartProject('alpha', runtime))
    await timed('resize to micro', () => driver.restartProject('alpha', { ...runtime, computeSize: 'micro' }))
    await driver.setProjectReadOnly('alpha', true)
    await driver.setProjectReadOnly('alpha', false)
    expect(await driver.projectHealth('alpha')).toBe('ready')
  })

  it.skipIf(!objectStore)('pauses (backup, then hibernation) and resumes', async () => {
    const paused = await timed('pause', () => driver.pauseProject('alpha'))
    expect(paused.id).toMatch(/^alpha-/)
    expect(await driver.projectHealth('alpha')).toBe('down')
    await timed('resume', () => driver.startProject('alpha', { ...runtime, computeSize: 'micro' }))
    expect(await driver.projectHealth('alpha')).toBe('ready')
  })

  it.skipIf(!objectStore)('restores to a point in time into a new Cluster', async () => {
    const backup = await timed('backup', () => driver.backupProject('alpha'))
    // a point after the backup: WAL up to it must have been archived
    await new Promise((resolve) => setTimeout(resolve, 75_000))
    const result = await timed('point-in-time restore', () =>
      driver.restoreProjectToTime('alpha', backup.id, new Date(Date.now() - 5_000), runtime),
    )
    expect(result.previousDataDir).toBeNull()
    expect(await driver.projectHealth('alpha')).toBe('ready')
  })

  it('upgrades a Postgres 16 project to 17', async () => {
    await timed('create (16)', () => driver.createProject({ ...input, major: 16, ref: 'beta' }))
    expect(await driver.upgradeBlockers('beta', 16, 17)).toEqual([])
    await timed('major upgrade', () => driver.upgradeProject('beta', { ...runtime, major: 16 }, runtime, () => {}))
    expect(await driver.projectHealth('beta')).toBe('ready')
  })

  it('is deleted with everything it had', async () => {
    await timed('destroy', () => driver.destroyProject('alpha'))
    await driver.destroyProject('beta')
    expect(await driver.projectHealth('alpha')).toBe('down')
  })
})
