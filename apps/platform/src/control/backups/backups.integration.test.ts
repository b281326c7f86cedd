import type { BackupSchedule, DownloadableBackupsResponse, ManagementBackupsResponse } from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RestTestProject, startRestTestProject } from '../../services/rest/testing'
import { ApiClient, waitFor } from '../../testing/harness'
import { pruneBackups } from './backup-job'
import { enqueueDueBackups } from './scheduler'

/**
 * Scheduled backups on a real project: the scheduler fires on a test clock, retention prunes rows and archives,
 * a backup put back in place holds exactly the rows it was taken with, and every route checks who asks.
 */
let p: RestTestProject
const base = () => `/platform/database/${p.ref}/backups`

beforeAll(async () => {
  p = await startRestTestProject()
  await p.sql('create table public.notes (id int primary key, body text)')
}, 120_000)

afterAll(async () => {
  await p?.destroy()
}, 60_000)

const list = async () => (await p.api.get<DownloadableBackupsResponse>(`${base()}/downloadable-backups`)).body.backups
const schedule = async () => (await p.api.get<BackupSchedule>(`${base()}/schedule`)).body

async function memberClient(role: 'Read-only' | 'Developer', email: string): Promise<ApiClient> {
  const member = new ApiClient(() => p.t.baseUrl)
  await member.post('/platform/auth/signup', { email, password: 'member-password' })
  const added = await p.api.post(`/platform/organizations/${p.slug}/members`, { email, role_name: role })
  if (added.status >= 300) throw new Error(`adding a member failed: ${JSON.stringify(added.body)}`)
  return member
}

describe('scheduled backups', () => {
  it('starts daily with the free plan retention, and fires on the scheduler clock once', async () => {
    const initial = await schedule()
    expect(initial).toMatchObject({
      interval_hours: 24,
      retention_days: 1,
      configured_retention_days: null,
      plan_retention_days: 1,
      last_backup_at: null,
      last_error: null,
      in_progress: false,
      backups_bytes: 0,
    })
    const next = new Date(initial.next_backup_at ?? '')
    const ctx = p.t.platform.ctx
    expect(await enqueueDueBackups(ctx, new Date(next.getTime() - 1000))).toEqual([])
    const later = new Date(next.getTime() + 1000)
    expect(await enqueueDueBackups(ctx, later)).toEqual([p.ref])
    // the same tick again (or a second instance) finds the project claimed
    expect(await enqueueDueBackups(ctx, later)).toEqual([])
    await waitFor(list, (backups) => backups.length === 1, 60_000, 200)
    const [backup] = await list()
    expect(backup).toMatchObject({ kind: 'scheduled', status: 'COMPLETED' })
    const after = await schedule()
    expect(after.backups_bytes).toBeGreaterThan(0)
    expect(after.last_backup_at).toBe(backup?.inserted_at)
    expect(new Date(after.next_backup_at ?? '').getTime()).toBe(
      new Date(backup?.inserted_at ?? '').getTime() + 24 * 3600_000,
    )
  }, 90_000)

  it('takes a backup on demand, refuses a second one while it runs, and answers the management API shape', async () => {
    expect((await p.api.post(base())).status).toBe(202)
    const second = await p.api.post<{ message: string }>(base())
    // the first may already be done on a fast machine
    if (second.status !== 202) expect(second.body.message).toBe('A backup of this project is already being taken')
    await waitFor(list, (backups) => backups.filter((b) => b.kind === 'manual').length >= 1, 60_000, 200)
    await waitFor(schedule, (s) => !s.in_progress, 60_000, 200)

    const management = await p.api.get<ManagementBackupsResponse>(`/v1/projects/${p.ref}/database/backups`)
    expect(management.status).toBe(200)
    expect(management.body.pitr_enabled).toBe(false)
    expect(management.body.walg_enabled).toBe(false)
    expect(management.body.backups.length).toBeGreaterThanOrEqual(2)
    for (const backup of management.body.backups) {
      expect(backup).toEqual({
        id: expect.any(Number),
        is_physical_backup: true,
        status: 'COMPLETED',
        inserted_at: expect.any(String),
      })
    }
    const times = management.body.backups.map((b) => Math.floor(new Date(b.inserted_at).getTime() / 1000))
    expect(management.body.physical_backup_data).toEqual({
      earliest_physical_backup_date_unix: Math.min(...times),
      latest_physical_backup_date_unix: Math.max(...times),
    })
  }, 90_000)

  it('prunes backups past the retention, rows and archives, keeping the newest', async () => {
    const ctx = p.t.platform.ctx
    const before = await list()
    const project = await ctx.db.selectFrom('projects').select('id').where('ref', '=', p.ref).executeTakeFirstOrThrow()
    const filesBefore = await ctx.driver.listBackups(p.ref)
    // two days on, the free plan's one-day retention lets every managed backup but the newest go
    const removed = await pruneBackups(ctx, project.id, p.ref, new Date(Date.now() + 2 * 24 * 3600_000))
    expect(removed).toBe(before.length - 1)
    const after = await list()
    expect(after.map((b) => b.id)).toEqual([before[0]?.id])
    expect((await ctx.driver.listBackups(p.ref)).length).toBe(filesBefore.length - removed)
  }, 30_000)

  it('validates the schedule and keeps what it saved', async () => {
    for (const body of [
      { interval_hours: 5, retention_days: null },
      { interval_hours: 24, retention_days: 0 },
      { interval_hours: 24, retention_days: 91 },
      { interval_hours: '24', retention_days: null },
      {},
    ]) {
      expect((await p.api.put(`${base()}/schedule`, body)).status, JSON.stringify(body)).toBe(400)
    }
    const saved = await p.api.put<BackupSchedule>(`${base()}/schedule`, { interval_hours: 6, retention_days: 3 })
    expect(saved.status).toBe(200)
    expect(saved.body).toMatchObject({ interval_hours: 6, retention_days: 3, configured_retention_days: 3 })
    expect(await schedule()).toMatchObject({ interval_hours: 6, retention_days: 3 })
  })
})

