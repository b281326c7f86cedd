import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Organization, Project, ProjectStatusResponse } from '@pgfleet/contracts'
import { removeProjectUsers } from '@pgfleet/engine'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChildPlatform, postmastersUnder } from '../testing/child-platform'
import { ApiClient, waitFor } from '../testing/harness'

// The platform runs as a child process here so it can be killed with SIGKILL in the middle of each operation.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-crash-'))
// the operator (an instance administrator) puts the organization on a paid plan, for its project limit
const OPERATOR = { email: 'operator@pgfleet.test', password: 'operator-password' }
const platform = new ChildPlatform(dataDir, {
  PGFLEET_ADMIN_EMAIL: OPERATOR.email,
  PGFLEET_ADMIN_PASSWORD: OPERATOR.password,
})
const api = new ApiClient(() => platform.baseUrl)
const DB_PASS = 'crash-db-password'
let slug = ''

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const statusOf = async (ref: string) => (await api.get<ProjectStatusResponse>(`/platform/projects/${ref}/status`)).body
const waitStatus = (ref: string, status: string) =>
  waitFor(
    () => statusOf(ref),
    (s) => s.status === status,
    90_000,
    200,
  )

async function query<T extends pg.QueryResultRow>(ref: string, sql: string): Promise<T[]> {
  const detail = (await api.get<Project>(`/v1/projects/${ref}`)).body
  const client = new pg.Client({
    host: '127.0.0.1',
    port: detail.database.port ?? 0,
    user: 'postgres',
    password: DB_PASS,
  })
  await client.connect()
  try {
    return (await client.query<T>(sql)).rows
  } finally {
    await client.end()
  }
}

/** Every postmaster under the data dir belongs to the control plane or to a project that should be running. */
async function expectNoOrphans() {
  const projects = (await api.get<Project[]>('/v1/projects')).body
  const running = projects.filter((p) => p.status === 'ACTIVE_HEALTHY').length
  await waitFor(
    async () => postmastersUnder(dataDir).length,
    (n) => n === running + 1,
    20_000,
    200,
  )
}

async function crashAndRestart(afterMs: number) {
  await sleep(afterMs)
  await platform.crash()
  await platform.start()
}

async function newProject(name: string): Promise<Project> {
  const created = await api.post<Project>('/v1/projects', { name, organization_slug: slug, db_pass: DB_PASS })
  expect(created.status).toBe(201)
  return created.body
}

beforeAll(async () => {
  await platform.start()
  await api.post('/platform/auth/signup', { email: 'crash@example.com', password: 'crash-password' })
  slug = (await api.get<Organization[]>('/platform/organizations')).body[0]?.slug ?? ''
  const operator = new ApiClient(() => platform.baseUrl)
  await operator.post('/platform/auth/login', { email: OPERATOR.email, password: OPERATOR.password })
  const plan = await operator.put(`/platform/organizations/${slug}/billing/subscription`, { plan: 'pro' })
  if (plan.status !== 200) throw new Error(`plan change: ${plan.status}`)
})
afterAll(async () => {
  await platform.stop()
  await removeProjectUsers(path.join(dataDir, 'projects'))
  rmSync(dataDir, { recursive: true, force: true })
})

describe('kill -9 of the platform during each operation', () => {
  let project: Project

  it('create: the project still comes up with the chosen password', async () => {
    project = await newProject('crash-create')
    await crashAndRestart(700)
    await waitStatus(project.ref, 'ACTIVE_HEALTHY')
    await query(project.ref, "create table t (v text); insert into t values ('written before')")
    await expectNoOrphans()
  })

  it('pause: ends paused, server stopped, data kept', async () => {
    await api.post(`/v1/projects/${project.ref}/pause`)
    await crashAndRestart(400)
    await waitStatus(project.ref, 'INACTIVE')
    await expectNoOrphans()
  })

  it('restore: ends running with the data', async () => {
    await api.post(`/platform/projects/${project.ref}/restore`, {})
    await crashAndRestart(300)
    await waitStatus(project.ref, 'ACTIVE_HEALTHY')
    expect(await query(project.ref, 'select v from t')).toEqual([{ v: 'written before' }])
    await expectNoOrphans()
  })

  it('restart: ends running', async () => {
    await api.post(`/v1/projects/${project.ref}/restart`)
    await crashAndRestart(300)
    await waitStatus(project.ref, 'ACTIVE_HEALTHY')
    expect(await query(project.ref, 'select v from t')).toEqual([{ v: 'written before' }])
    await expectNoOrphans()
  })

  it('resize: ends running on the new size', async () => {
    await api.post(`/v1/projects/${project.ref}/resize`, { compute_size: 'nano' })
    await crashAndRestart(300)
    await waitStatus(project.ref, 'ACTIVE_HEALTHY')
    expect((await api.get<Project>(`/v1/projects/${project.ref}`)).body.compute_size).toBe('nano')
    expect(await query(project.ref, 'show max_connections')).toEqual([{ max_connections: '40' }])
    await expectNoOrphans()
  })

  it('delete: ends deleted, nothing left on disk', async () => {
    await api.delete(`/v1/projects/${project.ref}`)
    await crashAndRestart(200)
    await waitFor(
      () => api.get(`/v1/projects/${project.ref}`),
      (r) => r.status === 404,
      90_000,
      200,
    )
    expect(existsSync(path.join(dataDir, 'projects', project.ref))).toBe(false)
    await expectNoOrphans()
  })

  it('a crash with running projects leaves none orphaned after the next start', async () => {
    const a = await newProject('survivor')
    await waitStatus(a.ref, 'ACTIVE_HEALTHY')
    await crashAndRestart(0)
    await waitStatus(a.ref, 'ACTIVE_HEALTHY')
    await expectNoOrphans()
  })

  it('Ctrl+C stops every Postgres process it started', async () => {
    await platform.stop()
    expect(postmastersUnder(dataDir)).toEqual([])
    await platform.start()
  })
})
