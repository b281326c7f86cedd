import {
  BYTES_PER_GB,
  type Organization,
  type Project,
  ProjectDisk,
  ProjectOverview,
  ProjectResourceWarnings,
  ProjectUsage,
} from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ProjectFixture, startProjectFixture } from '../control/pg-meta/testing'
import { ApiClient, waitFor } from '../testing/harness'

/** The resource routes: what every member reads, who may change the disk size, and what others never see. */
let f: ProjectFixture
let ref = ''
let stranger: ApiClient
let strangerRef = ''

beforeAll(async () => {
  f = await startProjectFixture({
    PGFLEET_RESOURCE_SAMPLE_INTERVAL_MS: '300',
    PGFLEET_AUTH_RATE_LIMIT_HITS_PER_HOUR: '4',
  })
  ref = f.project.ref
  // another tenant, with a project of its own (never started: a row is enough to be listed)
  stranger = new ApiClient(() => f.t.baseUrl)
  await stranger.post('/platform/auth/signup', { email: 'stranger@resources.test', password: 'stranger-password' })
  const slug = (await stranger.get<Organization[]>('/platform/organizations')).body[0]?.slug ?? ''
  const created = await stranger.post<Project>('/v1/projects', {
    name: 'Other',
    organization_slug: slug,
    db_pass: 'other-db-password',
  })
  strangerRef = created.body.ref
}, 120_000)
afterAll(async () => {
  await f?.t.destroy()
})