describe('restore in place', () => {
  it('puts a backup back: the rows written after it are gone, and the data API serves again', async () => {
    await p.sql("insert into public.notes values (1, 'before the backup')")
    expect((await p.api.post(base())).status).toBe(202)
    const previous = (await list()).length
    await waitFor(list, (backups) => backups.length > previous, 60_000, 200)
    await waitFor(schedule, (s) => !s.in_progress, 60_000, 200)
    const [newest] = await list()
    await p.sql("insert into public.notes values (2, 'after the backup')")

    const started = await p.api.post<{ status: string }>(`${base()}/restore-physical`, { id: newest?.id })
    expect(started.status).toBe(200)
    expect(started.body.status).toBe('RESTORING')
    await waitFor(
      () => p.api.get<{ status: string; status_error?: string | null }>(`/platform/projects/${p.ref}/status`),
      (answer) => answer.body.status === 'ACTIVE_HEALTHY',
      90_000,
      250,
    )
    expect(await p.sql('select id, body from public.notes order by id')).toEqual([{ id: 1, body: 'before the backup' }])
    const { data, error } = await p.client({ key: p.serviceKey }).from('notes').select('id')
    expect(error).toBeNull()
    expect(data).toEqual([{ id: 1 }])
  }, 150_000)
})

describe('who may do what', () => {
  it('lets Developers read but not manage backups, Read-only members neither, and strangers see nothing', async () => {
    const developer = await memberClient('Developer', 'dev@backups.test')
    const reader = await memberClient('Read-only', 'reader@backups.test')
    const stranger = new ApiClient(() => p.t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'stranger@backups.test', password: 'stranger-password' })
    const [backup] = await list()

    expect((await developer.get(`${base()}/schedule`)).status).toBe(200)
    expect((await developer.get(`/v1/projects/${p.ref}/database/backups`)).status).toBe(200)
    for (const [method, url, body] of [
      ['PUT', `${base()}/schedule`, { interval_hours: 24, retention_days: null }],
      ['POST', base(), {}],
      ['POST', `${base()}/restore-physical`, { id: backup?.id }],
      ['POST', `${base()}/restore-check`, {}],
    ] as const) {
      const answer = await developer.request<{ message: string }>(method, url, body)
      expect(answer.status, url).toBe(403)
      expect(answer.body.message).toBe('You need additional permissions to manage backups')
      expect((await reader.request(method, url, body)).status, url).toBe(403)
      expect((await stranger.request(method, url, body)).status, url).toBe(404)
    }
    expect((await reader.get(`${base()}/schedule`)).status).toBe(403)
    expect((await stranger.get(`/v1/projects/${p.ref}/database/backups`)).status).toBe(404)
  }, 60_000)

  it('refuses hostile backup ids', async () => {
    for (const id of ['abc', -1, 0, 2 ** 40]) {
      const answer = await p.api.post(`${base()}/restore-physical`, { id })
      expect([400, 404], String(id)).toContain(answer.status)
    }
    // ids past the database's integer range are bad input, not a server error, on every route taking a row id
    expect((await p.api.post(`${base()}/download`, { id: 2 ** 40 })).status).toBe(400)
    expect((await p.api.get(`${base()}/${2 ** 40}/file`)).status).toBe(400)
    expect((await p.api.delete(`/platform/profile/access-tokens/${2 ** 40}`)).status).toBe(400)
    expect((await p.api.delete(`/platform/organizations/${p.slug}/members/${2 ** 40}`)).status).toBe(400)
    // a backup of another project is not found here
    expect((await p.api.post(`${base()}/restore-physical`, { id: 999_999 })).status).toBe(404)
    expect((await p.api.get<{ status: string }>(`/platform/projects/${p.ref}/status`)).body.status).toBe(
      'ACTIVE_HEALTHY',
    )
  })
})

