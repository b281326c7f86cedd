import { existsSync, readdirSync } from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchVia, type RestTestProject, startRestTestProject } from '../rest/testing'

/** supabase-js' storage client against a real project: buckets, objects, limits, RLS, signed and public URLs. */
let p: RestTestProject
let service: SupabaseClient
let anon: SupabaseClient
let storageUrl = ''
let storageDir = ''
const HELLO = 'hello from pgfleet storage\n'

beforeAll(async () => {
  p = await startRestTestProject({
    PGFLEET_PORT_RANGE: testPortRangeSetting(),
    PGFLEET_STORAGE_MAX_UPLOAD_BYTES: '65536',
    PGFLEET_DOMAIN: 'pgfleet.test',
  })
  service = p.client({ key: p.serviceKey })
  anon = p.client()
  storageUrl = `${p.projectUrl}/storage/v1`
  storageDir = path.join(p.t.dataDir, 'storage', p.ref)
})
afterAll(async () => {
  await p?.destroy()
})

/** A request with the exact path given: fetch would resolve '..' segments before sending them. */
function rawRequest(method: string, pathname: string, headers: Record<string, string> = {}, body?: string) {
  const url = new URL(p.t.baseUrl)
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(
      { host: url.hostname, port: url.port, method, path: pathname, headers: { apikey: p.serviceKey, ...headers } },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => {
          text += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
      },
    )
    request.on('error', reject)
    request.end(body)
  })
}

describe('buckets', () => {
  it('creates, lists, reads, updates and deletes buckets', async () => {
    const created = await service.storage.createBucket('docs', {
      public: false,
      allowedMimeTypes: ['text/plain', 'image/*'],
      fileSizeLimit: 1024,
    })
    expect(created).toEqual({ data: { name: 'docs' }, error: null })
    await service.storage.createBucket('media', { public: true, fileSizeLimit: '2KB' })

    const listed = await service.storage.listBuckets()
    expect(listed.error).toBeNull()
    expect(listed.data?.map((b) => b.name)).toEqual(['docs', 'media'])
    const docs = await service.storage.getBucket('docs')
    expect(docs.data).toMatchObject({
      id: 'docs',
      name: 'docs',
      public: false,
      allowed_mime_types: ['text/plain', 'image/*'],
      file_size_limit: 1024,
    })
    expect((await service.storage.getBucket('media')).data?.file_size_limit).toBe(2000)

    const updated = await service.storage.updateBucket('media', { public: true, allowedMimeTypes: null })
    expect(updated.error).toBeNull()
    await service.storage.createBucket('scratch', { public: false })
    expect((await service.storage.deleteBucket('scratch')).data).toEqual({ message: 'Successfully deleted' })
    expect((await service.storage.getBucket('scratch')).error?.message).toBe('Bucket not found')
  })

  it('refuses duplicates, bad names and limits above the platform maximum', async () => {
    const duplicate = await service.storage.createBucket('docs', { public: false })
    expect(duplicate.error).toMatchObject({ status: 409, message: 'The resource already exists' })
    const badName = await service.storage.createBucket('../up', { public: false })
    expect(badName.error?.status).toBe(400)
    const tooBig = await service.storage.createBucket('huge', { public: false, fileSizeLimit: 10_000_000 })
    expect(tooBig.error?.message).toContain('at most 65536 bytes')
  })

  it('keeps buckets from anon: RLS on storage.buckets has no policy by default', async () => {
    expect((await anon.storage.listBuckets()).data).toEqual([])
    const refused = await anon.storage.createBucket('sneaky', { public: true })
    expect(refused.error).toMatchObject({ status: 403 })
  })
})

