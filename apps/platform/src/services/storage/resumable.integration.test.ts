import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { Upload, type UploadOptions } from 'tus-js-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RestTestProject, startRestTestProject } from '../rest/testing'

/** Resumable uploads (TUS 1.0) driven by the official tus-js-client, and by hand for the protocol's edges. */
let p: RestTestProject
let endpoint = ''
let stagingDir = ''
let bearer: Record<string, string> = {}
const MAX_BYTES = 1024 * 1024

beforeAll(async () => {
  p = await startRestTestProject({
    PGFLEET_PORT_RANGE: testPortRangeSetting(),
    PGFLEET_STORAGE_MAX_UPLOAD_BYTES: String(MAX_BYTES),
  })
  endpoint = `${p.projectUrl}/storage/v1/upload/resumable`
  stagingDir = path.join(p.t.dataDir, 'storage', p.ref, '.resumable')
  bearer = { authorization: `Bearer ${p.serviceKey}` }
  const service = p.client({ key: p.serviceKey })
  expect((await service.storage.createBucket('videos', { public: false })).error).toBeNull()
  expect(
    (
      await service.storage.createBucket('small', {
        public: false,
        fileSizeLimit: 1000,
        allowedMimeTypes: ['text/plain'],
      })
    ).error,
  ).toBeNull()
})
afterAll(async () => {
  await p?.destroy()
})

const bytesOf = (size: number, seed: number) => Buffer.from(Array.from({ length: size }, (_, i) => (i * seed) % 251))
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex')

/** Runs a tus-js-client upload to its end; answers its URL, or the error it stopped with. */
function runUpload(data: Buffer, options: UploadOptions): Promise<{ url: string | null; error: Error | null }> {
  return new Promise((resolve) => {
    const upload: Upload = new Upload(data, {
      endpoint,
      retryDelays: [],
      ...options,
      onSuccess: () => resolve({ url: upload.url, error: null }),
      onError: (error) => resolve({ url: upload.url, error }),
    })
    upload.start()
  })
}

const metadata = (objectName: string, extra: Record<string, string> = {}) => ({
  bucketName: 'videos',
  objectName,
  contentType: 'video/mp4',
  cacheControl: '60',
  ...extra,
})

async function download(bucket: string, name: string): Promise<Buffer> {
  const { data, error } = await p.client({ key: p.serviceKey }).storage.from(bucket).download(name)
  expect(error).toBeNull()
  return Buffer.from(await (data as Blob).arrayBuffer())
}

const tus = (method: string, url: string, headers: Record<string, string> = {}, body?: Buffer | string) =>
  fetch(url, { method, headers: { 'tus-resumable': '1.0.0', ...bearer, ...headers }, body })

