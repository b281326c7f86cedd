/**
 * End-to-end, on a real cluster with CloudNativePG: where tenants connect and what they may do there, disk readings,
 * branches with data, restore checks and the backup download the driver cannot offer. Run with `npm run test:k8s`
 * (see docs/kubernetes.md); the suite reaches the cluster's Services through `kubectl port-forward`.
 */
import { randomBytes } from 'node:crypto'
import pg, { type ClientConfig } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DriverOperationUnsupportedError } from '../../errors'
import type { ProjectDriver } from '../../types'
import { CoreV1Api, CustomObjectsApi } from '../client'
import type { KubernetesDriver } from '../driver'
import { PROJECT_LABEL } from '../manifests/names'
import { E2E_HAS_OBJECT_STORE, type E2eNamespace, setUpE2eNamespace, stepTimer } from './e2e-namespace'

const runtime = { major: 17, port: null, computeSize: 'nano' as const }
const parentPassword = randomBytes(12).toString('hex')
const branchPassword = randomBytes(12).toString('hex')
const input = { ...runtime, authenticatorPassword: 'e2e-auth' }
/** Any port: the platform's record of one is what says the project is not paused. */
const RECORDED_PORT = 54400
const ROWS = 1000
const { timings, timed } = stepTimer()

let setup: E2eNamespace
let driver: KubernetesDriver

beforeAll(async () => {
  setup = await setUpE2eNamespace()
  driver = setup.driver
  await timed('create', () => driver.createProject({ ...input, superuserPassword: parentPassword, ref: 'gamma' }))
}, 20 * 60_000)

afterAll(async () => {
  console.table(timings)
  await setup?.tearDown()
})

