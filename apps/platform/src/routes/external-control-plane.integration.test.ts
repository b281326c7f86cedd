import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Organization, Project, ProjectStatusResponse } from '@pgfleet/contracts'
import {
  allocatePort,
  type ClusterSpec,
  discoverEngines,
  initCluster,
  resolveRunAs,
  startCluster,
  stopCluster,
} from '@pgfleet/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, startTestPlatform, type TestPlatform, waitFor } from '../testing/harness'

// DATABASE_URL points the control plane at an existing Postgres instead of the embedded cluster.
const root = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-external-'))
let spec: ClusterSpec
let t: TestPlatform | undefined

beforeAll(async () => {
  const runAs = await resolveRunAs()
  if (runAs) {
    const { chmod } = await import('node:fs/promises')
    await chmod(root, 0o711)
  }
  const engines = await discoverEngines()
  const engine = engines[engines.length - 1]
  if (!engine) throw new Error('no engine')
  const port = await allocatePort({ from: 58000, to: 58999 }, new Set())
  spec = {
    dataDir: path.join(root, 'external', 'pgdata'),
    socketDir: path.join(root, 'external', 'run'),
    port,
    listenAddress: '127.0.0.1',
    engine,
    runAs,
  }
  await initCluster(spec, { superuser: 'postgres', superuserPassword: 'external-secret' })
  await startCluster(spec, { timeoutMs: 30_000 })
  t = await startTestPlatform({ DATABASE_URL: `postgres://postgres:external-secret@127.0.0.1:${port}/postgres` })
})
afterAll(async () => {
  await t?.destroy()
  if (spec) await stopCluster(spec, 'fast')
  rmSync(root, { recursive: true, force: true })
})

describe('external control-plane database (DATABASE_URL)', () => {
  it('keeps accounts and projects there and starts no embedded cluster', async () => {
    if (!t) throw new Error('platform not started')
    const platform = t
    expect(existsSync(path.join(platform.dataDir, 'control', 'pgdata'))).toBe(false)
    const api = new ApiClient(() => platform.baseUrl)
    expect(
      (await api.post('/platform/auth/signup', { email: 'ext@example.com', password: 'external-pass' })).status,
    ).toBe(201)
    const slug = (await api.get<Organization[]>('/platform/organizations')).body[0]?.slug
    const project = (
      await api.post<Project>('/v1/projects', { name: 'ext', organization_slug: slug, db_pass: 'external-db-pass' })
    ).body
    await waitFor(
      async () => (await api.get<ProjectStatusResponse>(`/platform/projects/${project.ref}/status`)).body,
      (s) => s.status === 'ACTIVE_HEALTHY',
      60_000,
    )
  })
})
