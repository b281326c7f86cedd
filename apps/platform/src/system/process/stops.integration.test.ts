import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Organization, Project, ProjectStatusResponse } from '@pgfleet/contracts'
import { removeProjectUsers } from '@pgfleet/engine'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ChildPlatform, processesUnder, processGroupAlive } from '../../testing/child-platform'
import { ApiClient, waitFor } from '../../testing/harness'
import { ALREADY_RUNNING_MESSAGE } from './instance-lock'

/**
 * The platform started as `npm start` does, in a process group of its own as under a service manager, with a
 * running project: every way of stopping it ends in the same orderly shutdown, with no process left behind; and a
 * second start on the same data directory changes nothing.
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-stops-'))
const env = { PGFLEET_PORT_RANGE: testPortRangeSetting(100) }
const platform = new ChildPlatform(dataDir, env, { viaStartScript: true })
const api = new ApiClient(() => platform.baseUrl)
let project: Project

async function healthy(): Promise<void> {
  await waitFor(
    async () => (await api.get<ProjectStatusResponse>(`/platform/projects/${project.ref}/status`)).body.status,
    (status) => status === 'ACTIVE_HEALTHY',
    60_000,
  )
}

beforeAll(async () => {
  await platform.start()
  await api.post('/platform/auth/signup', { email: 'stops@example.com', password: 'stops-password' })
  const slug = (await api.get<Organization[]>('/platform/organizations')).body[0]?.slug
  project = (await api.post<Project>('/v1/projects', { name: 'Stops', organization_slug: slug, db_pass: 'stops-db' }))
    .body
  await healthy()
}, 120_000)

afterAll(async () => {
  // best-effort cleanup: the tests stop it themselves, so it is usually gone already
  await platform.stopWith(['SIGKILL'], 'group').catch(() => {})
  await removeProjectUsers(path.join(dataDir, 'projects'))
  rmSync(dataDir, { recursive: true, force: true })
})

describe('one instance per data directory', () => {
  it('refuses a second start at once, which leaves the first running', async () => {
    const second = await new ChildPlatform(dataDir, env).run()
    expect(second.code).not.toBe(0)
    expect(second.output).toContain(ALREADY_RUNNING_MESSAGE(Number(second.output.match(/pid (\d+)/)?.[1])))
    expect(second.output).toMatch(/pgfleet is already running with this data directory \(pid \d+\)/)
    expect((await api.get('/platform/profile')).status).toBe(200)
    await healthy()
    const [row] = (await api.get<Project[]>('/v1/projects')).body
    expect(row?.status).toBe('ACTIVE_HEALTHY')
  })
})

describe('stops from any supervisor', () => {
  const variants: { name: string; signals: NodeJS.Signals[]; target: 'process' | 'group' }[] = [
    { name: 'SIGTERM to the process', signals: ['SIGTERM'], target: 'process' },
    { name: 'SIGINT to the process', signals: ['SIGINT'], target: 'process' },
    { name: 'SIGTERM to the process group', signals: ['SIGTERM'], target: 'group' },
    { name: 'SIGINT to the process group', signals: ['SIGINT'], target: 'group' },
    { name: 'SIGTERM to the group, three times', signals: ['SIGTERM', 'SIGTERM', 'SIGTERM'], target: 'group' },
    { name: 'SIGINT then SIGTERM to the process', signals: ['SIGINT', 'SIGTERM'], target: 'process' },
  ]

  it.each(variants)('$name: stops everything, then exits 0', { timeout: 90_000 }, async ({ signals, target }) => {
    if (platform.pid === undefined || !processGroupAlive(platform.pid)) {
      await platform.start()
      await healthy()
    }
    const pgid = platform.pid ?? 0
    expect(processesUnder(dataDir).length).toBeGreaterThanOrEqual(2) // the control plane and the project
    const code = await platform.stopWith(signals, target)
    expect(code).toBe(0)
    await waitFor(
      async () => ({ group: processGroupAlive(pgid), left: processesUnder(dataDir) }),
      (state) => !state.group && state.left.length === 0,
      10_000,
    )
    expect(platform.logs).not.toMatch(/failed|did not finish/i)
  })
})