describe('resource routes', () => {
  it('samples the project: disk by what holds it, CPU, memory and a database size, in the usage answer', async () => {
    const usage = await waitFor(
      async () => ProjectUsage.parse((await f.owner.get(`/platform/projects/${ref}/usage`)).body),
      (u) => u.samples.length >= 3 && u.samples.some((s) => s.cpu_percent !== null),
      30_000,
    )
    const latest = usage.samples.at(-1)
    expect(usage.disk.used_bytes).toBeGreaterThan(10_000_000)
    expect(usage.disk.wal_bytes).toBeGreaterThan(0)
    expect(usage.database_size_bytes).toBeGreaterThan(1_000_000)
    expect(latest?.memory_bytes).toBeGreaterThan(1_000_000)
    expect(usage.disk.size_gb).toBe(8)
  })

  it('counts data API answers and their bytes', async () => {
    const before = ProjectUsage.parse((await f.owner.get(`/platform/projects/${ref}/usage`)).body)
    const keys = (await f.owner.get<{ name: string; api_key: string }[]>(`/v1/projects/${ref}/api-keys`)).body
    const anon = keys.find((key) => key.name === 'anon')?.api_key ?? ''
    const answer = await fetch(`${f.t.baseUrl}/p/${ref}/rest/v1/`, { headers: { apikey: anon } })
    const bytes = (await answer.arrayBuffer()).byteLength
    const after = await waitFor(
      async () => ProjectUsage.parse((await f.owner.get(`/platform/projects/${ref}/usage`)).body),
      (u) => u.data_api_requests > before.data_api_requests,
      10_000,
    )
    expect(after.data_api_egress_bytes - before.data_api_egress_bytes).toBeGreaterThanOrEqual(bytes)
  })

  it('answers the home figures: live database size and connections, and the last hour of data API requests', async () => {
    const path = `/platform/projects/${ref}/overview`
    const before = ProjectOverview.parse((await f.owner.get(path)).body)
    expect(before.database_size_bytes).toBeGreaterThan(1_000_000)
    expect(before.active_connections).toBeGreaterThanOrEqual(1)
    const keys = (await f.owner.get<{ name: string; api_key: string }[]>(`/v1/projects/${ref}/api-keys`)).body
    const anon = keys.find((key) => key.name === 'anon')?.api_key ?? ''
    for (let i = 0; i < 3; i++)
      await (await fetch(`${f.t.baseUrl}/p/${ref}/rest/v1/`, { headers: { apikey: anon } })).text()
    const after = ProjectOverview.parse((await f.owner.get(path)).body)
    expect(after.data_api_requests_last_hour).toBeGreaterThanOrEqual(before.data_api_requests_last_hour + 3)
    expect((await stranger.get(path)).status).toBe(404)
    expect((await (await f.member('Read-only')).get(path)).status).toBe(200)
  })

  it('raises a disk warning, then a critical one, as the disk size shrinks toward the use', async () => {
    // the use moves a little between measurements (WAL comes and goes): each size aims at the middle of its band
    const used = async () => (await f.owner.get<ProjectDisk>(`/platform/projects/${ref}/disk`)).body.used_bytes ?? 0
    const level = async () =>
      ProjectResourceWarnings.parse((await f.owner.get('/platform/projects-resource-warnings')).body).find(
        (w) => w.project === ref,
      )
    expect(await level()).toMatchObject({ disk_space_exhaustion: null, is_readonly_mode_enabled: false })
    try {
      await f.owner.patch(`/platform/projects/${ref}/disk`, { size_gb: (await used()) / 0.85 / BYTES_PER_GB })
      expect((await level())?.disk_space_exhaustion).toBe('warning')
      await f.owner.patch(`/platform/projects/${ref}/disk`, { size_gb: (await used()) / 0.925 / BYTES_PER_GB })
      expect((await level())?.disk_space_exhaustion).toBe('critical')
    } finally {
      const back = await f.owner.patch<ProjectDisk>(`/platform/projects/${ref}/disk`, { size_gb: 8 })
      expect(ProjectDisk.parse(back.body).size_gb).toBe(8)
    }
  })

  it('lists only the projects the caller can see', async () => {
    const mine = ProjectResourceWarnings.parse((await f.owner.get('/platform/projects-resource-warnings')).body)
    expect(mine.map((w) => w.project)).toEqual([ref])
    const theirs = ProjectResourceWarnings.parse((await stranger.get('/platform/projects-resource-warnings')).body)
    expect(theirs.map((w) => w.project)).toEqual([strangerRef])
    expect((await new ApiClient(() => f.t.baseUrl).get('/platform/projects-resource-warnings')).status).toBe(401)
  })

  it('counts sign-ins refused by the rate limit against the projects of the member’s organizations', async () => {
    const guesser = new ApiClient(() => f.t.baseUrl)
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) {
      statuses.push(
        (await guesser.post('/platform/auth/login', { email: 'owner@meta.test', password: 'wrong' })).status,
      )
    }
    expect(statuses.filter((status) => status === 429).length).toBe(5)
    const warning = await waitFor(
      async () =>
        ProjectResourceWarnings.parse((await f.owner.get('/platform/projects-resource-warnings')).body).find(
          (w) => w.project === ref,
        ),
      (w) => w?.auth_rate_limit_exhaustion === 'critical',
      10_000,
    )
    expect(warning?.auth_rate_limit_exhaustion).toBe('critical')
    // the other tenant's project is not touched by this organization's sign-ins
    const theirs = ProjectResourceWarnings.parse((await stranger.get('/platform/projects-resource-warnings')).body)
    expect(theirs[0]?.auth_rate_limit_exhaustion).toBeNull()
  })

  it('hides the project from another tenant on every route', async () => {
    const notFound = { status: 404, body: { message: `Project ${ref} not found` } }
    expect(await stranger.get(`/platform/projects/${ref}/usage`)).toEqual(notFound)
    expect(await stranger.get(`/platform/projects/${ref}/disk`)).toEqual(notFound)
    expect(await stranger.patch(`/platform/projects/${ref}/disk`, { size_gb: 0.001 })).toEqual(notFound)
    expect((await f.owner.get<ProjectDisk>(`/platform/projects/${ref}/disk`)).body.size_gb).toBe(8)
  })

  it('lets a read-only member read but not change the disk size', async () => {
    const readOnly = await f.member('Read-only')
    expect((await readOnly.get(`/platform/projects/${ref}/usage`)).status).toBe(200)
    expect((await readOnly.get(`/platform/projects/${ref}/disk`)).status).toBe(200)
    const denied = await readOnly.patch(`/platform/projects/${ref}/disk`, { size_gb: 0.001 })
    expect(denied).toEqual({
      status: 403,
      body: { message: 'You need additional permissions to change the disk size' },
    })
    const developer = await f.member('Developer')
    expect((await developer.patch(`/platform/projects/${ref}/disk`, { size_gb: 0.001 })).status).toBe(403)
  })

  it('refuses hostile input with a clear message', async () => {
    const patch = (body: unknown) => f.owner.patch<{ message: string }>(`/platform/projects/${ref}/disk`, body)
    expect(await patch({ size_gb: 201 })).toEqual({
      status: 400,
      body: { message: 'Disk can be increased up to 200GB' },
    })
    expect((await patch({ size_gb: 0 })).body.message).toBe('The disk size must be above 0 GB')
    expect((await patch({ size_gb: -5 })).status).toBe(400)
    expect((await patch({ size_gb: '10' })).status).toBe(400)
    expect((await patch({ size_gb: 1e308 })).status).toBe(400)
    expect((await patch({})).status).toBe(400)
    expect((await f.owner.get("/platform/projects/x';drop table projects;--/usage")).status).toBeGreaterThanOrEqual(400)
    // a ref past the router's parameter length matches no route at all: a 404, never a 500
    expect([400, 404]).toContain((await f.owner.get(`/platform/projects/${'a'.repeat(500)}/disk`)).status)
    expect((await f.owner.get<ProjectDisk>(`/platform/projects/${ref}/disk`)).body.size_gb).toBe(8)
  })
})