/** One statement on a fresh connection, through a port-forward to the Service `connection` names. */
async function query(connection: ClientConfig, text: string): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ ...(await setup.tunnels.through(connection)), connectionTimeoutMillis: 10_000 })
  // the connect or the query rejects with the error; the client's own event would only repeat it
  client.on('error', () => {})
  await client.connect()
  try {
    return (await client.query(text)).rows
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** As the tenant, at the host and port the dashboard shows for the project. */
async function asTenant(ref: string, password: string, text: string) {
  const endpoint = await driver.tenantEndpoint(ref, RECORDED_PORT)
  const port = endpoint.port ?? 5432
  return query({ host: endpoint.host, port, user: driver.tenantOwnerRole, password, database: 'postgres' }, text)
}

describe('where tenants connect, and what they may do', () => {
  it('the connection host is the Pooler’s Service, and the tenant’s password works there', async () => {
    const endpoint = await driver.tenantEndpoint('gamma', RECORDED_PORT)
    expect(endpoint).toEqual({ host: `gamma-pooler.${setup.namespace}.svc`, port: 5432 })
    expect(await driver.tenantEndpoint('gamma', null)).toMatchObject({ port: null })
    const [row] = await asTenant('gamma', parentPassword, 'select current_user, current_database()')
    expect(row).toEqual({ current_user: 'tenant_owner', current_database: 'postgres' })
  })

  it('the tenant’s owner is not a superuser, and cannot make itself one', async () => {
    const [role] = await asTenant(
      'gamma',
      parentPassword,
      'select rolsuper, rolreplication, rolcreatedb from pg_roles where rolname = current_user',
    )
    expect(role).toEqual({ rolsuper: false, rolreplication: false, rolcreatedb: true })
    await expect(asTenant('gamma', parentPassword, 'alter role tenant_owner superuser')).rejects.toThrow(
      /permission denied|must be superuser|only roles with/i,
    )
  })

  it('CloudNativePG’s postgres cannot log in over TCP', async () => {
    const primary = await driver.projectConnection('gamma')
    const asPostgres = { host: primary.host, port: primary.port, user: 'postgres', password: 'x', database: 'postgres' }
    await expect(query(asPostgres, 'select 1')).rejects.toThrow(/pg_hba\.conf rejects connection/)
  })

  it('there is no app database, app role or {cluster}-app Secret', async () => {
    const [found] = await asTenant(
      'gamma',
      parentPassword,
      `select (select count(*) from pg_database where datname = 'app')::int as databases,
              (select count(*) from pg_roles where rolname = 'app')::int as roles`,
    )
    expect(found).toEqual({ databases: 0, roles: 0 })
    const core = setup.kubeConfig.makeApiClient(CoreV1Api)
    await expect(core.readNamespacedSecret({ namespace: setup.namespace, name: 'gamma-app' })).rejects.toThrow()
  })
})

describe('readings and copies', () => {
  it('reads the disk of a running project as Postgres reports it', async () => {
    // data of the platform's owner login, which acts as the tenant's owner
    const owner = await driver.projectConnection('gamma', { user: 'postgres' })
    await query(
      owner,
      `create table public.items as select g as id, md5(g::text) as label from generate_series(1, ${ROWS}) g`,
    )
    const readings = await driver.projectResourceReadings(['gamma', 'nosuchproject'])
    expect(Object.keys(readings)).toEqual(['gamma'])
    expect(readings.gamma?.processes).toBeNull()
    expect(readings.gamma?.disk.databaseBytes).toBeGreaterThan(0)
    expect(readings.gamma?.disk.walBytes).toBeGreaterThan(0)
    expect(await driver.projectDiskUsage('gamma')).toBeGreaterThan(0)
  })

  it('branches with data: the copy has the parent’s rows and the branch’s own password', async () => {
    const copied = await timed('branch copy', () => driver.cloneProjectData('gamma', 'delta'))
    expect(copied?.method).toBe('copy')
    await timed('branch adopt', () =>
      driver.createProject({ ...input, superuserPassword: branchPassword, ref: 'delta' }),
    )
    const [count] = await asTenant('delta', branchPassword, 'select count(*)::int as n from public.items')
    expect(count?.n).toBe(ROWS)
    await expect(asTenant('delta', parentPassword, 'select 1')).rejects.toThrow(/authentication failed/i)
    // the parent is untouched
    const [parent] = await asTenant('gamma', parentPassword, 'select count(*)::int as n from public.items')
    expect(parent?.n).toBe(ROWS)
  })

  it.skipIf(!E2E_HAS_OBJECT_STORE)(
    'checks a backup in a throwaway Cluster that does not outlive the check',
    async () => {
      const backup = await timed('backup', () => driver.backupProject('gamma'))
      const check = await timed('restore check', () => driver.checkBackupRestore('gamma', backup.id, runtime))
      expect(check.tables).toBeGreaterThanOrEqual(1)
      expect(check.rows).toBeGreaterThanOrEqual(ROWS)
      const clusters = (await setup.kubeConfig.makeApiClient(CustomObjectsApi).listNamespacedCustomObject({
        group: 'postgresql.cnpg.io',
        version: 'v1',
        namespace: setup.namespace,
        plural: 'clusters',
        labelSelector: `${PROJECT_LABEL}=gamma`,
      })) as { items: { metadata: { name: string } }[] }
      expect(clusters.items.map((cluster) => cluster.metadata.name)).toEqual(['gamma'])
    },
  )

  it('cannot hand over a backup as a download, and says why (the platform answers 501 with that reason)', async () => {
    const reason = driver.unavailableOperations.backup_download
    expect(reason).toMatch(/cannot be downloaded/)
    const [backup] = E2E_HAS_OBJECT_STORE ? await driver.listBackups('gamma') : []
    // as the platform calls it, through the driver interface
    const platformDriver: ProjectDriver = driver
    const opening = platformDriver.openBackup('gamma', backup?.id ?? 'any')
    await expect(opening).rejects.toBeInstanceOf(DriverOperationUnsupportedError)
    await expect(opening).rejects.toThrow(reason)
  })

  it('deletes the parent and the branch', async () => {
    await timed('destroy', () => driver.destroyProject('delta'))
    await driver.destroyProject('gamma')
    expect(await driver.projectHealth('gamma')).toBe('down')
  })
})
