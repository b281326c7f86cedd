import {
  type ComputeSizeInfo,
  INFRASTRUCTURE_NOT_RUNNING_MESSAGE,
  ProjectInfrastructure,
  type ProjectStatusResponse,
} from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ProjectFixture, startProjectFixture } from '../control/pg-meta/testing'
import { ApiClient, waitFor } from '../testing/harness'

let f: ProjectFixture
let ref = ''
const path = () => `/platform/projects/${ref}/infrastructure`

beforeAll(async () => {
  f = await startProjectFixture()
  ref = f.project.ref
})
afterAll(async () => {
  await f?.t.destroy()
})

describe('project infrastructure', () => {
  it('answers the running server’s size, version and live settings to every member', async () => {
    const readOnly = await f.member('Read-only')
    const response = await readOnly.get<ProjectInfrastructure>(path())
    expect(response.status).toBe(200)
    const body = ProjectInfrastructure.parse(response.body)
    expect(body.server_version).toBe(f.project.database.version)
    expect(body.database_size_bytes).toBeGreaterThan(1_000_000)
    expect(body.database_size).toMatch(/^\d+ (kB|MB)$/)
    expect(Date.parse(body.started_at)).toBeLessThanOrEqual(Date.now())
    expect(body.active_connections).toBeGreaterThanOrEqual(1)
    // the server runs with what the project's compute size sets
    const sizes = (await readOnly.get<ComputeSizeInfo[]>('/platform/compute-sizes')).body
    const size = sizes.find((candidate) => candidate.id === f.project.compute_size)
    expect(size).toBeDefined()
    expect(body.max_connections).toBe(size?.max_connections)
    expect(body.shared_buffers).toBe(size?.shared_buffers)
  })

  it('reads the size live: it grows with the data', async () => {
    const before = (await f.owner.get<ProjectInfrastructure>(path())).body.database_size_bytes
    const client = await f.connect()
    try {
      await client.query(
        'create table filler as select g as id, repeat(md5(g::text), 8) as body from generate_series(1, 20000) g',
      )
    } finally {
      await client.end()
    }
    const after = (await f.owner.get<ProjectInfrastructure>(path())).body.database_size_bytes
    expect(after - before).toBeGreaterThan(2_000_000)
  })

  it('hides the project from non-members and checks the ref', async () => {
    const stranger = new ApiClient(() => f.t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'stranger@meta.test', password: 'stranger-password' })
    const hidden = await stranger.get(path())
    expect(hidden).toEqual({ status: 404, body: { message: `Project ${ref} not found` } })
    const anonymous = await new ApiClient(() => f.t.baseUrl).get(path())
    expect(anonymous.status).toBe(401)
  })

  it('says plainly that a paused project’s server cannot be read', async () => {
    const pause = await f.owner.post<{ status: string }>(`/v1/projects/${ref}/pause`)
    expect(pause.body.status).toBe('PAUSING')
    await waitFor(
      async () => (await f.owner.get<ProjectStatusResponse>(`/platform/projects/${ref}/status`)).body,
      (s) => s.status === 'INACTIVE',
      60_000,
    )
    const paused = await f.owner.get(path())
    expect(paused).toEqual({ status: 409, body: { message: INFRASTRUCTURE_NOT_RUNNING_MESSAGE('INACTIVE') } })
  }, 90_000)
})
