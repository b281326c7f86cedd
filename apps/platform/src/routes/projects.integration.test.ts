import { readFileSync } from 'node:fs'
import path from 'node:path'
import type {
  EngineInfo,
  FreeLimitMember,
  ManagementProject,
  Organization,
  Project,
  ProjectStatusResponse,
} from '@pgfleet/contracts'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, setPlan, startTestPlatform, type TestPlatform, waitFor } from '../testing/harness'

let t: TestPlatform
const api = new ApiClient(() => t.baseUrl)
let slug = ''
const DB_PASS = 'project-db-password'

beforeAll(async () => {
  t = await startTestPlatform()
  await api.post('/platform/auth/signup', { email: 'builder@example.com', password: 'builder-password' })
  slug = (await api.get<Organization[]>('/platform/organizations')).body[0]?.slug ?? ''
})
afterAll(async () => {
  await t?.destroy()
})

const statusOf = async (ref: string) => (await api.get<ProjectStatusResponse>(`/platform/projects/${ref}/status`)).body
const waitHealthy = (ref: string) =>
  waitFor(
    () => statusOf(ref),
    (s) => s.status === 'ACTIVE_HEALTHY',
    60_000,
  )

async function connect(project: Pick<Project, 'database'>, password = DB_PASS) {
  const client = new pg.Client({
    host: '127.0.0.1',
    port: project.database.port ?? 0,
    user: 'postgres',
    password,
    database: 'postgres',
  })
  await client.connect()
  return client
}

