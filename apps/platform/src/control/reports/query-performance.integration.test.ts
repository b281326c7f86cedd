import { QUERY_PERFORMANCE_LIMIT, QueryPerformanceReport } from '@pgfleet/contracts'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient } from '../../testing/harness'
import { type ProjectFixture, startProjectFixture } from '../pg-meta/testing'

/** The query-performance report: off until pg_stat_statements is on, then the tenant's statements, to members only. */
let f: ProjectFixture
let path = ''

beforeAll(async () => {
  f = await startProjectFixture()
  path = `/platform/projects/${f.project.ref}/reports/query-performance`
}, 120_000)
afterAll(async () => {
  await f?.t.destroy()
})

async function asTenant(sql: string): Promise<void> {
  const client = await f.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}

describe('query performance', () => {
  it('says it is off until the extension is turned on', async () => {
    const report = QueryPerformanceReport.parse((await f.owner.get(path)).body)
    expect(report).toEqual({ enabled: false, slowest: [], most_frequent: [] })
  })

  it("lists the tenant's slowest and most frequent statements, normalised", async () => {
    expect(
      (await f.owner.post(`/platform/projects/${f.project.ref}/extensions`, { name: 'pg_stat_statements' })).status,
    ).toBe(200)
    await asTenant('create table perf_items (id int primary key, label text)')
    for (let i = 0; i < 25; i++) await asTenant(`insert into perf_items values (${i}, 'item ${i}')`)
    await asTenant('select pg_sleep(0.2)')
    const report = QueryPerformanceReport.parse((await f.owner.get(path)).body)
    expect(report.enabled).toBe(true)
    expect(report.slowest.length).toBeLessThanOrEqual(QUERY_PERFORMANCE_LIMIT)
    expect(report.slowest[0]?.query).toMatch(/pg_sleep/)
    expect(report.slowest[0]?.mean_time_ms).toBeGreaterThanOrEqual(190)
    const insert = report.most_frequent.find((row) => row.query.startsWith('insert into perf_items'))
    expect(insert?.query).toBe('insert into perf_items values ($1, $2)')
    expect(insert?.calls).toBe(25)
    expect(insert?.role).toBe('postgres')
    expect(report.most_frequent.map((row) => row.role)).not.toContain('pgfleet_admin')
  })

  it('counts again for a project that enabled the extension before counting was switched per database', async () => {
    const superuser = new pg.Client(await f.t.platform.ctx.driver.projectConnection(f.project.ref))
    await superuser.connect()
    await superuser.query('alter database postgres reset pg_stat_statements.track')
    await superuser.end()
    await f.t.platform.ctx.connections.closeProject(f.project.ref)
    expect(QueryPerformanceReport.parse((await f.owner.get(path)).body).enabled).toBe(true)
    for (let i = 0; i < 3; i++) await asTenant('select count(*) from perf_items where id > 20')
    const report = QueryPerformanceReport.parse((await f.owner.get(path)).body)
    expect(report.most_frequent.find((row) => row.query.includes('id > $1'))?.calls).toBe(3)
  })

  it('answers members, and no one else', async () => {
    const readOnly = await f.member('Read-only')
    expect((await readOnly.get(path)).status).toBe(200)
    const stranger = new ApiClient(() => f.t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'stranger@perf.test', password: 'stranger-password' })
    expect(await stranger.get(path)).toEqual({ status: 404, body: { message: `Project ${f.project.ref} not found` } })
    expect((await new ApiClient(() => f.t.baseUrl).get(path)).status).toBe(401)
    expect((await f.owner.get('/platform/projects/..%2F..%2Fetc/reports/query-performance')).status).toBe(400)
  })
})
