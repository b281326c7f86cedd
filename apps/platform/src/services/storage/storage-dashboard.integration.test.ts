import { execFileSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import {
  BUCKET_NAME_RULE,
  BUCKET_NOT_EMPTY_MESSAGE,
  type Bucket,
  type ProjectStatusResponse,
  STORAGE_ARCHIVE_DENIED,
  STORAGE_ARCHIVE_NOT_FOUND,
  STORAGE_WRITE_DENIED,
  type StorageArchiveResponse,
} from '@pgfleet/contracts'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ProjectFixture, startProjectFixture } from '../../control/pg-meta/testing'
import { type ApiClient, waitFor } from '../../testing/harness'

/** The dashboard's storage API: buckets, permissions, the archive, and what pause and delete do to the bytes. */
let f: ProjectFixture
let readOnly: ApiClient
let developer: ApiClient
let ref = ''
let serviceKey = ''
let storageDir = ''

beforeAll(async () => {
  f = await startProjectFixture({ PGFLEET_PORT_RANGE: testPortRangeSetting() })
  ref = f.project.ref
  readOnly = await f.member('Read-only')
  developer = await f.member('Developer')
  const keys = await f.owner.get<{ name: string; api_key: string }[]>(`/v1/projects/${ref}/api-keys`)
  serviceKey = keys.body.find((key) => key.name === 'service_role')?.api_key ?? ''
  storageDir = path.join(f.t.dataDir, 'storage', ref)
})
afterAll(async () => {
  await f?.t.destroy()
})

const bucketsUrl = () => `/platform/storage/${ref}/buckets`

async function upload(bucket: string, name: string, body: string) {
  const response = await fetch(`${f.t.baseUrl}/p/${ref}/storage/v1/object/${bucket}/${name}`, {
    method: 'POST',
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'text/plain' },
    body,
  })
  expect(response.status, await response.clone().text()).toBe(200)
}

describe('buckets from the dashboard', () => {
  it('lists no bucket at first, then creates, edits and refuses bad input', async () => {
    expect((await f.owner.get<Bucket[]>(bucketsUrl())).body).toEqual([])
    const created = await f.owner.post<Bucket>(bucketsUrl(), {
      name: 'avatars',
      public: true,
      allowed_mime_types: ['image/*', 'text/plain'],
      file_size_limit: 1_000_000,
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      id: 'avatars',
      name: 'avatars',
      owner: null,
      public: true,
      allowed_mime_types: ['image/*', 'text/plain'],
      file_size_limit: 1_000_000,
    })
    const edited = await f.owner.patch<Bucket>(`${bucketsUrl()}/avatars`, { public: false, file_size_limit: null })
    expect(edited.body).toMatchObject({
      public: false,
      file_size_limit: null,
      allowed_mime_types: ['image/*', 'text/plain'],
    })

    expect((await f.owner.post(bucketsUrl(), { name: 'avatars' })).body).toEqual({
      message: 'The resource already exists',
    })
    expect((await f.owner.post(bucketsUrl(), { name: 'no/slash' })).body).toEqual({ message: BUCKET_NAME_RULE })
    const tooBig = await f.owner.post<{ message: string }>(bucketsUrl(), { name: 'big', file_size_limit: 10 ** 12 })
    expect(tooBig.status).toBe(400)
    expect(tooBig.body.message).toContain("the platform's maximum upload size")
    const missing = await f.owner.patch(`${bucketsUrl()}/nope`, { public: true })
    expect(missing).toMatchObject({ status: 404, body: { message: 'Bucket nope not found' } })
  })

  it('lets every member read, and only developers and up change buckets or archive objects', async () => {
    expect((await readOnly.get<Bucket[]>(bucketsUrl())).body.map((b) => b.name)).toEqual(['avatars'])
    const refused = await readOnly.post(bucketsUrl(), { name: 'mine' })
    expect(refused).toMatchObject({ status: 403, body: { message: STORAGE_WRITE_DENIED } })
    expect((await readOnly.delete(`${bucketsUrl()}/avatars`)).status).toBe(403)
    expect((await readOnly.post(`/platform/storage/${ref}/archive`)).body).toEqual({ message: STORAGE_ARCHIVE_DENIED })
    expect((await developer.post(bucketsUrl(), { name: 'dev-bucket' })).status).toBe(201)
    expect((await developer.delete(`${bucketsUrl()}/dev-bucket`)).status).toBe(200)
  })

  it('refuses to delete a bucket that holds objects until it is emptied', async () => {
    await upload('avatars', 'people/ann.txt', 'ann')
    expect(existsSync(path.join(storageDir, 'avatars/people/ann.txt'))).toBe(true)
    const refused = await f.owner.delete(`${bucketsUrl()}/avatars`)
    expect(refused).toMatchObject({ status: 409, body: { message: BUCKET_NOT_EMPTY_MESSAGE } })
    expect((await f.owner.post(`${bucketsUrl()}/avatars/empty`)).status).toBe(200)
    expect(existsSync(path.join(storageDir, 'avatars/people'))).toBe(false)
    expect((await f.owner.delete(`${bucketsUrl()}/avatars`)).status).toBe(200)
    expect(existsSync(path.join(storageDir, 'avatars'))).toBe(false)
  })
})

