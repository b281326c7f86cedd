import { beforeAll, describe, expect, it } from 'vitest'
import { COMPUTE_SIZES } from '../../../compute'
import { hibernationPatch, restartPatch } from './annotations'
import { projectBackup, projectScheduledBackup } from './backups'
import { projectBootstrapSql } from './bootstrap-sql'
import { bootstrapSecret, type ClusterTemplate, clusterParameters, projectCluster, recoveryCluster } from './cluster'
import { CrdSchemas } from './crd-schema'
import { assertKubernetesRef, backupName, recoveryClusterName } from './names'
import { projectPooler } from './pooler'
import { storageQuantity } from './resources'

const template: ClusterTemplate = {
  namespace: 'pgfleet-projects',
  imageCatalog: { kind: 'ClusterImageCatalog', name: 'postgresql' },
  instances: 1,
  storageClass: 'standard',
  defaultDiskSizeBytes: 8 * 1024 ** 3,
  objectStore: {
    destinationPath: 's3://pgfleet-backups/projects',
    endpointURL: 'http://minio.pgfleet.svc:9000',
    credentialsSecret: { name: 'pgfleet-backup-store', accessKeyIdKey: 'ACCESS_KEY_ID', secretAccessKeyKey: 'SECRET' },
    retentionPolicy: '30d',
  },
}
const ref = 'abcdefghijklmnopqrst'
const runtime = { major: 17, port: null, computeSize: 'micro' as const, settings: { statement_timeout: '2min' } }

let schemas: CrdSchemas
beforeAll(() => {
  schemas = new CrdSchemas()
})

describe('the CRD schema check', () => {
  it('loads the served version of all six vendored CRDs', () => {
    expect(schemas.kinds()).toEqual([
      'postgresql.cnpg.io/v1/Backup',
      'postgresql.cnpg.io/v1/Cluster',
      'postgresql.cnpg.io/v1/Database',
      'postgresql.cnpg.io/v1/ImageCatalog',
      'postgresql.cnpg.io/v1/Pooler',
      'postgresql.cnpg.io/v1/ScheduledBackup',
    ])
  })

  it('rejects fields the schema does not declare, wrong types, bad names and unknown kinds', () => {
    const cluster = projectCluster(template, ref, ref, runtime)
    const misspelt = { ...cluster, spec: { ...cluster.spec, instance: 3 } }
    expect(schemas.validate(misspelt)).toContainEqual({
      path: '/spec/instance',
      message: 'field not declared in the schema',
    })
    const nested = { ...cluster, spec: { ...cluster.spec, storage: { size: '1Gi', sizee: '2Gi' } } }
    expect(schemas.validate(nested)).toContainEqual({
      path: '/spec/storage/sizee',
      message: 'field not declared in the schema',
    })
    expect(schemas.validate({ ...cluster, spec: { ...cluster.spec, instances: 'one' } })).not.toEqual([])
    expect(schemas.validate({ ...cluster, metadata: { name: 'Not_A_Name' } })).not.toEqual([])
    expect(schemas.validate({ apiVersion: 'postgresql.cnpg.io/v1', kind: 'Publication' })[0]?.message).toMatch(/no CRD/)
  })

  it('lets through what the schema leaves open (x-kubernetes-preserve-unknown-fields)', () => {
    const catalog = {
      apiVersion: 'postgresql.cnpg.io/v1',
      kind: 'ImageCatalog',
      metadata: { name: 'postgresql', namespace: 'x' },
      spec: { images: [{ major: 17, image: 'ghcr.io/cloudnative-pg/postgresql:17.5' }] },
    }
    expect(schemas.validate(catalog)).toEqual([])
  })
})