describe('tus-js-client', () => {
  it('uploads a file in chunks with only an Authorization header, and stores it with its metadata', async () => {
    const data = bytesOf(250_000, 7)
    const progress: number[] = []
    const result = await runUpload(data, {
      headers: bearer,
      metadata: metadata('clips/first.mp4'),
      chunkSize: 100_000,
      onProgress: (sent) => progress.push(sent),
    })
    expect(result.error).toBeNull()
    expect(result.url).toMatch(new RegExp(`/p/${p.ref}/storage/v1/upload/resumable/[0-9a-f]{32}$`))
    expect(md5(await download('videos', 'clips/first.mp4'))).toBe(md5(data))
    expect(progress.at(-1)).toBe(250_000)
    const [row] = await p.sql<{ metadata: Record<string, unknown> }>(
      "SELECT metadata FROM storage.objects WHERE bucket_id = 'videos' AND name = 'clips/first.mp4'",
    )
    expect(row?.metadata).toMatchObject({ size: 250_000, mimetype: 'video/mp4', cacheControl: 'max-age=60' })
    expect(row?.metadata.eTag).toBe(`"${md5(data)}"`)
    expect(readdirSync(stagingDir)).toEqual([])
  })

  it('resumes an interrupted upload where the server stopped receiving it', async () => {
    const data = bytesOf(600_000, 13)
    let first: Upload | undefined
    const interrupted = await new Promise<string>((resolve) => {
      first = new Upload(data, {
        endpoint,
        headers: bearer,
        metadata: metadata('clips/resumed.mp4'),
        chunkSize: 200_000,
        retryDelays: [],
        onProgress: (sent) => {
          // cut the connection in the middle of the second chunk
          if (sent > 300_000 && first) {
            const url = first.url as string
            void first.abort().then(() => resolve(url))
          }
        },
      })
      first.start()
    })
    const head = await tus('HEAD', interrupted)
    const offset = Number(head.headers.get('upload-offset'))
    expect(head.status).toBe(200)
    expect(head.headers.get('upload-length')).toBe('600000')
    expect(offset).toBeGreaterThanOrEqual(200_000)
    expect(offset).toBeLessThan(600_000)

    const starts: number[] = []
    const resumed = await runUpload(data, {
      headers: bearer,
      uploadUrl: interrupted,
      chunkSize: 200_000,
      onProgress: (sent) => starts.push(sent),
    })
    expect(resumed.error).toBeNull()
    expect(resumed.url).toBe(interrupted)
    // the client asked where to go on: no byte before the server's offset was sent again
    expect(Math.min(...starts)).toBe(offset)
    expect(md5(await download('videos', 'clips/resumed.mp4'))).toBe(md5(data))
  })

  it('keeps an existing object unless x-upsert is true', async () => {
    const taken = await runUpload(bytesOf(10, 3), { headers: bearer, metadata: metadata('clips/first.mp4') })
    expect(taken.error?.message).toMatch(/response code: 409/)
    const replaced = await runUpload(bytesOf(10, 3), {
      headers: { ...bearer, 'x-upsert': 'true' },
      metadata: metadata('clips/first.mp4'),
    })
    expect(replaced.error).toBeNull()
    expect(await download('videos', 'clips/first.mp4')).toEqual(bytesOf(10, 3))
  })

  it("refuses, before any byte is sent, what the bucket's and the platform's limits refuse", async () => {
    const small = (objectName: string, contentType: string) => ({ bucketName: 'small', objectName, contentType })
    const tooBig = await runUpload(bytesOf(1001, 1), { headers: bearer, metadata: small('a.txt', 'text/plain') })
    expect(tooBig.error?.message).toMatch(/response code: 413/)
    const wrongType = await runUpload(bytesOf(10, 1), { headers: bearer, metadata: small('a.png', 'image/png') })
    expect(wrongType.error?.message).toMatch(/response code: 415/)
    const overGlobal = await runUpload(bytesOf(MAX_BYTES + 1, 1), { headers: bearer, metadata: metadata('big.mp4') })
    expect(overGlobal.error?.message).toMatch(/response code: 413/)
    expect(readdirSync(stagingDir)).toEqual([])
  })
})

