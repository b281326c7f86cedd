import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import {
  type ListObjectsResponse,
  type SignedUrlResponse,
  STORAGE_OBJECT_WRITE_DENIED,
  type UploadObjectResponse,
} from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ProjectFixture, startProjectFixture } from '../pg-meta/testing'
import { ApiClient } from '../testing/harness'

/** The storage browser's routes: listing with pages, writes, URLs, permissions and hostile object names. */
let f: ProjectFixture
let readOnly: ApiClient
let ref = ''
let storageDir = ''

beforeAll(async () => {
  f = await startProjectFixture({ PGFLEET_PORT_RANGE: '56250-56299' })
  ref = f.project.ref
  readOnly = await f.member('Read-only')
  storageDir = path.join(f.t.dataDir, 'storage', ref)
  expect((await f.owner.post(`/platform/storage/${ref}/buckets`, { name: 'docs' })).status).toBe(201)
  const media = await f.owner.post(`/platform/storage/${ref}/buckets`, {
    name: 'media',
    public: true,
    allowed_mime_types: ['image/*', 'text/plain'],
    file_size_limit: 1000,
  })
  expect(media.status).toBe(201)
})
afterAll(async () => {
  await f?.t.destroy()
})

const objectsUrl = (bucket: string, action: string) => `/platform/storage/${ref}/buckets/${bucket}/objects/${action}`

async function upload(
  client: ApiClient,
  bucket: string,
  name: string,
  bytes: string,
  contentType = 'text/plain',
  upsert = false,
) {
  const response = await client.fetch(
    'POST',
    `${objectsUrl(bucket, 'upload')}?path=${encodeURIComponent(name)}&upsert=${upsert}`,
    undefined,
    { bytes, contentType },
  )
  return { status: response.status, body: (await response.json()) as UploadObjectResponse & { message?: string } }
}

const list = (client: ApiClient, bucket: string, body: Record<string, unknown> = {}) =>
  client.post<ListObjectsResponse>(objectsUrl(bucket, 'list'), body)

describe('browsing and changing a bucket', () => {
  it('uploads, lists a folder a page at a time, and hides the placeholder of an empty folder', async () => {
    for (const name of ['a.txt', 'b.txt', 'c.txt', 'notes/d.txt']) {
      const uploaded = await upload(f.owner, 'docs', name, `content of ${name}`)
      expect(uploaded, JSON.stringify(uploaded.body)).toMatchObject({ status: 200, body: { path: name } })
    }
    expect(existsSync(path.join(storageDir, 'docs/notes/d.txt'))).toBe(true)
    const taken = await upload(f.owner, 'docs', 'c.txt', 'again')
    expect(taken).toMatchObject({ status: 409, body: { message: 'The resource already exists' } })
    expect((await upload(f.owner, 'docs', 'c.txt', 'content of c.txt', 'text/plain', true)).status).toBe(200)
    const first = await list(f.owner, 'docs', { limit: 2 })
    expect(first.body.entries.map((e) => e.name)).toEqual(['a.txt', 'b.txt'])
    expect(first.body.nextOffset).toBe(2)
    const second = await list(f.owner, 'docs', { limit: 2, offset: 2 })
    expect(second.body.entries.map((e) => [e.name, e.id === null])).toEqual([
      ['c.txt', false],
      ['notes', true],
    ])
    expect(second.body.nextOffset).toBeNull()
    expect(second.body.entries[0]?.metadata).toMatchObject({ size: 'content of c.txt'.length, mimetype: 'text/plain' })

    expect((await f.owner.post(objectsUrl('docs', 'folder'), { path: 'empty' })).status).toBe(200)
    expect((await list(f.owner, 'docs')).body.entries.map((e) => e.name)).toContain('empty')
    expect((await list(f.owner, 'docs', { path: 'empty' })).body.entries).toEqual([])
    const again = await f.owner.post<{ message: string }>(objectsUrl('docs', 'folder'), { path: 'empty' })
    expect(again).toMatchObject({ status: 409, body: { message: 'A folder named empty already exists' } })
  })

  it('moves, renames and deletes objects and whole folders', async () => {
    expect((await f.owner.post(objectsUrl('docs', 'move'), { from: 'a.txt', to: 'empty/a.txt' })).status).toBe(200)
    expect((await list(f.owner, 'docs', { path: 'empty' })).body.entries.map((e) => e.name)).toEqual(['a.txt'])
    expect(existsSync(path.join(storageDir, 'docs/empty/a.txt'))).toBe(true)
    const taken = await f.owner.post(objectsUrl('docs', 'move'), { from: 'b.txt', to: 'c.txt' })
    expect(taken).toMatchObject({ status: 409, body: { message: 'The resource already exists' } })
    const missing = await f.owner.post(objectsUrl('docs', 'move'), { from: 'zzz.txt', to: 'y.txt' })
    expect(missing).toMatchObject({ status: 404, body: { message: 'Object zzz.txt not found' } })
    expect((await f.owner.post(objectsUrl('docs', 'move'), { from: 'b.txt', to: 'renamed.txt' })).status).toBe(200)

    const deleted = await f.owner.post<{ deleted: string[] }>(objectsUrl('docs', 'delete'), {
      paths: ['renamed.txt'],
      folders: ['empty'],
    })
    expect(deleted.body.deleted.sort()).toEqual(['empty/.emptyFolderPlaceholder', 'empty/a.txt', 'renamed.txt'])
    expect(existsSync(path.join(storageDir, 'docs/empty'))).toBe(false)
    expect((await list(f.owner, 'docs')).body.entries.map((e) => e.name)).toEqual(['c.txt', 'notes'])
  })

  it('signs URLs with a chosen expiry, gives public URLs only for public buckets, and keeps bucket limits', async () => {
    const signed = await f.owner.post<SignedUrlResponse>(objectsUrl('docs', 'sign'), { path: 'c.txt', expiresIn: 60 })
    expect(signed.status).toBe(200)
    expect(await (await fetch(signed.body.signedUrl)).text()).toBe('content of c.txt')
    const download = await f.owner.post<SignedUrlResponse>(objectsUrl('docs', 'sign'), {
      path: 'c.txt',
      expiresIn: 3600,
      download: true,
    })
    expect((await fetch(download.body.signedUrl)).headers.get('content-disposition')).toContain('attachment')
    expect((await f.owner.post(objectsUrl('docs', 'sign'), { path: 'c.txt', expiresIn: 5 })).status).toBe(400)
    expect((await f.owner.post(objectsUrl('docs', 'public-url'), { path: 'c.txt' })).status).toBe(400)

    expect((await upload(f.owner, 'media', 'hello world.txt', 'hi')).status).toBe(200)
    const url = await f.owner.post<{ publicUrl: string }>(objectsUrl('media', 'public-url'), {
      path: 'hello world.txt',
    })
    expect(await (await fetch(url.body.publicUrl)).text()).toBe('hi')
    const refusedType = await upload(f.owner, 'media', 'x.json', '{}', 'application/json')
    expect(refusedType).toMatchObject({ status: 415, body: { message: 'mime type application/json is not supported' } })
    const tooBig = await upload(f.owner, 'media', 'big.txt', 'x'.repeat(2000))
    expect(tooBig.status).toBe(413)
    expect(readdirSync(path.join(storageDir, 'media'))).toEqual(['hello world.txt'])
  })
})

