import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import {
  type ListObjectsResponse,
  type MoveFolderResponse,
  type SignedUrlResponse,
  STORAGE_OBJECT_WRITE_DENIED,
  type UploadObjectResponse,
} from '@pgfleet/contracts'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ProjectFixture, startProjectFixture } from '../../control/pg-meta/testing'
import { ApiClient } from '../../testing/harness'

/** The storage browser's routes: listing with pages, writes, URLs, permissions and hostile object names. */
let f: ProjectFixture
let readOnly: ApiClient
let ref = ''
let storageDir = ''

beforeAll(async () => {
  f = await startProjectFixture({ PGFLEET_PORT_RANGE: testPortRangeSetting() })
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

describe('moving and renaming folders', () => {
  type MoveAnswer = MoveFolderResponse & { message?: string }
  const moveFolder = (client: ApiClient, body: Record<string, unknown>) =>
    client.post<MoveAnswer>(objectsUrl('folders', 'move-folder'), body)
  const names = async (folder: string) =>
    (await list(f.owner, 'folders', { path: folder })).body.entries.map((e) => e.name)
  const onDisk = (name: string) => existsSync(path.join(storageDir, 'folders', name))

  beforeAll(async () => {
    expect((await f.owner.post(`/platform/storage/${ref}/buckets`, { name: 'folders' })).status).toBe(201)
    for (const name of ['photos/2024/a.txt', 'photos/2024/b.txt', 'photos/c.txt', 'clash/a.txt', 'file.txt']) {
      expect((await upload(f.owner, 'folders', name, `content of ${name}`)).status, name).toBe(200)
    }
  })

  it('renames a folder with everything under it in one request, after a dry run that only counts', async () => {
    const dry = await moveFolder(f.owner, { from: 'photos', to: 'pictures', dryRun: true })
    expect(dry.body).toMatchObject({ objects: 3, moved: 0, conflicts: [], conflictCount: 0 })
    expect(await names('photos')).toEqual(['2024', 'c.txt'])

    const renamed = await moveFolder(f.owner, { from: 'photos/', to: 'pictures' })
    expect(renamed.body).toMatchObject({ from: 'photos', to: 'pictures', objects: 3, moved: 3 })
    expect(await names('')).toEqual(['clash', 'file.txt', 'pictures'])
    expect(await names('pictures/2024')).toEqual(['a.txt', 'b.txt'])
    expect(onDisk('pictures/2024/a.txt') && !onDisk('photos')).toBe(true)
  })

  it('merges into an existing folder file by file, and moves nothing when any new path is taken', async () => {
    const merged = await moveFolder(f.owner, { from: 'pictures/2024', to: 'merged/2024' })
    expect(merged.body.moved).toBe(2)
    expect((await moveFolder(f.owner, { from: 'pictures', to: 'merged' })).body.moved).toBe(1)
    expect(await names('merged')).toEqual(['2024', 'c.txt'])
    expect(onDisk('merged/c.txt') && onDisk('merged/2024/b.txt') && !onDisk('pictures')).toBe(true)

    const clash = await moveFolder(f.owner, { from: 'merged/2024', to: 'clash' })
    expect(clash.status).toBe(409)
    expect(clash.body).toMatchObject({
      moved: 0,
      objects: 2,
      conflictCount: 1,
      conflicts: [{ path: 'clash/a.txt', message: 'An object already exists at clash/a.txt' }],
    })
    expect(clash.body.message).toMatch(/^Nothing was moved: 1 of 2 objects cannot move to clash\//)
    expect(await names('merged/2024')).toEqual(['a.txt', 'b.txt'])
    expect(onDisk('merged/2024/a.txt') && onDisk('clash/a.txt')).toBe(true)

    const underFile = await moveFolder(f.owner, { from: 'merged', to: 'file.txt/inside' })
    expect(underFile.status).toBe(409)
    expect(underFile.body.conflicts[0]?.path).toBe('file.txt')
  })

  it('refuses a move into itself, a missing folder, and new paths that grow too long', async () => {
    const into = await moveFolder(f.owner, { from: 'merged', to: 'merged/inner' })
    expect(into).toMatchObject({ status: 400, body: { message: 'A folder cannot be moved into itself' } })
    const missing = await moveFolder(f.owner, { from: 'nothing', to: 'else' })
    expect(missing).toMatchObject({ status: 404, body: { message: 'Folder nothing not found' } })
    const deep = `deep/${'d'.repeat(250)}/${'e'.repeat(250)}/${'f'.repeat(250)}/${'g'.repeat(240)}.txt`
    expect((await upload(f.owner, 'folders', deep, 'deep')).status).toBe(200)
    const tooLong = await moveFolder(f.owner, { from: 'deep', to: 'x'.repeat(250) })
    expect(tooLong.status).toBe(409)
    expect(tooLong.body.conflicts[0]?.message).toMatch(/Object names are at most 1024 bytes/)
    expect(onDisk(deep)).toBe(true)
  })

  it('refuses hostile folder names, Read-only members and other tenants, and changes nothing', async () => {
    for (const name of ['..', '../other', '/etc', 'a/../../b', 'nul\u0000byte', `${'x'.repeat(300)}`, './x']) {
      expect((await moveFolder(f.owner, { from: 'merged', to: name })).status, name).toBe(400)
      expect((await moveFolder(f.owner, { from: name, to: 'safe' })).status, name).toBe(400)
    }
    const denied = await moveFolder(readOnly, { from: 'merged', to: 'mine' })
    expect(denied).toMatchObject({ status: 403, body: { message: STORAGE_OBJECT_WRITE_DENIED } })
    const stranger = new ApiClient(() => f.t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'mover@browser.test', password: 'stranger-pass' })
    expect((await moveFolder(stranger, { from: 'merged', to: 'theirs' })).status).toBe(404)
    expect(await names('')).toEqual(['clash', 'deep', 'file.txt', 'merged'])
    expect(readdirSync(path.join(storageDir, 'folders')).sort()).toEqual(['clash', 'deep', 'file.txt', 'merged'])
  })
})