describe('manifests validate against CloudNativePG’s CRDs', () => {
  it.each(COMPUTE_SIZES)('the project Cluster (%s)', (computeSize) => {
    const cluster = projectCluster(template, ref, ref, { ...runtime, computeSize })
    expect(schemas.validate(cluster)).toEqual([])
  })

  it('the project Cluster without an object store, storage class or settings', () => {
    const bare = { ...template, objectStore: null, storageClass: undefined }
    const cluster = projectCluster(bare, ref, ref, { major: 16, port: 5432, computeSize: 'nano' })
    expect(cluster.spec.backup).toBeUndefined()
    expect(cluster.spec.storage).toEqual({ size: '8Gi' })
    expect(schemas.validate(cluster)).toEqual([])
  })

  it('a recovery Cluster, to a time and to the end of a backup', () => {
    const source = { clusterName: ref, backupId: '20261126T190000', targetTime: new Date('2026-11-26T19:30:00Z') }
    const name = recoveryClusterName(ref, new Date('2026-11-26T20:00:00Z'))
    const toTime = recoveryCluster(template, ref, name, runtime, source)
    expect(schemas.validate(toTime)).toEqual([])
    expect(toTime.spec.bootstrap).toEqual({
      recovery: {
        source: 'origin',
        recoveryTarget: { backupID: source.backupId, targetTime: '2026-11-26T19:30:00.000Z' },
      },
    })
    expect(toTime.spec.externalClusters?.[0]).toMatchObject({ barmanObjectStore: { serverName: ref } })
    const toEnd = recoveryCluster(template, ref, name, runtime, { ...source, targetTime: undefined })
    expect(schemas.validate(toEnd)).toEqual([])
    expect(toEnd.spec.bootstrap).toMatchObject({ recovery: { recoveryTarget: { targetImmediate: true } } })
    expect(() => recoveryCluster({ ...template, objectStore: null }, ref, name, runtime, source)).toThrow(
      /object store/,
    )
  })

  it('the Pooler, ScheduledBackup and Backup', () => {
    const pooler = projectPooler(template, ref, ref, runtime)
    expect(pooler.spec.pgbouncer.poolMode).toBe('transaction')
    expect(schemas.validate(pooler)).toEqual([])
    expect(schemas.validate(projectScheduledBackup(template, ref, ref))).toEqual([])
    expect(schemas.validate(projectBackup(template, ref, ref, backupName(ref, new Date())))).toEqual([])
  })

  it('the hibernation and restart patches, applied to a Cluster', () => {
    const cluster = projectCluster(template, ref, ref, runtime)
    const hibernated = { ...cluster, metadata: { ...cluster.metadata, ...hibernationPatch(true).metadata } }
    expect(hibernated.metadata.annotations).toEqual({ 'cnpg.io/hibernation': 'on' })
    expect(schemas.validate(hibernated)).toEqual([])
    const restarted = { ...cluster, metadata: { ...cluster.metadata, ...restartPatch(new Date(0)).metadata } }
    expect(restarted.metadata.annotations).toEqual({ 'kubectl.kubernetes.io/restartedAt': '1970-01-01T00:00:00.000Z' })
    expect(schemas.validate(restarted)).toEqual([])
    expect(hibernationPatch(false).metadata.annotations).toEqual({ 'cnpg.io/hibernation': null })
  })
})

describe('what the manifests say', () => {
  it('sizes the pod and the volume, and takes the image from the catalog by major', () => {
    const cluster = projectCluster(template, ref, ref, {
      ...runtime,
      computeSize: 'small',
      diskSizeBytes: 20 * 1024 ** 3,
    })
    expect(cluster.spec.resources).toEqual({
      requests: { cpu: '1', memory: '2Gi' },
      limits: { cpu: '2', memory: '2Gi' },
    })
    expect(cluster.spec.storage).toEqual({ size: '20Gi', storageClass: 'standard' })
    expect(cluster.spec.imageCatalogRef).toEqual({
      apiGroup: 'postgresql.cnpg.io',
      kind: 'ClusterImageCatalog',
      name: 'postgresql',
      major: 17,
    })
    expect(storageQuantity(1_000_000_000)).toBe('954Mi')
    expect(() => storageQuantity(0)).toThrow(/disk size/)
  })

  it('passes the compute size and the project’s settings as parameters, minus what the operator owns', () => {
    const parameters = clusterParameters({
      ...runtime,
      settings: { archive_mode: 'on', port: 6000, ssl_ciphers: 'x', jit: false, search_path: "'$user', public" },
    })
    expect(parameters).toMatchObject({ shared_buffers: '64MB', max_connections: '60', jit: 'off' })
    expect(parameters.search_path).toBe("'$user', public")
    expect(parameters).not.toHaveProperty('archive_mode')
    expect(parameters).not.toHaveProperty('port')
    expect(parameters).not.toHaveProperty('ssl_ciphers')
    expect(() => clusterParameters({ ...runtime, settings: { x: 'a\nb' } })).toThrow(/line breaks/)
  })

  it('preloads libraries through their own list, as CloudNativePG wants', () => {
    const settings = {
      shared_preload_libraries: 'pg_stat_statements, auto_explain',
      'pg_stat_statements.track': 'none',
    }
    const cluster = projectCluster(template, ref, ref, { ...runtime, settings })
    expect(cluster.spec.postgresql.shared_preload_libraries).toEqual(['pg_stat_statements', 'auto_explain'])
    expect(cluster.spec.postgresql.parameters).not.toHaveProperty('shared_preload_libraries')
    expect(cluster.spec.postgresql.parameters['pg_stat_statements.track']).toBe('none')
    expect(schemas.validate(cluster)).toEqual([])
  })

  it('keeps passwords out of plain text and names secrets apart from CloudNativePG’s own', () => {
    const sql = projectBootstrapSql(17, { ownerPassword: 'own3r', authenticatorPassword: 's3cret' })
    expect(sql).not.toContain('s3cret')
    expect(sql).not.toContain('own3r')
    expect(sql).toMatch(/ALTER ROLE authenticator LOGIN NOINHERIT PASSWORD 'SCRAM-SHA-256\$/)
    expect(bootstrapSecret(template, ref, sql).metadata.name).toBe(`pgfleet-${ref}-bootstrap`)
  })

  it('accepts only refs that can name Kubernetes resources', () => {
    expect(() => assertKubernetesRef(ref)).not.toThrow()
    for (const bad of ['with_underscore', 'UPPER', '1digitfirst', 'a'.repeat(31), 'trailing-', '']) {
      expect(() => assertKubernetesRef(bad)).toThrow(/cannot name Kubernetes resources/)
    }
    expect(recoveryClusterName(ref, new Date('2026-11-26T20:01:02.345Z'))).toBe(`${ref}-r20261126200102`)
  })
})