describe('who may do what', () => {
  it('lets a Read-only member list and sign, and refuses every write', async () => {
    expect((await list(readOnly, 'docs')).status).toBe(200)
    expect((await readOnly.post(objectsUrl('docs', 'sign'), { path: 'c.txt', expiresIn: 60 })).status).toBe(200)
    const denied = { status: 403, body: { message: STORAGE_OBJECT_WRITE_DENIED } }
    expect(await upload(readOnly, 'docs', 'mine.txt', 'no')).toMatchObject(denied)
    expect(await readOnly.post(objectsUrl('docs', 'folder'), { path: 'mine' })).toMatchObject(denied)
    expect(await readOnly.post(objectsUrl('docs', 'move'), { from: 'c.txt', to: 'x.txt' })).toMatchObject(denied)
    expect(await readOnly.post(objectsUrl('docs', 'delete'), { paths: ['c.txt'] })).toMatchObject(denied)
    expect((await list(f.owner, 'docs')).body.entries.map((e) => e.name)).toEqual(['c.txt', 'notes'])
  })

  it("answers 404 to another tenant's member, for reads and writes", async () => {
    const stranger = new ApiClient(() => f.t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'stranger@browser.test', password: 'stranger-pass' })
    expect((await list(stranger, 'docs')).status).toBe(404)
    expect((await upload(stranger, 'docs', 'x.txt', 'x')).status).toBe(404)
    expect((await stranger.post(objectsUrl('docs', 'delete'), { paths: ['c.txt'] })).status).toBe(404)
    expect((await stranger.post(objectsUrl('docs', 'sign'), { path: 'c.txt', expiresIn: 60 })).status).toBe(404)
    expect((await list(f.owner, 'docs')).body.entries.map((e) => e.name)).toEqual(['c.txt', 'notes'])
  })

  it('answers 404 for a bucket the project does not have', async () => {
    const missing = await list(f.owner, 'nope')
    expect(missing).toMatchObject({ status: 404, body: { message: 'Bucket nope not found' } })
  })
})

describe('hostile object names', () => {
  const hostile = [
    '../../etc/passwd',
    'a/../../b.txt',
    '/etc/passwd',
    './x',
    `${'x'.repeat(300)}.txt`,
    `${'d/'.repeat(600)}x`,
    'nul\u0000byte.txt',
    'bell\u0007.txt',
    'back\\slash.txt',
    'trailing/',
  ]

  it('refuses each one with a clear 400 for every route, and writes nothing', async () => {
    for (const name of hostile) {
      const uploaded = await upload(f.owner, 'docs', name, 'evil')
      expect(uploaded.status, name).toBe(400)
      expect(uploaded.body.message, name).toMatch(/Object names|folder or file name|NUL character/i)
      // a folder path may end with one '/'
      if (name !== 'trailing/') {
        expect((await f.owner.post(objectsUrl('docs', 'folder'), { path: name })).status, name).toBe(400)
      }
      expect((await f.owner.post(objectsUrl('docs', 'move'), { from: 'c.txt', to: name })).status, name).toBe(400)
      expect((await f.owner.post(objectsUrl('docs', 'delete'), { paths: [name] })).status, name).toBe(400)
      expect((await f.owner.post(objectsUrl('docs', 'sign'), { path: name, expiresIn: 60 })).status, name).toBe(400)
    }
    expect((await list(f.owner, 'docs', { path: '../..' })).status).toBe(400)
    expect((await f.owner.post(`/platform/storage/${ref}/buckets/..%2F..%2Fx/objects/list`, {})).status).toBe(400)
    expect(readdirSync(storageDir).sort()).toEqual(['.tmp', 'docs', 'media'])
    expect((await list(f.owner, 'docs')).body.entries.map((e) => e.name)).toEqual(['c.txt', 'notes'])
  })
})
