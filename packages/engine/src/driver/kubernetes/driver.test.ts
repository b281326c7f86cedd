/**
 * The Kubernetes driver against a Kubernetes API test double at the HTTP level (testing/api-double.ts), with a fake
 * CloudNativePG operator moving the resources through their statuses (testing/fake-operator.ts). The request and
 * response shapes follow Kubernetes' API documentation (API Concepts: watch streams, Status errors, patch types) and
 * CloudNativePG's documentation and CRDs (Cluster phases and conditions, declarative hibernation, Backup phases);
 * every CloudNativePG object the driver writes is validated by the double against the vendored CRDs.
 */
import { describe, expect, it } from 'vitest'
import { DriverOperationUnsupportedError } from '../errors'
import { KubernetesConflictError, KubernetesResourceFailedError, KubernetesTimeoutError } from './errors'
import { projectStatusFromCluster } from './status'
import { harness, input, NS, runtime } from './testing/driver-harness'

describe('KubernetesDriver lifecycle', () => {
  it('creates the Secrets, Cluster, Pooler and ScheduledBackup, and waits for the Cluster to be ready', async () => {
    // slow enough that the Cluster is still coming up when the wait starts
    const { api, driver, statuses } = await harness({ stepMs: 150 })
    const result = await driver.createProject({ ...input, ref: 'alpha' })
    expect(result).toMatchObject({ ref: 'alpha', major: 17, version: '17.5', initialized: true })
    expect(statuses('alpha')).toEqual(['COMING_UP', 'ACTIVE_HEALTHY'])
    expect(api.get('clusters', NS, 'alpha')?.spec).toMatchObject({ imageCatalogRef: { major: 17 }, instances: 1 })
    expect(api.get('poolers', NS, 'alpha-pooler')?.spec).toMatchObject({ cluster: { name: 'alpha' }, type: 'rw' })
    expect(api.get('scheduledbackups', NS, 'alpha-daily')?.spec).toMatchObject({ cluster: { name: 'alpha' } })
    // no password for CloudNativePG's postgres; one Secret per platform login, and the bootstrap SQL
    expect(api.get('clusters', NS, 'alpha')?.spec).toMatchObject({ enableSuperuserAccess: false })
    // initdb names the postgres database and the platform's owner login with its own Secret: CloudNativePG makes
    // no app database, no app role and no {cluster}-app Secret
    expect(api.get('clusters', NS, 'alpha')?.spec?.bootstrap).toMatchObject({
      initdb: { database: 'postgres', owner: 'pgfleet_owner', secret: { name: 'pgfleet-alpha-role-pgfleet-owner' } },
    })
    const secrets = api.all('secrets').map((secret) => secret.metadata.name)
    expect(secrets.sort()).toEqual([
      'pgfleet-alpha-bootstrap',
      'pgfleet-alpha-role-pgfleet-admin',
      'pgfleet-alpha-role-pgfleet-owner',
      'pgfleet-alpha-role-pgfleet-read-only',
    ])
    // writes ask for strict field validation; the wait watched instead of polling
    const creates = api.requests.filter((r) => r.method === 'POST' && r.path.includes('postgresql.cnpg.io'))
    expect(creates.every((r) => r.query.get('fieldValidation') === 'Strict')).toBe(true)
    const watches = api.requests.filter((r) => r.query.get('watch') === 'true' && r.path.endsWith('/clusters'))
    expect(watches[0]?.query.get('fieldSelector')).toBe('metadata.name=alpha')
    const reads = api.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/clusters/alpha'))
    expect(reads.length).toBeLessThanOrEqual(3)
    expect(await driver.projectHealth('alpha')).toBe('ready')
    // a retry finds everything in place (409s included) and changes nothing
    const again = await driver.createProject({ ...input, ref: 'alpha' })
    expect(again.initialized).toBe(false)
    expect(api.all('clusters')).toHaveLength(1)
  })

  it('pauses with a backup then hibernation, and starts again by removing the annotation', async () => {
    const { api, driver, statuses } = await harness()
    await driver.createProject({ ...input, ref: 'beta' })
    const paused = await driver.pauseProject('beta')
    expect(paused).toMatchObject({ kind: 'online', compression: 'gzip', reused: false })
    expect(paused.file).toMatch(/^s3:\/\/pgfleet-backups\/projects\/beta\/base\//)
    expect(api.get('clusters', NS, 'beta')?.metadata.annotations).toEqual({ 'cnpg.io/hibernation': 'on' })
    expect(await driver.projectHealth('beta')).toBe('down')
    expect((await driver.pauseProject('beta')).reused).toBe(true)
    const patch = api.requests.find((r) => r.method === 'PATCH' && r.path.endsWith('/clusters/beta'))
    expect(patch?.contentType).toBe('application/merge-patch+json')

    const started = await driver.startProject('beta', { ...runtime, computeSize: 'small' })
    expect(started.adopted).toBe(false)
    expect(api.get('clusters', NS, 'beta')?.metadata.annotations).toEqual({})
    expect(api.get('clusters', NS, 'beta')?.spec?.resources).toMatchObject({ limits: { memory: '2Gi' } })
    expect(statuses('beta')).toEqual([
      'COMING_UP',
      'ACTIVE_HEALTHY',
      'PAUSING',
      'INACTIVE',
      'COMING_UP',
      'ACTIVE_HEALTHY',
    ])
    await driver.stopProject('beta')
    await driver.stopProject('beta')
    expect(await driver.projectHealth('beta')).toBe('down')
  })

  it('restarts with the restart annotation and resizes by patching resources', async () => {
    const { api, driver, statuses } = await harness()
    await driver.createProject({ ...input, ref: 'gamma' })
    await driver.setProjectReadOnly('gamma', true)
    const result = await driver.restartProject('gamma', { ...runtime, computeSize: 'medium', settings: { jit: false } })
    expect(result.adopted).toBe(true)
    const cluster = api.get('clusters', NS, 'gamma')
    expect(cluster?.metadata.annotations?.['kubectl.kubernetes.io/restartedAt']).toMatch(/^\d{4}-/)
    expect(cluster?.spec).toMatchObject({
      resources: { requests: { memory: '4Gi' }, limits: { memory: '4Gi' } },
      // read-only mode survives a config change; the new setting is there
      postgresql: { parameters: { default_transaction_read_only: 'on', jit: 'off', max_connections: '120' } },
    })
    expect(api.get('poolers', NS, 'gamma-pooler')?.spec).toMatchObject({
      pgbouncer: { parameters: { default_pool_size: '110' } },
    })
    expect(statuses('gamma')).toEqual(['COMING_UP', 'ACTIVE_HEALTHY', 'RESTARTING', 'ACTIVE_HEALTHY'])
    await driver.setProjectReadOnly('gamma', false)
    expect(api.get('clusters', NS, 'gamma')?.spec?.postgresql).not.toHaveProperty(
      'parameters.default_transaction_read_only',
    )
    await expect(driver.restartProject('gamma', { ...runtime, major: 16 })).rejects.toThrow(/upgrading is a separate/)
  })

  it('upgrades the major by changing the image catalog reference', async () => {
    const { api, driver, statuses } = await harness()
    api.put('clusterimagecatalogs', '', {
      apiVersion: 'postgresql.cnpg.io/v1',
      kind: 'ClusterImageCatalog',
      metadata: { name: 'postgresql' },
      spec: {
        images: [
          { major: 16, image: 'x:16' },
          { major: 17, image: 'x:17' },
        ],
      },
    })
    await driver.createProject({ ...input, ref: 'delta', major: 16 })
    expect(await driver.upgradeBlockers('delta', 16, 18)).toEqual([
      'The image catalog postgresql has no image for Postgres 18',
    ])
    expect(await driver.upgradeBlockers('delta', 16, 17)).toEqual([])
    const keys: string[] = []
    await driver.upgradeProject('delta', { ...runtime, major: 16 }, runtime, (key) => void keys.push(key))
    expect(keys).toEqual(['started', 'initiated data upgrade', 'completed data upgrade', 'completed upgrade'])
    expect(api.get('clusters', NS, 'delta')?.status?.pgDataImageInfo).toMatchObject({ majorVersion: 17 })
    expect(statuses('delta')).toContain('UPGRADING')
  })

  it('destroys every resource of the project', async () => {
    const { api, driver } = await harness()
    await driver.createProject({ ...input, ref: 'eps' })
    await driver.backupProject('eps')
    await driver.destroyProject('eps')
    for (const plural of ['clusters', 'poolers', 'scheduledbackups', 'backups', 'secrets'])
      expect(api.all(plural)).toEqual([])
    expect(await driver.projectHealth('eps')).toBe('down')
    await driver.destroyProject('eps')
  })

  it('connects as the platform’s own logins, never as CloudNativePG’s postgres', async () => {
    const { api, driver } = await harness()
    await driver.createProject({ ...input, ref: 'zeta' })
    const password = (role: string) => {
      const secret = api.get('secrets', NS, `pgfleet-zeta-role-${role}`) as unknown as { data: { password: string } }
      return Buffer.from(secret.data.password, 'base64').toString('utf8')
    }
    // the platform superuser goes to the primary's Service, with session settings the tenant cannot change
    expect(await driver.projectConnection('zeta')).toMatchObject({
      host: 'zeta-rw.pgfleet-projects.svc',
      port: 5432,
      database: 'postgres',
      user: 'pgfleet_admin',
      password: password('pgfleet-admin'),
      options: expect.stringContaining('search_path=pg_catalog,pg_temp'),
    })
    // the tenant's owner, asked for by its local name, is the platform's login that acts as it
    expect(await driver.projectConnection('zeta', { user: 'postgres' })).toEqual({
      host: 'zeta-pooler.pgfleet-projects.svc',
      port: 5432,
      database: 'postgres',
      user: 'pgfleet_owner',
      password: password('pgfleet-owner'),
    })
    expect(await driver.projectConnection('zeta', { user: 'pgfleet_read_only' })).toMatchObject({
      user: 'pgfleet_read_only',
      password: password('pgfleet-read-only'),
    })
    expect(await driver.projectConnection('zeta', { user: 'authenticator' })).not.toHaveProperty('password')
    expect(driver.tenantOwnerRole).toBe('tenant_owner')
    // a retried create keeps the platform's passwords (its open connections keep working)
    const before = password('pgfleet-admin')
    await driver.createProject({ ...input, ref: 'zeta' })
    expect(password('pgfleet-admin')).toBe(before)
  })

  it('declares the tenant’s owner with the local driver’s attributes and bootstraps it from a Secret', async () => {
    const { api, driver } = await harness()
    await driver.createProject({ ...input, major: 15, ref: 'theta' })
    const managed = api.get('clusters', NS, 'theta')?.spec?.managed as { roles: Record<string, unknown>[] } | undefined
    const roles = managed?.roles ?? []
    expect(roles.find((role) => role.name === 'tenant_owner')).toMatchObject({
      login: true,
      superuser: false,
      createrole: false,
      createdb: true,
      bypassrls: true,
      replication: false,
    })
    const bootstrap = api.get('secrets', NS, 'pgfleet-theta-bootstrap') as unknown as { data: Record<string, string> }
    const sql = Buffer.from(bootstrap.data['roles.sql'] ?? '', 'base64').toString('utf8')
    expect(sql).toContain(
      'ALTER ROLE tenant_owner LOGIN NOSUPERUSER NOCREATEROLE CREATEDB BYPASSRLS NOREPLICATION INHERIT PASSWORD',
    )
    expect(sql).toContain('ALTER DATABASE postgres OWNER TO tenant_owner;')
    expect(sql).not.toContain('super-secret')
  })
})

describe('KubernetesDriver backups and point-in-time recovery', () => {
  it('restores to a time into a new Cluster, then switches the Pooler to it', async () => {
    const { api, driver, statuses } = await harness()
    await driver.createProject({ ...input, ref: 'eta' })
    const backup = await driver.backupProject('eta')
    expect((await driver.listBackups('eta')).map((b) => b.id)).toEqual([backup.id])
    const target = new Date()
    const result = await driver.restoreProjectToTime('eta', backup.id, target, runtime, { keepPrevious: true })
    const clusters = api.all('clusters').map((c) => c.metadata.name)
    const restored = clusters.find((name) => name !== 'eta') ?? ''
    expect(restored).toMatch(/^eta-r\d{14}$/)
    expect(api.get('clusters', NS, restored)?.spec?.bootstrap).toEqual({
      recovery: {
        source: 'origin',
        recoveryTarget: { backupID: expect.any(String), targetTime: target.toISOString() },
      },
    })
    expect(api.get('poolers', NS, 'eta-pooler')?.spec).toMatchObject({ cluster: { name: restored } })
    expect(api.get('scheduledbackups', NS, 'eta-daily')?.spec).toMatchObject({ cluster: { name: restored } })
    const jsonPatch = api.requests.find(
      (r) =>
        r.method === 'PATCH' &&
        r.path.endsWith('/poolers/eta-pooler') &&
        r.contentType === 'application/json-patch+json',
    )
    expect(jsonPatch?.body).toEqual([
      { op: 'test', path: '/spec/cluster/name', value: 'eta' },
      { op: 'replace', path: '/spec/cluster/name', value: restored },
    ])
    expect(result.previousDataDir).toBe('eta')
    expect(api.get('clusters', NS, 'eta')?.metadata.annotations).toEqual({ 'cnpg.io/hibernation': 'on' })
    expect(statuses(restored)).toEqual(['RESTORING', 'ACTIVE_HEALTHY'])
    expect(await driver.projectHealth('eta')).toBe('ready')
    // the project's backups now include the ones of either Cluster
    await driver.backupProject('eta')
    expect(await driver.listBackups('eta')).toHaveLength(2)
    expect(await driver.deleteBackups('eta', [backup.id])).toEqual([backup.id])
  })

  it('leaves the project as it was when the recovery fails', async () => {
    const { api, driver, statuses } = await harness({ failRecovery: true })
    await driver.createProject({ ...input, ref: 'theta' })
    const backup = await driver.backupProject('theta')
    await expect(driver.restoreProjectFromBackup('theta', backup.id, runtime)).rejects.toThrow(
      /The restore failed: .*recovery target not reached/,
    )
    const restored = [...new Set(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path))]
    expect(restored.some((path) => /\/clusters\/theta-r\d{14}$/.test(path))).toBe(true)
    expect(api.all('clusters').map((c) => c.metadata.name)).toEqual(['theta'])
    expect(api.get('poolers', NS, 'theta-pooler')?.spec).toMatchObject({ cluster: { name: 'theta' } })
    const recovery = [...api.all('clusters')].length
    expect(recovery).toBe(1)
    expect(statuses('theta')).toEqual(['COMING_UP', 'ACTIVE_HEALTHY'])
  })

  it('reports a failed backup with CloudNativePG’s error', async () => {
    const { driver } = await harness({ failBackups: true })
    await driver.createProject({ ...input, ref: 'iota' })
    await expect(driver.backupProject('iota')).rejects.toThrow(KubernetesResourceFailedError)
    await expect(driver.backupProject('iota')).rejects.toThrow(/could not connect to the object store/)
  })

  it('maps a recovery stuck in a fault phase to RESTORE_FAILED', () => {
    const cluster = {
      metadata: { name: 'x-r1' },
      spec: { bootstrap: { recovery: { source: 'origin' } } },
      status: { phase: 'Cluster cannot proceed to reconciliation due to an unknown error' },
    }
    expect(projectStatusFromCluster(cluster)).toBe('RESTORE_FAILED')
  })
})

