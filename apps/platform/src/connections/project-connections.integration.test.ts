import type { ProjectInfrastructure } from '@pgfleet/contracts'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RestTestProject, startRestTestProject } from '../services/rest/testing'
import { waitFor } from '../testing/harness'

/**
 * One owner for every connection to a project: under load from the data API, the SQL editor, storage and the
 * dashboard's metadata at once, the platform's connections stay within the nano budget, the infrastructure
 * page reports them, and closing the project's connections (as pause and delete do) ends every one of them.
 */
let p: RestTestProject

beforeAll(async () => {
  p = await startRestTestProject()
  // the smallest compute size, where the old pools (34 connections) crowded out the tenant's own clients
  expect((await p.api.post(`/v1/projects/${p.ref}/resize`, { compute_size: 'nano' })).status).toBe(200)
  await waitFor(
    () => p.api.get<{ status: string; compute_size?: string }>(`/v1/projects/${p.ref}`),
    (answer) => answer.body.status === 'ACTIVE_HEALTHY' && answer.body.compute_size === 'nano',
    60_000,
  )
  await p.sql(`
    create function public.slow() returns int language sql as 'select pg_sleep(0.3); select 1';
    grant execute on function public.slow() to anon;
  `)
}, 120_000)

afterAll(async () => {
  await p?.destroy()
}, 60_000)

/** The platform's own sessions on the project, by application name, read as the platform's superuser. */
async function platformSessions(): Promise<number> {
  const client = new pg.Client(await p.t.platform.ctx.driver.projectConnection(p.ref))
  await client.connect()
  try {
    const result = await client.query<{ n: number; app: string }>(
      `select count(*)::int as n, application_name as app from pg_stat_activity
        where backend_type = 'client backend' group by 2`,
    )
    return result.rows
      .filter((row) => ['pgfleet-rest', 'pgfleet sql editor', 'pgfleet-storage', 'pgfleet-meta'].includes(row.app))
      .reduce((sum, row) => sum + row.n, 0)
  } finally {
    await client.end()
  }
}

describe('ProjectConnections', () => {
  it('keeps every consumer together within the budget under load, and shows the figures', async () => {
    const budget = 25 // nano: 40 - 3 superuser - 10 for the tenant's clients - 2 one-off
    let peak = 0
    let loading = true
    const sampling = (async () => {
      while (loading) {
        peak = Math.max(peak, await platformSessions())
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()
    const base = `/platform/pg-meta/${p.ref}`
    const load = [
      ...Array.from({ length: 30 }, () => p.client().rpc('slow')),
      ...Array.from({ length: 20 }, () => p.api.post(`${base}/query`, { query: 'select pg_sleep(0.3)' })),
      ...Array.from({ length: 10 }, () => p.client({ key: p.serviceKey }).storage.listBuckets()),
      ...Array.from({ length: 10 }, () => p.api.get(`${base}/tables?included_schemas=public`)),
    ]
    const results = await Promise.all(load)
    loading = false
    await sampling
    for (const result of results) {
      const status = 'status' in result ? result.status : 200
      expect(status, JSON.stringify(result).slice(0, 300)).toBeLessThan(300)
    }
    expect(peak).toBeGreaterThan(5)
    expect(peak).toBeLessThanOrEqual(budget)

    const infrastructure = await p.api.get<ProjectInfrastructure>(`/platform/projects/${p.ref}/infrastructure`)
    expect(infrastructure.status).toBe(200)
    const figures = infrastructure.body.platform_connections
    expect(figures.budget).toBe(budget)
    expect(figures.reserved_for_clients).toBe(10)
    const pools = Object.fromEntries(figures.pools.map((pool) => [pool.consumer, pool]))
    expect(Object.keys(pools).sort()).toEqual(['auth', 'meta', 'meta-helper', 'rest', 'sql', 'sql-read', 'storage'])
    expect(figures.pools.reduce((sum, pool) => sum + pool.max, 0)).toBeLessThanOrEqual(budget)
    // the pools that served the load keep warm connections for a while
    expect((pools.rest?.idle ?? 0) + (pools.rest?.in_use ?? 0)).toBeGreaterThan(0)
    expect((pools.sql?.idle ?? 0) + (pools.sql?.in_use ?? 0)).toBeGreaterThan(0)
  }, 60_000)

  it("closes every consumer's connections in one call, and reopens on the next request", async () => {
    expect(await platformSessions()).toBeGreaterThan(0)
    await p.t.platform.ctx.connections.closeProject(p.ref)
    await waitFor(platformSessions, (n) => n === 0, 5_000, 50)
    expect((await p.client().rpc('slow')).data).toBe(1)
    expect(await platformSessions()).toBeGreaterThan(0)
  }, 30_000)

  it("runs one-off connections as the tenant's owner role, at most two at once, and the superuser only with a reason", async () => {
    const { oneOff } = p.t.platform.ctx.connections
    let running = 0
    let peak = 0
    const identities = await Promise.all(
      Array.from({ length: 5 }, () =>
        oneOff.run(p.ref, { applicationName: 'pgfleet one-off test' }, async (client) => {
          running++
          peak = Math.max(peak, running)
          const row = await client.query<{ user: string; superuser: boolean }>(
            `select current_user as user, rolsuper as superuser from pg_roles where rolname = current_user`,
          )
          await client.query('select pg_sleep(0.1)')
          running--
          return row.rows[0]
        }),
      ),
    )
    expect(peak).toBe(2)
    expect(identities).toEqual(Array.from({ length: 5 }, () => ({ user: 'postgres', superuser: false })))
    expect(() => oneOff.asSuperuser(p.ref, ' ', { applicationName: 'x' }, async () => {})).toThrow(/reason/)
    const superuser = await oneOff.asSuperuser(p.ref, 'test', { applicationName: 'x' }, (client) =>
      client.query<{ superuser: boolean }>('select rolsuper as superuser from pg_roles where rolname = current_user'),
    )
    expect(superuser.rows[0]?.superuser).toBe(true)
  }, 30_000)
})