describe('storage archive', () => {
  const archiveUrl = () => `/platform/storage/${ref}/archive`

  it('answers not found, builds the archive as a job, and serves it as an attachment', async () => {
    expect((await f.owner.get(archiveUrl())).body).toEqual({ message: STORAGE_ARCHIVE_NOT_FOUND })
    await f.owner.post(bucketsUrl(), { name: 'files' })
    await upload('files', 'docs/readme.txt', 'read me')
    expect((await f.owner.post(archiveUrl())).status).toBe(202)
    const ready = await waitFor(
      () => f.owner.get<StorageArchiveResponse>(archiveUrl()),
      (answer) => answer.status === 200,
      30_000,
      250,
    )
    const file = await fetch(ready.body.fileUrl, { headers: { authorization: `Bearer ${await tokenOf(f.owner)}` } })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="${ref}-storage.tar.gz"`)
    const local = path.join(f.t.dataDir, 'downloaded.tar.gz')
    writeFileSync(local, Buffer.from(await file.arrayBuffer()))
    const members = execFileSync('tar', ['-tzf', local], { encoding: 'utf8' }).split('\n')
    expect(members).toContain('./files/docs/readme.txt')
    expect(members.some((member) => member.includes('.tmp'))).toBe(false)
  })
})

async function tokenOf(client: ApiClient): Promise<string> {
  const created = await client.post<{ token: string }>('/platform/profile/access-tokens', { name: 'archive' })
  return created.body.token
}

describe('pause and delete', () => {
  it('keeps the bytes while paused (buckets answer a clear 409), and removes them with the project', async () => {
    expect((await f.owner.post(`/platform/projects/${ref}/pause`)).status).toBeLessThan(300)
    await waitFor(
      () => f.owner.get<ProjectStatusResponse>(`/platform/projects/${ref}/status`),
      (s) => s.body.status === 'INACTIVE',
      90_000,
      250,
    )
    const paused = await f.owner.get<{ message: string }>(bucketsUrl())
    expect(paused.status).toBe(409)
    expect(paused.body.message).toContain('unavailable while the project is not running (status INACTIVE)')
    expect(existsSync(path.join(storageDir, 'files/docs/readme.txt'))).toBe(true)

    // a paused project's objects can still be archived: the archive reads the files, not the database
    await f.owner.post(`/platform/storage/${ref}/archive`)
    await waitFor(
      () => f.owner.get(`/platform/storage/${ref}/archive`),
      (answer) => answer.status === 200,
      30_000,
      250,
    )

    expect((await f.owner.delete(`/platform/projects/${ref}`)).status).toBeLessThan(300)
    await waitFor(
      () => f.owner.get(`/platform/projects/${ref}/status`),
      (answer) => answer.status === 404,
      90_000,
      250,
    )
    expect(existsSync(storageDir)).toBe(false)
    expect(existsSync(path.join(f.t.dataDir, 'storage-archives', ref))).toBe(false)
  })
})