describe('KubernetesDriver failures', () => {
  it('turns a 409 on a write it cannot carry on from into a KubernetesConflictError', async () => {
    const { api, driver } = await harness()
    await driver.createProject({ ...input, ref: 'kappa' })
    api.addFault({ method: 'PATCH', path: /\/clusters\/kappa$/, status: 409 })
    await expect(driver.setProjectReadOnly('kappa', true)).rejects.toThrow(KubernetesConflictError)
  })

  it('refuses to switch the Pooler when another restore moved it (the JSON patch test fails)', async () => {
    const { api, driver } = await harness()
    await driver.createProject({ ...input, ref: 'lambda' })
    const backup = await driver.backupProject('lambda')
    api.onChange((event) => {
      // someone else points the Pooler elsewhere while the recovery runs
      if (event.plural === 'clusters' && event.type === 'ADDED' && event.object.metadata.name !== 'lambda') {
        const pooler = api.get('poolers', NS, 'lambda-pooler')
        if (pooler) api.put('poolers', NS, { ...pooler, spec: { ...pooler.spec, cluster: { name: 'elsewhere' } } })
      }
    })
    await expect(driver.restoreProjectFromBackup('lambda', backup.id, runtime)).rejects.toThrow(/test operation failed/)
  })

  it('gives up on a slow API server with a KubernetesTimeoutError', async () => {
    const { api, driver } = await harness(
      {},
      { timeouts: { requestMs: 200, createMs: 5_000, lifecycleMs: 5_000, backupMs: 5_000 } },
    )
    api.addFault({ method: 'GET', path: /\/poolers\/mu-pooler$/, delayMs: 600 })
    await expect(driver.projectHealth('mu')).rejects.toThrow(KubernetesTimeoutError)
    await expect(driver.projectHealth('mu')).resolves.toBe('down')
  })

  it('gives up waiting for a Cluster that never becomes ready', async () => {
    const { driver } = await harness(
      { stall: true },
      { timeouts: { requestMs: 2_000, createMs: 400, lifecycleMs: 400, backupMs: 400 } },
    )
    await expect(driver.createProject({ ...input, ref: 'nu' })).rejects.toThrow(
      /Timed out after 400 ms waiting for the project’s database nu to be ready/,
    )
  })

  it('says plainly what Kubernetes cannot do', async () => {
    const { driver } = await harness(null, { objectStore: null })
    await expect(driver.openBackup()).rejects.toThrow(DriverOperationUnsupportedError)
    await expect(driver.openBackup()).rejects.toThrow(/object store/)
    // the platform shows this reason instead of a download control
    expect(driver.unavailableOperations.backup_download).toMatch(/cannot be downloaded/)
    await expect(driver.pauseProject('xi')).rejects.toThrow(/Pausing needs a backup object store/)
    await expect(driver.backupProject('xi')).rejects.toThrow(/Backups need an object store/)
    await expect(driver.checkBackupRestore('xi', 'any', runtime)).rejects.toThrow(/Backups need an object store/)
    await expect(driver.projectHealth('Bad_Ref')).rejects.toThrow(/cannot name Kubernetes resources/)
  })
})