describe('restore check', () => {
  const check = async () => {
    const body = await waitFor(schedule, (s) => s.restore_check !== null && s.restore_check.ok !== null, 90_000, 250)
    return body.restore_check
  }

  it('restores the newest backup into a throwaway server and reads it, weekly and on demand', async () => {
    expect((await p.api.post(`${base()}/restore-check`)).status).toBe(202)
    const result = await check()
    expect(result?.ok, result?.detail ?? '').toBe(true)
    expect(result?.detail).toMatch(/Restored into a throwaway server in [\d.]+ s: \d+ tables, \d+ rows read/)
    // a week on, the scheduler checks again, once
    const ctx = p.t.platform.ctx
    const later = new Date(Date.now() + 8 * 24 * 3600_000)
    const { enqueueDueRestoreChecks } = await import('./scheduler')
    expect(await enqueueDueRestoreChecks(ctx, later)).toEqual([p.ref])
    expect(await enqueueDueRestoreChecks(ctx, later)).toEqual([])
    expect((await check())?.ok).toBe(true)
  }, 120_000)

  it('reports a corrupted archive instead of trusting it', async () => {
    const ctx = p.t.platform.ctx
    const project = await ctx.db.selectFrom('projects').select('id').where('ref', '=', p.ref).executeTakeFirstOrThrow()
    const newest = await ctx.db
      .selectFrom('backups')
      .select('file')
      .where('project_id', '=', project.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
    const { open } = await import('node:fs/promises')
    const handle = await open(newest.file, 'r+')
    const { size } = await handle.stat()
    await handle.write(Buffer.alloc(4096, 0x5a), 0, 4096, Math.floor(size / 2))
    await handle.close()
    expect((await p.api.post(`${base()}/restore-check`)).status).toBe(202)
    const result = await check()
    expect(result?.ok).toBe(false)
    expect(result?.detail).toBeTruthy()
  }, 120_000)
})