describe('objects', () => {
  it('uploads (form and raw bodies), lists folders, downloads the same bytes, and upserts', async () => {
    const blob = await service.storage.from('docs').upload('notes/hello.txt', new Blob([HELLO], { type: 'text/plain' }))
    expect(blob.error).toBeNull()
    expect(blob.data).toMatchObject({ path: 'notes/hello.txt', fullPath: 'docs/notes/hello.txt' })
    const raw = await service.storage
      .from('docs')
      .upload('notes/deep/raw file.txt', Buffer.from('raw bytes'), { contentType: 'text/plain' })
    expect(raw.error).toBeNull()
    await service.storage.from('docs').upload('top.txt', 'top', { contentType: 'text/plain' })

    const top = await service.storage.from('docs').list()
    expect(top.data?.map((e) => [e.name, e.id === null])).toEqual([
      ['notes', true],
      ['top.txt', false],
    ])
    const notes = await service.storage.from('docs').list('notes', { limit: 100, offset: 0 })
    expect(notes.data?.map((e) => e.name)).toEqual(['deep', 'hello.txt'])
    expect(notes.data?.[1]?.metadata).toMatchObject({ size: HELLO.length, mimetype: 'text/plain' })
    const searched = await service.storage.from('docs').list('notes/deep', { search: 'raw' })
    expect(searched.data?.map((e) => e.name)).toEqual(['raw file.txt'])

    const downloaded = await service.storage.from('docs').download('notes/hello.txt')
    expect(await downloaded.data?.text()).toBe(HELLO)
    expect(existsSync(path.join(storageDir, 'docs/notes/deep/raw file.txt'))).toBe(true)

    const again = await service.storage.from('docs').upload('top.txt', 'twice', { contentType: 'text/plain' })
    expect(again.error).toMatchObject({ status: 409 })
    const upserted = await service.storage
      .from('docs')
      .upload('top.txt', 'replaced', { contentType: 'text/plain', upsert: true })
    expect(upserted.error).toBeNull()
    expect(await (await service.storage.from('docs').download('top.txt')).data?.text()).toBe('replaced')
    expect((await service.storage.from('docs').exists('top.txt')).data).toBe(true)
    expect((await service.storage.from('docs').info('top.txt')).data).toMatchObject({ size: 8 })
  })

  it('signs URLs that anyone can fetch until they expire, and only for the signed object', async () => {
    const signed = await service.storage.from('docs').createSignedUrl('notes/hello.txt', 60)
    expect(signed.error).toBeNull()
    const response = await fetch(signed.data?.signedUrl ?? '')
    expect(response.status).toBe(200)
    expect(await response.text()).toBe(HELLO)
    const token = new URL(signed.data?.signedUrl ?? '').searchParams.get('token')
    const other = await fetch(`${storageUrl}/object/sign/docs/top.txt?token=${token}`)
    expect(other.status).toBe(400)
    const many = await service.storage.from('docs').createSignedUrls(['top.txt', 'missing.txt'], 60)
    expect(many.data?.map((entry) => entry.signedUrl !== null)).toEqual([true, false])
  })

  it('serves public URLs of public buckets only', async () => {
    await service.storage.from('media').upload('logo.svg', '<svg/>', { contentType: 'image/svg+xml' })
    const publicUrl = service.storage.from('media').getPublicUrl('logo.svg').data.publicUrl
    const response = await fetch(publicUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(await response.text()).toBe('<svg/>')
    const privateUrl = service.storage.from('docs').getPublicUrl('top.txt').data.publicUrl
    const refused = await fetch(privateUrl)
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({ message: 'Bucket docs is not public' })
  })

  it('enforces allowed MIME types and size limits, bucket and platform-wide', async () => {
    const wrongType = await service.storage.from('docs').upload('x.json', '{}', { contentType: 'application/json' })
    expect(wrongType.error).toMatchObject({ status: 415, message: 'mime type application/json is not supported' })
    const image = await service.storage
      .from('docs')
      .upload('pic.png', Buffer.from([1, 2, 3]), { contentType: 'image/png' })
    expect(image.error).toBeNull()
    const bucketLimit = await service.storage
      .from('docs')
      .upload('big.txt', 'x'.repeat(2048), { contentType: 'text/plain' })
    expect(bucketLimit.error).toMatchObject({ status: 413 })
    const platformLimit = await service.storage
      .from('media')
      .upload('huge.bin', new Blob([new Uint8Array(70_000)]), { upsert: true })
    expect(platformLimit.error?.status).toBe(413)
    expect((await service.storage.from('docs').list('', { search: 'big' })).data).toEqual([])
    expect(readdirSync(path.join(storageDir, '.tmp'))).toEqual([])
  })

  it('moves, copies and removes objects with their files', async () => {
    expect((await service.storage.from('docs').copy('top.txt', 'copies/top.txt')).error).toBeNull()
    expect((await service.storage.from('docs').move('copies/top.txt', 'moved/top.txt')).error).toBeNull()
    expect(await (await service.storage.from('docs').download('moved/top.txt')).data?.text()).toBe('replaced')
    expect(existsSync(path.join(storageDir, 'docs/copies'))).toBe(false)
    const removed = await service.storage.from('docs').remove(['moved/top.txt', 'pic.png', 'not-there'])
    expect(removed.data?.map((o) => o.name).sort()).toEqual(['moved/top.txt', 'pic.png'])
    expect(existsSync(path.join(storageDir, 'docs/moved'))).toBe(false)
    expect((await service.storage.from('docs').download('pic.png')).error).not.toBeNull()
  })
})

describe('RLS on storage.objects', () => {
  it('refuses anon by default, and lets policies decide', async () => {
    const refused = await anon.storage.from('docs').upload('anon/a.txt', 'a', { contentType: 'text/plain' })
    expect(refused.error).toMatchObject({ status: 403, message: 'new row violates row-level security policy' })
    expect((await anon.storage.from('docs').list('notes')).data).toEqual([])
    expect((await anon.storage.from('docs').download('notes/hello.txt')).error).not.toBeNull()
    expect(existsSync(path.join(storageDir, 'docs/anon'))).toBe(false)

    await p.sql(`
      create policy "anon reads docs" on storage.objects for select to anon using (bucket_id = 'docs');
      create policy "anon writes its folder" on storage.objects for insert to anon
        with check (bucket_id = 'docs' and (storage.foldername(name))[1] = 'anon');`)
    expect((await anon.storage.from('docs').upload('anon/a.txt', 'a', { contentType: 'text/plain' })).error).toBeNull()
    expect(
      (await anon.storage.from('docs').upload('notes/b.txt', 'b', { contentType: 'text/plain' })).error?.status,
    ).toBe(403)
    expect((await anon.storage.from('docs').list('anon')).data?.map((e) => e.name)).toEqual(['a.txt'])
    expect(await (await anon.storage.from('docs').download('notes/hello.txt')).data?.text()).toBe(HELLO)
  })

  it('records the JWT subject as owner, for policies on owner_id', async () => {
    const sub = '5b3f0a4e-8d2c-4c1e-9f5a-2e7b6c1d0a99'
    const user = p.client({ accessToken: await p.signJwt({ role: 'authenticated', sub }) })
    await p.sql(`
      create policy "users own their files" on storage.objects for all to authenticated
        using (owner_id = current_setting('request.jwt.claims', true)::json->>'sub')
        with check (bucket_id = 'docs');`)
    expect((await user.storage.from('docs').upload('mine.txt', 'm', { contentType: 'text/plain' })).error).toBeNull()
    const [row] = await p.sql<{ owner: string; owner_id: string }>(
      "select owner::text, owner_id from storage.objects where name = 'mine.txt'",
    )
    expect(row).toEqual({ owner: sub, owner_id: sub })
    expect((await user.storage.from('docs').list()).data?.map((e) => e.name)).toEqual(['mine.txt'])
  })
})

describe('requests that must not reach the disk', () => {
  it('refuses traversal, encoded traversal, NUL and absolute names', async () => {
    const auth = { authorization: `Bearer ${p.serviceKey}`, 'content-type': 'text/plain' }
    const base = `/p/${p.ref}/storage/v1/object/docs`
    for (const name of ['../../escape.txt', '%2e%2e/%2e%2e/escape.txt', 'a%00b.txt', '%2Fetc%2Fpasswd', 'x/../../y']) {
      const response = await rawRequest('POST', `${base}/${name}`, auth, 'nope')
      expect(response.status, name).toBe(400)
      expect(JSON.parse(response.body)).toMatchObject({ statusCode: '400', error: 'InvalidKey' })
    }
    const bucketEscape = await rawRequest('POST', `/p/${p.ref}/storage/v1/object/../escape.txt`, auth, 'nope')
    expect(bucketEscape.status).toBeGreaterThanOrEqual(400)
    expect(existsSync(path.join(p.t.dataDir, 'storage', 'escape.txt'))).toBe(false)
    expect(existsSync(path.join(storageDir, 'escape.txt'))).toBe(false)
  })

  it('answers at {ref}.{domain}/storage/v1 too, by Host header', async () => {
    const byHost = createClient(`http://${p.ref}.pgfleet.test`, p.serviceKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      // Node 20 has no WebSocket; realtime is never opened here
      realtime: { transport: class {} as never },
      global: { fetch: fetchVia(new URL(p.t.baseUrl).host) },
    })
    const { data, error } = await byHost.storage.listBuckets()
    expect(error).toBeNull()
    expect(data?.map((bucket) => bucket.name)).toEqual(['docs', 'media'])
  })

  it('asks for the apikey', async () => {
    const response = await fetch(`${storageUrl}/bucket`)
    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ statusCode: '401', message: 'No API key found in request' })
  })
})