describe('the protocol by hand', () => {
  async function create(length: number, objectName: string, headers: Record<string, string> = {}) {
    const encoded = Object.entries(metadata(objectName))
      .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
      .join(',')
    const response = await tus('POST', endpoint, {
      'upload-length': String(length),
      'upload-metadata': encoded,
      ...headers,
    })
    const location = response.headers.get('location')
    return { response, url: location ? new URL(location, endpoint).toString() : '' }
  }
  const chunk = (url: string, offset: number, body: Buffer, headers: Record<string, string> = {}) =>
    tus(
      'PATCH',
      url,
      { 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset), ...headers },
      body,
    )

  it('answers discovery, checks the version, the offset and the chunk type, and terminates', async () => {
    const options = await fetch(endpoint, { method: 'OPTIONS' })
    expect(options.headers.get('tus-version')).toBe('1.0.0')
    expect(options.headers.get('tus-extension')).toBe('creation,termination,expiration')
    expect(options.headers.get('tus-max-size')).toBe(String(MAX_BYTES))
    const noVersion = await fetch(endpoint, { method: 'POST', headers: { ...bearer, 'upload-length': '1' } })
    expect(noVersion.status).toBe(412)
    expect(noVersion.headers.get('tus-version')).toBe('1.0.0')

    const { response, url } = await create(100, 'manual.bin')
    expect(response.status).toBe(201)
    expect(response.headers.get('upload-expires')).toBeTruthy()
    expect((await chunk(url, 0, Buffer.alloc(40))).headers.get('upload-offset')).toBe('40')
    expect((await chunk(url, 0, Buffer.alloc(10))).status).toBe(409)
    expect((await chunk(url, 40, Buffer.alloc(10), { 'content-type': 'text/plain' })).status).toBe(415)
    expect((await chunk(url, 40, Buffer.alloc(61))).status).toBe(413)
    expect((await tus('HEAD', url)).headers.get('upload-offset')).toBe('40')
    expect((await tus('DELETE', url)).status).toBe(204)
    expect((await tus('HEAD', url)).status).toBe(404)
    expect(readdirSync(stagingDir)).toEqual([])
  })

  it('keeps the bytes of a chunk whose connection broke halfway, so the client resumes from them', async () => {
    const { url } = await create(100_000, 'broken.bin')
    const target = new URL(url)
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: target.hostname,
        port: target.port,
        method: 'PATCH',
        path: target.pathname,
        headers: {
          ...bearer,
          'tus-resumable': '1.0.0',
          'content-type': 'application/offset+octet-stream',
          'upload-offset': '0',
          'content-length': '100000',
        },
      })
      request.on('error', () => resolve())
      request.write(Buffer.alloc(30_000, 1), () => setTimeout(() => request.destroy(), 200))
      request.on('close', () => resolve())
    })
    await expect.poll(async () => (await tus('HEAD', url)).headers.get('upload-offset')).toBe('30000')
    const rest = await chunk(url, 30_000, Buffer.alloc(70_000, 2))
    expect(rest.status).toBe(204)
    expect(await download('videos', 'broken.bin')).toEqual(
      Buffer.concat([Buffer.alloc(30_000, 1), Buffer.alloc(70_000, 2)]),
    )
  })

  it('refuses hostile names and ids, and keeps every upload to the caller who started it', async () => {
    const encode = (value: string) => Buffer.from(value).toString('base64')
    for (const [bucketName, objectName] of [
      ['videos', '../../escape.bin'],
      ['videos', '/etc/passwd'],
      ['videos', 'nul\u0000byte'],
      ['videos', `${'x'.repeat(300)}.bin`],
      ['../videos', 'a.bin'],
    ] as const) {
      const response = await tus('POST', endpoint, {
        'upload-length': '1',
        'upload-metadata': `bucketName ${encode(bucketName)},objectName ${encode(objectName)}`,
      })
      expect(response.status, objectName).toBe(400)
    }
    expect((await tus('POST', endpoint, { 'upload-length': '1', 'upload-metadata': 'objectName !!' })).status).toBe(400)
    const headerBreaking = await tus('POST', endpoint, {
      'upload-length': '1',
      'upload-metadata': `bucketName ${encode('videos')},objectName ${encode('a.bin')},cacheControl ${encode('1\r\nx: y')}`,
    })
    expect(headerBreaking.status).toBe(400)
    expect((await tus('HEAD', `${endpoint}/..%2F..%2Fsecrets`)).status).toBe(404)
    expect((await tus('HEAD', `${endpoint}/${'0'.repeat(32)}`)).status).toBe(404)

    const { url } = await create(20, 'mine.bin')
    const user = await p.signJwt({ role: 'authenticated', sub: '7b0c2a4e-3f5d-4c1a-9e8b-1d2f3a4b5c6d' })
    expect((await tus('HEAD', url, { authorization: `Bearer ${user}` })).status).toBe(404)
    expect((await tus('DELETE', url, { authorization: `Bearer ${user}`, apikey: p.anonKey })).status).toBe(404)
    expect((await tus('HEAD', url, { authorization: 'Bearer not-a-jwt' })).status).toBe(401)
    const elsewhere = await fetch(url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } })
    expect(elsewhere.status).toBe(401)
    // RLS decides at creation: an anonymous caller has no insert policy on storage.objects
    expect((await create(5, 'anon.bin', { authorization: `Bearer ${p.anonKey}` })).response.status).toBe(403)
    expect((await tus('DELETE', url)).status).toBe(204)
  })

  it('expires uploads: an expired one answers 410, and creating another sweeps the stale ones', async () => {
    const expire = (url: string) => {
      const sidecar = path.join(stagingDir, `${url.slice(url.lastIndexOf('/') + 1)}.json`)
      const record = JSON.parse(readFileSync(sidecar, 'utf8'))
      writeFileSync(sidecar, JSON.stringify({ ...record, expiresAt: new Date(Date.now() - 1000).toISOString() }))
    }
    const first = await create(10, 'old-1.bin')
    const second = await create(10, 'old-2.bin')
    expire(first.url)
    expire(second.url)
    expect((await tus('HEAD', first.url)).status).toBe(410)
    expect(readdirSync(stagingDir).length).toBe(2)
    const fresh = await create(10, 'fresh.bin')
    expect(readdirSync(stagingDir).sort()).toEqual(
      [`${fresh.url.slice(-32)}.json`, `${fresh.url.slice(-32)}.part`].sort(),
    )
    expect((await tus('DELETE', fresh.url)).status).toBe(204)
  })
})