function postmasterPid(ref: string): number {
  const pidFile = path.join(t.dataDir, 'projects', ref, 'pgdata', 'postmaster.pid')
  return Number(readFileSync(pidFile, 'utf8').split('\n')[0])
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('projects', () => {
  let project: ManagementProject

  it('lists the installed engines (15 and 17 at least)', async () => {
    const engines = await api.get<EngineInfo[]>('/platform/engines')
    expect(engines.body.map((e) => e.major)).toEqual(expect.arrayContaining([15, 17]))
  })

  it('creates a project that comes up and accepts the password over TCP', async () => {
    const created = await api.post<ManagementProject>('/v1/projects', {
      name: 'Shop',
      organization_slug: slug,
      db_pass: DB_PASS,
    })
    expect(created.status).toBe(201)
    project = created.body
    expect(project).toMatchObject({ name: 'Shop', status: 'COMING_UP', organization_slug: slug })
    expect(project.ref).toMatch(/^[a-z]{20}$/)
    expect(project.dbVersion).toMatch(/^pgfleet-postgres-17\.\d+/)
    expect(project.connectionString).toBe(
      `postgresql://postgres:[YOUR-PASSWORD]@127.0.0.1:${project.database.port}/postgres`,
    )

    await waitHealthy(project.ref)
    const client = await connect(project)
    const roles = await client.query<{ rolname: string }>(
      "select rolname from pg_roles where rolname in ('anon','authenticated','service_role','authenticator') order by 1",
    )
    expect(roles.rows.map((r) => r.rolname)).toEqual(['anon', 'authenticated', 'authenticator', 'service_role'])
    await client.query('create table items (id serial primary key, name text)')
    await client.query("insert into items (name) values ('kept')")
    await client.end()
    await expect(connect(project, 'wrong-password')).rejects.toThrow(/password authentication failed/)

    const detail = await api.get<Project>(`/v1/projects/${project.ref}`)
    expect(detail.body).toMatchObject({
      status: 'ACTIVE_HEALTHY',
      database: { host: '127.0.0.1', postgres_engine: '17' },
    })
    expect((await api.get<Project[]>('/v1/projects')).body.map((p) => p.ref)).toContain(project.ref)
  })

  it("names a project by its ref in the management API's id, and by its number in the dashboard's", async () => {
    // the hosted management API (and the tools built on it) gives the ref as `id`
    expect(project.id).toBe(project.ref)
    const listed = (await api.get<ManagementProject[]>('/v1/projects')).body.find((p) => p.ref === project.ref)
    expect(listed?.id).toBe(project.ref)
    expect((await api.get<ManagementProject>(`/v1/projects/${project.ref}`)).body.id).toBe(project.ref)
    const dashboard = (await api.get<Project>(`/platform/projects/${project.ref}`)).body
    expect(dashboard.id).toEqual(expect.any(Number))
    expect((await api.get<Project[]>('/platform/projects')).body.find((p) => p.ref === project.ref)?.id).toBe(
      dashboard.id,
    )
  })

  it('creates a project on Postgres 15 when asked', async () => {
    const created = await api.post<Project>('/v1/projects', {
      name: 'Legacy',
      organization_slug: slug,
      db_pass: DB_PASS,
      postgres_major: 15,
    })
    expect(created.status).toBe(201)
    await waitHealthy(created.body.ref)
    const client = await connect(created.body)
    const version = await client.query<{ server_version_num: string }>('show server_version_num')
    expect(version.rows[0]?.server_version_num.startsWith('15')).toBe(true)
    await client.end()
  })

  it('refuses a third active project on the free plan and lists the member over the limit', async () => {
    const third = await api.post<{ message: string }>('/v1/projects', {
      name: 'Third',
      organization_slug: slug,
      db_pass: DB_PASS,
    })
    expect(third.status).toBe(403)
    expect(third.body.message).toMatch(/free plan limit of 2 active projects/)
    const over = await api.get<FreeLimitMember[]>(`/platform/organizations/${slug}/members/reached-free-project-limit`)
    expect(over.body).toEqual([{ username: 'builder', primary_email: 'builder@example.com', free_project_limit: 2 }])
  })

  it('rejects bad input and changes nothing', async () => {
    const before = (await api.get<Project[]>('/v1/projects')).body.length
    expect(await setPlan(t, slug, 'pro')).toBe(200)
    const cases: [unknown, number, RegExp][] = [
      [{ name: '', organization_slug: slug, db_pass: DB_PASS }, 400, /Project name is required/],
      [{ name: 'x'.repeat(65), organization_slug: slug, db_pass: DB_PASS }, 400, /at most 64/],
      [
        { name: 'ok', organization_slug: slug, db_pass: DB_PASS, postgres_major: 11 },
        400,
        /Postgres 11 is not installed/,
      ],
      [{ name: 'ok', organization_slug: 'no-such-org', db_pass: DB_PASS }, 404, /not found/],
      [{ name: 'ok', db_pass: DB_PASS }, 400, /slug is required/],
    ]
    for (const [body, status, message] of cases) {
      const answer = await api.post<{ message: string }>('/v1/projects', body)
      expect(answer.status, JSON.stringify(body)).toBe(status)
      expect(answer.body.message).toMatch(message)
    }
    expect((await api.get<Project[]>('/v1/projects')).body.length).toBe(before)
    expect(await api.get('/v1/projects/not-a-ref')).toMatchObject({ status: 400 })
    expect(await api.get('/v1/projects/abcdefghijabcdefghij')).toMatchObject({ status: 404 })
  })

  it('hides projects from non-members', async () => {
    const stranger = new ApiClient(() => t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'stranger@example.com', password: 'stranger-pass' })
    expect((await stranger.get(`/v1/projects/${project.ref}`)).status).toBe(404)
    expect((await stranger.get<Project[]>('/v1/projects')).body).toEqual([])
  })

  it('restarts a postmaster that died on its own', async () => {
    const pid = postmasterPid(project.ref)
    process.kill(pid, 'SIGKILL')
    await waitFor(
      async () => postmasterPid(project.ref),
      (p) => p !== pid && alive(p),
      30_000,
      200,
    )
    await waitFor(
      () =>
        connect(project)
          .then(async (c) => {
            await c.end()
            return true
          })
          .catch(() => false),
      (ok) => ok,
      30_000,
      200,
    )
  })

  it('stops every postmaster on shutdown and brings running projects back on the next start', async () => {
    const pid = postmasterPid(project.ref)
    await t.stop()
    expect(alive(pid)).toBe(false)
    await t.restart()
    await waitHealthy(project.ref)
    const client = await connect(project)
    const rows = await client.query('select name from items')
    expect(rows.rows).toEqual([{ name: 'kept' }])
    await client.end()
  })
})
