import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deployFunctionFiles } from '../services/functions/testing'
import { fetchVia, type RestTestProject, startRestTestProject } from '../services/rest/testing'

/**
 * Content users put on the platform never runs as the dashboard's origin: edge-function answers and storage objects
 * on /p/{ref}/... are sandboxed and never sniffed, active storage objects download as attachments; on the project's
 * own host ({ref}.{domain}) pages are served for real.
 */
const DOMAIN = 'content.test'
const PAGE = '<!doctype html><script>document.title = document.cookie</script><h1>hello</h1>'
let p: RestTestProject
let service: SupabaseClient
let token = ''

beforeAll(async () => {
  p = await startRestTestProject({ PGFLEET_DOMAIN: DOMAIN, PGFLEET_PORT_RANGE: testPortRangeSetting() })
  service = p.client({ key: p.serviceKey })
  token = (await p.api.post<{ token: string }>('/platform/profile/access-tokens', { name: 'content' })).body.token
  const deployed = await deployFunctionFiles({
    baseUrl: p.t.baseUrl,
    token,
    ref: p.ref,
    slug: 'page',
    files: {
      'index.ts': `Deno.serve(() => new Response(${JSON.stringify(PAGE)}, {
        headers: { 'content-type': 'text/html', 'content-security-policy': "default-src *", 'x-content-type-options': 'off' },
      }))`,
    },
    metadata: { entrypoint_path: 'index.ts', name: 'page', verify_jwt: false },
  })
  expect(deployed.status, JSON.stringify(deployed.body)).toBeLessThan(300)
  await service.storage.createBucket('site', { public: true })
  await service.storage.from('site').upload('index.html', new Blob([PAGE], { type: 'text/html' }))
  await service.storage
    .from('site')
    .upload('logo.svg', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }))
  await service.storage.from('site').upload('photo.png', new Blob(['png'], { type: 'image/png' }))
})
afterAll(async () => {
  await p?.destroy()
})

const onProjectHost = (pathname: string) => fetchVia(new URL(p.t.baseUrl).host)(`http://${p.ref}.${DOMAIN}${pathname}`)

describe('edge function answers', () => {
  it('are sandboxed and never sniffed on the platform origin, whatever the function says', async () => {
    const response = await fetch(`${p.projectUrl}/functions/v1/page`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toBe('sandbox')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await response.text()).toBe(PAGE)
  })

  it("are served for real on the project's own host", async () => {
    const response = await onProjectHost('/functions/v1/page')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toBe('default-src *')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('storage objects', () => {
  const publicUrl = (name: string) => `${p.projectUrl}/storage/v1/object/public/site/${name}`

  it('download HTML and SVG as sandboxed attachments on the platform origin', async () => {
    for (const name of ['index.html', 'logo.svg']) {
      const response = await fetch(publicUrl(name))
      expect(response.status).toBe(200)
      expect(response.headers.get('content-security-policy')).toBe('sandbox')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('content-disposition')).toMatch(/^attachment/)
    }
  })

  it('show images inline, sandboxed', async () => {
    const response = await fetch(publicUrl('photo.png'))
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('content-disposition')).toBeNull()
    expect(response.headers.get('content-security-policy')).toBe('sandbox')
  })

  it("serve HTML inline on the project's own host", async () => {
    const response = await onProjectHost('/storage/v1/object/public/site/index.html')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBeNull()
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('refuse a content type that is a list of types, in a png-only bucket and in any bucket', async () => {
    await service.storage.createBucket('pngs', { public: true, allowedMimeTypes: ['image/png'] })
    for (const bucket of ['pngs', 'site']) {
      const response = await fetch(`${p.projectUrl}/storage/v1/object/${bucket}/trick.png`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${p.serviceKey}`,
          apikey: p.serviceKey,
          'content-type': 'image/png; x=1, text/html',
        },
        body: PAGE,
      })
      expect({ bucket, status: response.status }).toEqual({ bucket, status: 415 })
    }
    const fine = await service.storage.from('pngs').upload('ok.png', new Blob(['png'], { type: 'image/png' }))
    expect(fine.error).toBeNull()
  })
})
