/** Where tenants' clients connect to a project on Kubernetes (ProjectDriver.tenantEndpoint). */
import { describe, expect, it } from 'vitest'
import { renderConnectionHost } from './connections'
import { harness, input, NS } from './testing/driver-harness'

describe('the tenant endpoint', () => {
  it('is the Pooler’s Service of a created project, the name a restore keeps', async () => {
    const { api, driver } = await harness()
    await driver.createProject({ ...input, ref: 'alpha' })
    const endpoint = await driver.tenantEndpoint('alpha', 54400)
    expect(endpoint).toEqual({ host: `alpha-pooler.${NS}.svc`, port: 5432 })
    // the host names the Pooler the driver made, a PgBouncer on the Service's port
    expect(api.get('poolers', NS, 'alpha-pooler')?.spec).toMatchObject({ cluster: { name: 'alpha' } })
  })

  it('has no port while the project has none (paused): nothing serves it', async () => {
    const { driver } = await harness(null)
    expect(await driver.tenantEndpoint('alpha', null)).toEqual({ host: `alpha-pooler.${NS}.svc`, port: null })
  })

  it('is the configured host and port for clients outside the cluster, asking no namespace it does not name', async () => {
    const asked: string[] = []
    const namespace = async (ref: string) => {
      asked.push(ref)
      return 'pgfleet-org-3'
    }
    const outside = await harness(null, { namespace, connectionHost: '{ref}.db.example.com', connectionPort: 6432 })
    expect(await outside.driver.tenantEndpoint('alpha', 54400)).toEqual({ host: 'alpha.db.example.com', port: 6432 })
    expect(asked).toEqual([])
    const perNamespace = await harness(null, { namespace, connectionHost: '{ref}.{namespace}.example.com' })
    expect(await perNamespace.driver.tenantEndpoint('alpha', 54400)).toEqual({
      host: 'alpha.pgfleet-org-3.example.com',
      port: 5432,
    })
    expect(asked).toEqual(['alpha'])
  })

  it('refuses a placeholder it does not know', () => {
    expect(() => renderConnectionHost('{user}.example.com', { ref: 'alpha', namespace: NS })).toThrow(
      /Unknown placeholder \{user\}/,
    )
  })
})
