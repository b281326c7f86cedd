import type { ManagementBackupsResponse, PitrStatus } from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RestTestProject, startRestTestProject } from '../../services/rest/testing'
import { ApiClient, setPlan, waitFor } from '../../testing/harness'

/**
 * Point-in-time recovery on a real project: the add-on turns WAL archiving on (a restart and a first base
 * backup), and a restore to an instant between two inserts keeps exactly the first, also on the timeline a
 * previous recovery started.
 */
let p: RestTestProject
const pitr = () => p.api.get<PitrStatus>(`/platform/database/${p.ref}/backups/pitr`)
const status = async () => (await p.api.get<{ status: string }>(`/platform/projects/${p.ref}/status`)).body.status
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A whole second strictly after the last write and before the next one. */
async function instantBetweenWrites(): Promise<number> {
  await sleep(1000 - (Date.now() % 1000) + 300)
  const target = Math.floor(Date.now() / 1000)
  await sleep(1300)
  return target
}

async function restoreTo(target: number) {
  const answer = await p.api.post<{ status: string }>(`/v1/projects/${p.ref}/database/backups/restore-pitr`, {
    recovery_time_target_unix: target,
  })
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  expect(answer.body.status).toBe('RESTORING')
  await waitFor(status, (s) => s === 'ACTIVE_HEALTHY', 120_000, 250)
}

beforeAll(async () => {
  p = await startRestTestProject()
  await p.sql('create table public.events (id int primary key)')
}, 120_000)

afterAll(async () => {
  await p?.destroy()
}, 60_000)

describe('point-in-time recovery', () => {
  it('needs a paid plan and the Owner, who turns it on: archiving starts and a first base backup opens the window', async () => {
    const free = await p.api.put<{ message: string }>(`/platform/projects/${p.ref}/addons/pitr`, { retention_days: 7 })
    expect(free.status).toBe(400)
    expect(free.body.message).toBe('Point-in-time recovery needs a paid plan')
    expect(await setPlan(p.t, p.slug, 'pro')).toBe(200)

    const admin = new ApiClient(() => p.t.baseUrl)
    await admin.post('/platform/auth/signup', { email: 'admin@pitr.test', password: 'admin-password' })
    await p.api.post(`/platform/organizations/${p.slug}/members`, {
      email: 'admin@pitr.test',
      role_name: 'Administrator',
    })
    const denied = await admin.put<{ message: string }>(`/platform/projects/${p.ref}/addons/pitr`, {
      retention_days: 7,
    })
    expect(denied.status).toBe(403)
    expect(denied.body.message).toBe('You need additional permissions to amend subscriptions')
    for (const retention_days of [5, 0, '7', -7]) {
      expect((await p.api.put(`/platform/projects/${p.ref}/addons/pitr`, { retention_days })).status).toBe(400)
    }

    const enabled = await p.api.put<{ status: string }>(`/platform/projects/${p.ref}/addons/pitr`, {
      retention_days: 7,
    })
    expect(enabled.status).toBe(200)
    expect(enabled.body.status).toBe('RESTARTING')
    await waitFor(status, (s) => s === 'ACTIVE_HEALTHY', 60_000, 200)
    const { body } = await waitFor(pitr, (answer) => answer.body.earliest_recovery_time !== null, 60_000, 250)
    expect(body).toMatchObject({ enabled: true, retention_days: 7 })
    expect(body.archived_wal_bytes).toBeGreaterThan(0)
    const management = await p.api.get<ManagementBackupsResponse>(`/v1/projects/${p.ref}/database/backups`)
    expect(management.body).toMatchObject({ pitr_enabled: true, walg_enabled: true })
  }, 150_000)

  it('restores to an instant between two inserts, keeping exactly the first', async () => {
    await sleep(1100) // the base backup's end lies before the target
    await p.sql('insert into public.events values (1)')
    const target = await instantBetweenWrites()
    await p.sql('insert into public.events values (2)')
    await restoreTo(target)
    expect(await p.sql('select id from public.events order by id')).toEqual([{ id: 1 }])
    // the data API serves the recovered data
    const { data } = await p.client({ key: p.serviceKey }).from('events').select('id')
    expect(data).toEqual([{ id: 1 }])
  }, 180_000)

  it('recovers again along the new timeline', async () => {
    await p.sql('insert into public.events values (3)')
    const target = await instantBetweenWrites()
    await p.sql('insert into public.events values (4)')
    await restoreTo(target)
    expect(await p.sql('select id from public.events order by id')).toEqual([{ id: 1 }, { id: 3 }])
  }, 180_000)

  it('refuses instants outside the window and malformed ones', async () => {
    const url = `/v1/projects/${p.ref}/database/backups/restore-pitr`
    const window = (await pitr()).body
    const earliest = Math.floor(new Date(window.earliest_recovery_time ?? '').getTime() / 1000)
    for (const recovery_time_target_unix of [
      Math.floor(Date.now() / 1000) + 3600,
      earliest - 60,
      1.5,
      '1700000000',
      -1,
    ]) {
      const answer = await p.api.post(url, { recovery_time_target_unix })
      expect(answer.status, String(recovery_time_target_unix)).toBe(400)
    }
    expect(await status()).toBe('ACTIVE_HEALTHY')
  })
})
