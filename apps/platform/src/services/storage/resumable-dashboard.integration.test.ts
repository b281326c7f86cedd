import { createHash } from 'node:crypto'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { STORAGE_OBJECT_WRITE_DENIED } from '@pgfleet/contracts'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { Upload } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ProjectFixture, startProjectFixture } from '../../control/pg-meta/testing'
import { ApiClient } from '../../testing/harness'

/** The storage browser's resumable uploads: the TUS endpoint behind the member's session, and who may use it. */
let f: ProjectFixture
let readOnly: ApiClient
let ref = ''
let endpoint = ''

beforeAll(async () => {
  f = await startProjectFixture({ PGFLEET_PORT_RANGE: testPortRangeSetting() })
  ref = f.project.ref
  readOnly = await f.member('Read-only')
  endpoint = `${f.t.baseUrl}/platform/storage/${ref}/upload/resumable`
  expect((await f.owner.post(`/platform/storage/${ref}/buckets`, { name: 'docs' })).status).toBe(201)
})
afterAll(async () => {
  await f?.t.destroy()
})

const metadataHeader = (bucketName: string, objectName: string) =>
  `bucketName ${Buffer.from(bucketName).toString('base64')},objectName ${Buffer.from(objectName).toString('base64')}`

function create(client: ApiClient, objectName: string, length = 10) {
  return fetch(endpoint, {
    method: 'POST',
    headers: {
      ...client.sessionHeaders(),
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': metadataHeader('docs', objectName),
    },
  })
}

describe('resumable uploads from the dashboard', () => {
  it('uploads with tus-js-client on the member session, resuming after an abort', async () => {
    const data = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 31) % 256))
    const headers = f.owner.sessionHeaders()
    let url = ''
    await new Promise<void>((resolve) => {
      const upload: Upload = new Upload(data, {
        endpoint,
        headers,
        chunkSize: 100_000,
        retryDelays: [],
        metadata: { bucketName: 'docs', objectName: 'big/file.bin', contentType: 'application/octet-stream' },
        onChunkComplete: (_chunk, sent) => {
          if (sent === 100_000) {
            url = upload.url as string
            void upload.abort().then(() => resolve())
          }
        },
      })
      upload.start()
    })
    expect(url).toMatch(new RegExp(`/platform/storage/${ref}/upload/resumable/[0-9a-f]{32}$`))
    const error = await new Promise<Error | null>((resolve) => {
      new Upload(data, {
        uploadUrl: url,
        endpoint,
        headers,
        chunkSize: 100_000,
        retryDelays: [],
        onSuccess: () => resolve(null),
        onError: resolve,
      }).start()
    })
    expect(error).toBeNull()
    const listed = await f.owner.post<{ entries: { name: string; metadata: { size: number } | null }[] }>(
      `/platform/storage/${ref}/buckets/docs/objects/list`,
      { path: 'big' },
    )
    expect(listed.body.entries).toMatchObject([{ name: 'file.bin', metadata: { size: 300_000 } }])
    const signed = await f.owner.post<{ signedUrl: string }>(`/platform/storage/${ref}/buckets/docs/objects/sign`, {
      path: 'big/file.bin',
      expiresIn: 60,
    })
    const stored = Buffer.from(await (await fetch(signed.body.signedUrl)).arrayBuffer())
    expect(createHash('md5').update(stored).digest('hex')).toBe(createHash('md5').update(data).digest('hex'))
  })

  it('refuses Read-only members, other tenants, missing CSRF, and other members on an upload', async () => {
    const denied = await create(readOnly, 'mine.bin')
    expect(denied.status).toBe(403)
    expect(await denied.json()).toEqual({ message: STORAGE_OBJECT_WRITE_DENIED })
    const stranger = new ApiClient(() => f.t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'tus-stranger@browser.test', password: 'stranger-pass' })
    expect((await create(stranger, 'theirs.bin')).status).toBe(404)
    const { 'x-csrf-token': _csrf, ...withoutCsrf } = f.owner.sessionHeaders()
    const noCsrf = await fetch(endpoint, {
      method: 'POST',
      headers: { ...withoutCsrf, 'tus-resumable': '1.0.0', 'upload-length': '1' },
    })
    expect(noCsrf.status).toBe(403)

    const created = await create(f.owner, 'owned.bin')
    expect(created.status).toBe(201)
    const location = new URL(created.headers.get('location') ?? '', endpoint).toString()
    const developer = await f.member('Developer')
    const head = await fetch(location, {
      method: 'HEAD',
      headers: { ...developer.sessionHeaders(), 'tus-resumable': '1.0.0' },
    })
    expect(head.status).toBe(404)
    const hostile = await create(f.owner, '../../escape.bin')
    expect(hostile.status).toBe(400)
    const cancel = await fetch(location, {
      method: 'DELETE',
      headers: { ...f.owner.sessionHeaders(), 'tus-resumable': '1.0.0' },
    })
    expect(cancel.status).toBe(204)
    expect(readdirSync(path.join(f.t.dataDir, 'storage', ref, '.resumable'))).toEqual([])
  })
})
