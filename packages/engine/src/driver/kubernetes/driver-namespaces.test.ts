/** A namespace per organization: made on the first project, with the object store's Secret copied into it. */
import { describe, expect, it } from 'vitest'
import { harness, input } from './testing/driver-harness'

const PLATFORM_NS = 'pgfleet'
const objectStore = {
  destinationPath: 's3://pgfleet-backups/projects',
  credentialsSecret: {
    name: 'backup-store',
    accessKeyIdKey: 'ACCESS_KEY_ID',
    secretAccessKeyKey: 'ACCESS_SECRET_KEY',
    copyFrom: PLATFORM_NS,
  },
}

describe('a namespace per organization', () => {
  it('is created on the first project and gets a copy of the object store’s Secret', async () => {
    const { api, driver } = await harness({}, { namespace: async () => 'pgfleet-org-7', objectStore })
    const key = Buffer.from('AKIA-TEST').toString('base64')
    api.put('secrets', PLATFORM_NS, {
      apiVersion: 'v1',
      kind: 'Secret',
      metadata: { name: 'backup-store', namespace: PLATFORM_NS },
      type: 'Opaque',
      data: { ACCESS_KEY_ID: key, ACCESS_SECRET_KEY: key },
    } as never)
    await driver.createProject({ ...input, ref: 'orgproject' })
    expect(api.all('namespaces').map((namespace) => namespace.metadata.name)).toEqual(['pgfleet-org-7'])
    const copied = api.get('secrets', 'pgfleet-org-7', 'backup-store') as unknown as { data: Record<string, string> }
    expect(copied.data).toEqual({ ACCESS_KEY_ID: key, ACCESS_SECRET_KEY: key })
    expect(api.get('clusters', 'pgfleet-org-7', 'orgproject')).toBeDefined()
  })

  it('says which Secret is missing instead of making Clusters whose backups cannot work', async () => {
    const { api, driver } = await harness({}, { namespace: async () => 'pgfleet-org-8', objectStore })
    await expect(driver.createProject({ ...input, ref: 'orphan' })).rejects.toThrow(
      /object store's Secret pgfleet\/backup-store is missing/,
    )
    expect(api.all('clusters')).toEqual([])
  })
})
