import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { KubeConfig } from '@pgfleet/engine/kubernetes'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../config'
import { kubeConfigSource, loadKubeConfig, SERVICE_ACCOUNT_TOKEN } from './kubeconfig'

const none = () => false

describe('choosing the kubeconfig', () => {
  it('uses the configured file, then the service account in a pod, then ~/.kube/config', () => {
    expect(kubeConfigSource('/etc/k.yaml', {}, (f) => f === '/etc/k.yaml')).toEqual({
      kind: 'file',
      path: '/etc/k.yaml',
    })
    const inPod = { KUBERNETES_SERVICE_HOST: '10.0.0.1', HOME: '/home/x' }
    expect(kubeConfigSource(undefined, inPod, (f) => f === SERVICE_ACCOUNT_TOKEN)).toEqual({ kind: 'in-cluster' })
    expect(kubeConfigSource(undefined, { HOME: '/home/x' }, (f) => f === '/home/x/.kube/config')).toEqual({
      kind: 'file',
      path: '/home/x/.kube/config',
    })
  })

  it('says what to set when there is no kubeconfig', () => {
    expect(() => kubeConfigSource(undefined, { HOME: '/nowhere' }, none)).toThrow(
      /PGFLEET_DRIVER=kubernetes needs a kubeconfig: set PGFLEET_K8S_KUBECONFIG/,
    )
    expect(() => kubeConfigSource('/missing.yaml', {}, none)).toThrow(/the kubeconfig \/missing.yaml does not exist/)
  })

  it('refuses a kubeconfig without a current cluster, with a clear message', () => {
    const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'kubeconfig-')), 'config')
    writeFileSync(file, 'apiVersion: v1\nkind: Config\nclusters: []\ncontexts: []\nusers: []\n')
    expect(() => loadKubeConfig(new KubeConfig(), { kind: 'file', path: file })).toThrow(/no current context/)
  })
})

describe('the driver settings', () => {
  it('keeps the local driver the default', () => {
    expect(loadConfig({}).driver).toBe('local')
  })

  it('reads the Kubernetes settings', () => {
    const config = loadConfig({
      PGFLEET_DRIVER: 'kubernetes',
      PGFLEET_K8S_NAMESPACE: 'projects',
      PGFLEET_K8S_IMAGE_CATALOG: 'ImageCatalog/pg',
      PGFLEET_K8S_BACKUP_DESTINATION: 's3://backups/pgfleet',
      PGFLEET_K8S_BACKUP_ENDPOINT: 'http://minio:9000',
    })
    expect(config.kubernetes).toMatchObject({
      namespace: 'projects',
      imageCatalog: { kind: 'ImageCatalog', name: 'pg' },
      backup: { destinationPath: 's3://backups/pgfleet', endpointURL: 'http://minio:9000', retentionPolicy: '30d' },
    })
  })

  it.each([
    [{ PGFLEET_DRIVER: 'docker' }, /PGFLEET_DRIVER/],
    [{ PGFLEET_K8S_IMAGE_CATALOG: 'postgresql' }, /ClusterImageCatalog\/postgresql/],
    [{ PGFLEET_K8S_BACKUP_DESTINATION: 'minio:/x' }, /s3:\/\/bucket\/prefix/],
    [{ PGFLEET_K8S_BACKUP_RETENTION: 'forever' }, /30d/],
  ])('rejects %j with a clear message', (env, message) => {
    expect(() => loadConfig(env as NodeJS.ProcessEnv)).toThrow(message)
  })
})
