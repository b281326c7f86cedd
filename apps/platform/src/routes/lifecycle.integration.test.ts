import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type {
  DownloadableBackupsResponse,
  Organization,
  PauseStatus,
  Project,
  ProjectStatusResponse,
  RestoreVersionsResponse,
} from '@pgfleet/contracts'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, startTestPlatform, type TestPlatform, waitFor } from '../testing/harness'

let t: TestPlatform
const owner = new ApiClient(() => t.baseUrl)
const readOnly = new ApiClient(() => t.baseUrl)
let slug = ''
let project: Project
const DB_PASS = 'lifecycle-db-password'

const statusOf = async (ref: string) =>
  (await owner.get<ProjectStatusResponse>(`/platform/projects/${ref}/status`)).body
const waitStatus = (ref: string, status: string) =>
  waitFor(
    () => statusOf(ref),
    (s) => s.status === status,
    60_000,
  )

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const detail = (await owner.get<Project>(`/v1/projects/${project.ref}`)).body
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

beforeAll(async () => {
  t = await startTestPlatform()
  await owner.post('/platform/auth/signup', { email: 'owner@life.test', password: 'owner-password' })
  slug = (await owner.get<Organization[]>('/platform/organizations')).body[0]?.slug ?? ''
  await owner.post(`/platform/organizations/${slug}/members`, { email: 'viewer@life.test', role_name: 'Read-only' })
  await readOnly.post('/platform/auth/signup', { email: 'viewer@life.test', password: 'viewer-password' })
  project = (await owner.post<Project>('/v1/projects', { name: 'Life', organization_slug: slug, db_pass: DB_PASS }))
    .body
  await waitStatus(project.ref, 'ACTIVE_HEALTHY')
  await query('create table notes (id int primary key, body text); insert into notes values (1, $$before pause$$)')
})
afterAll(async () => {
  await t?.destroy()
})

describe('project lifecycle', () => {
  it('refuses operations without permission, on the server', async () => {
    expect((await readOnly.post(`/v1/projects/${project.ref}/pause`)).status).toBe(403)
    expect((await readOnly.post(`/v1/projects/${project.ref}/restart`)).status).toBe(403)
    expect(await readOnly.delete(`/v1/projects/${project.ref}`)).toMatchObject({
      status: 403,
      body: { message: 'You do not have the required permissions to delete this project' },
    })
    expect((await readOnly.get(`/platform/database/${project.ref}/backups/downloadable-backups`)).status).toBe(403)
  })

  it('restarts', async () => {
    const answer = await owner.post<Project>(`/v1/projects/${project.ref}/restart`)
    expect(answer.body.status).toBe('RESTARTING')
    await waitStatus(project.ref, 'ACTIVE_HEALTHY')
    expect(await query('select body from notes')).toEqual([{ body: 'before pause' }])
  })

  it('resizes: new settings, applied by a restart', async () => {
    expect((await owner.post(`/v1/projects/${project.ref}/resize`, { compute_size: 'huge' })).status).toBe(400)
    const answer = await owner.post<Project>(`/v1/projects/${project.ref}/resize`, { compute_size: 'small' })
    expect(answer.body.status).toBe('RESIZING')
    await waitStatus(project.ref, 'ACTIVE_HEALTHY')
    expect((await owner.get<Project>(`/v1/projects/${project.ref}`)).body.compute_size).toBe('small')
    expect(await query('show shared_buffers')).toEqual([{ shared_buffers: '128MB' }])
    expect(await query('show max_connections')).toEqual([{ max_connections: '90' }])
  })

  it('pauses: server stopped, port released, a downloadable backup recorded', async () => {
    const port = project.database.port
    const answer = await owner.post<Project>(`/v1/projects/${project.ref}/pause`)
    expect(answer.body.status).toBe('PAUSING')
    expect((await owner.post(`/v1/projects/${project.ref}/restart`)).status).toBe(409)
    await waitStatus(project.ref, 'INACTIVE')
    const detail = (await owner.get<Project>(`/v1/projects/${project.ref}`)).body
    expect(detail.database.port).toBeNull()
    // no port, no connection string: never one that points at a port the project does not have
    expect(detail.connectionString).toBeNull()
    await expect(
      new pg.Client({ host: '127.0.0.1', port: port ?? 0, user: 'postgres', password: DB_PASS }).connect(),
    ).rejects.toThrow()

    const status = (await owner.get<PauseStatus>(`/platform/projects/${project.ref}/pause/status`)).body
    expect(status).toMatchObject({
      max_days_till_restore_disabled: 90,
      remaining_days_till_restore_disabled: 90,
      can_restore: true,
    })
    const backups = (
      await owner.get<DownloadableBackupsResponse>(`/platform/database/${project.ref}/backups/downloadable-backups`)
    ).body.backups
    expect(backups).toHaveLength(1)
    expect(status.latest_downloadable_backup_id).toBe(backups[0]?.id)
  })

  it('lists the versions it can restore onto and validates the choice', async () => {
    const versions = (await owner.get<RestoreVersionsResponse>(`/platform/projects/${project.ref}/restore/versions`))
      .body
    expect(versions.available_versions).toEqual([
      expect.objectContaining({ postgres_engine: '17', release_channel: 'ga' }),
    ])
    expect(
      await owner.post(`/platform/projects/${project.ref}/restore`, { postgres_engine: '15', release_channel: 'ga' }),
    ).toMatchObject({
      status: 400,
    })
    expect(await readOnly.post(`/platform/projects/${project.ref}/restore`, {})).toMatchObject({
      status: 403,
      body: { message: 'You do not have the required permissions to restore this project' },
    })
  })

  it('restores the same data on the same port', async () => {
    const answer = await owner.post<Project>(`/platform/projects/${project.ref}/restore`, {
      postgres_engine: '17',
      release_channel: 'ga',
    })
    expect(answer.body.status).toBe('RESTORING')
    await waitStatus(project.ref, 'ACTIVE_HEALTHY')
    const detail = (await owner.get<Project>(`/v1/projects/${project.ref}`)).body
    expect(detail.database.port).toBe(project.database.port)
    expect(await query('select body from notes')).toEqual([{ body: 'before pause' }])
  })

  it('deletes: server, data, backups and the row are gone', async () => {
    const projectDir = path.join(t.dataDir, 'projects', project.ref)
    const answer = await owner.delete<Project>(`/platform/projects/${project.ref}`)
    expect(answer.body.status).toBe('GOING_DOWN')
    await waitFor(
      () => owner.get(`/v1/projects/${project.ref}`),
      (r) => r.status === 404,
      60_000,
    )
    expect(() => execFileSync('ls', [projectDir], { stdio: 'pipe' })).toThrow()
    expect((await owner.get<Project[]>('/v1/projects')).body).toEqual([])
  })

  it('stores exit feedback, naming only what the caller belongs to', async () => {
    const sent = await owner.post('/platform/feedback/exit', {
      project_ref: project.ref,
      organization_slug: slug,
      message: 'bye',
      reasons: ['Too expensive'],
      exitAction: 'delete',
    })
    expect(sent.status).toBe(201)
    expect((await owner.post('/platform/feedback/exit', { message: 'x', exitAction: 'archive' })).status).toBe(400)

    // someone outside the organization names it, or one of its live projects
    const stranger = new ApiClient(() => t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'stranger@example.com', password: 'stranger-password' })
    const live = (
      await owner.post<Project>('/v1/projects', { name: 'Live', organization_slug: slug, db_pass: DB_PASS })
    ).body
    const forged = [
      { organization_slug: slug },
      { project_ref: live.ref },
      { project_ref: project.ref },
      {
        project_ref: live.ref,
        organization_slug: (await stranger.get<{ slug: string }[]>('/platform/organizations')).body[0]?.slug,
      },
    ]
    for (const target of forged) {
      const answer = await stranger.post('/platform/feedback/exit', { ...target, message: 'x', exitAction: 'delete' })
      expect({ target, status: answer.status }).toEqual({ target, status: 404 })
    }
    const stored = await t.platform.ctx.db.selectFrom('exit_feedback').select('message').execute()
    expect(stored.map((row) => row.message)).toEqual(['bye'])
    await owner.delete(`/v1/projects/${live.ref}`)
  })
})

describe('manual restore of a downloaded backup (docs/operations.md)', () => {
  it('extracts into a data directory that Postgres starts from; a forged stored path is never served', async () => {
    const work = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-manual-restore-'))
    try {
      const other = (
        await owner.post<Project>('/v1/projects', { name: 'Manual', organization_slug: slug, db_pass: DB_PASS })
      ).body
      await waitStatus(other.ref, 'ACTIVE_HEALTHY')
      await owner.post(`/v1/projects/${other.ref}/pause`)
      await waitStatus(other.ref, 'INACTIVE')
      const id = (await owner.get<PauseStatus>(`/platform/projects/${other.ref}/pause/status`)).body
        .latest_downloadable_backup_id
      const { body } = await owner.post<{ fileUrl: string }>(`/platform/database/${other.ref}/backups/download`, { id })
      const cookie = (owner as unknown as { cookies: Map<string, string> }).cookies
      const response = await fetch(body.fileUrl, {
        headers: { cookie: [...cookie].map(([k, v]) => `${k}=${v}`).join('; ') },
      })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-disposition')).toMatch(/attachment; filename=".*\.tar\.(zst|gz)"/)
      const name = /filename="(.*)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? ''
      const archive = path.join(work, name)
      writeFileSync(archive, Buffer.from(await response.arrayBuffer()))
      const decompress = name.endsWith('.zst') ? ['--use-compress-program=zstd -d'] : ['-z']
      const listing = execFileSync('tar', ['-tf', archive, ...decompress], { encoding: 'utf8' })
      expect(listing).toMatch(/PG_VERSION/)
      expect(listing).not.toMatch(/postmaster\.pid/)

      // a forged control-plane row names a system file, or another project's archive: neither is served
      const original = await t.platform.ctx.db
        .selectFrom('backups')
        .select('file')
        .where('id', '=', Number(id))
        .executeTakeFirstOrThrow()
      const elsewhere = path.join(
        t.dataDir,
        'projects',
        project.ref,
        'backups',
        path.basename(original.file).replace(other.ref, project.ref),
      )
      for (const forged of ['/etc/shadow', '../../../../etc/shadow', elsewhere]) {
        await t.platform.ctx.db.updateTable('backups').set({ file: forged }).where('id', '=', Number(id)).execute()
        const refused = await fetch(body.fileUrl, {
          headers: { cookie: [...cookie].map(([k, v]) => `${k}=${v}`).join('; ') },
        })
        expect({ forged, status: refused.status }).toEqual({ forged, status: 404 })
      }
      await t.platform.ctx.db.updateTable('backups').set({ file: original.file }).where('id', '=', Number(id)).execute()
    } finally {
      rmSync(work, { recursive: true, force: true })
    }
  })
})
