import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deployFunctionFiles } from '../services/functions/testing'
import { fetchVia, type RestTestProject, restFetch, startRestTestProject } from '../services/rest/testing'

/**
 * The dashboard's credentials never reach tenant code, and tenant code never sets cookies on the dashboard: a signed
 * in member's browser that follows a link to /p/{ref}/functions/v1/... sends the session cookie (SameSite=Lax), and a
 * function that saw it could replay it as that member; a function's Set-Cookie there would land on the dashboard.
 */
const DOMAIN = 'cookies-projects.test'
const ECHO = `Deno.serve((request) => {
  const headers = new Headers({ 'content-type': 'application/json' })
  headers.append('set-cookie', 'planted=1; Path=/')
  headers.append('set-cookie', '${SESSION_COOKIE}=chosen-by-the-tenant; Path=/')
  return new Response(JSON.stringify({
    cookie: request.headers.get('cookie'),
    csrf: request.headers.get('${CSRF_HEADER}'),
  }), { headers })
})`

let p: RestTestProject
let session: Record<string, string>

beforeAll(async () => {
  p = await startRestTestProject({ PGFLEET_DOMAIN: DOMAIN })
  const token = (await p.api.post<{ token: string }>('/platform/profile/access-tokens', { name: 'cookies' })).body.token
  const deployed = await deployFunctionFiles({
    baseUrl: p.t.baseUrl,
    token,
    ref: p.ref,
    slug: 'echo',
    files: { 'index.ts': ECHO },
    metadata: { entrypoint_path: 'index.ts', name: 'echo', verify_jwt: false },
  })
  expect(deployed.status, JSON.stringify(deployed.body)).toBeLessThan(300)
  session = p.api.sessionHeaders()
  expect(session.cookie).toContain(`${SESSION_COOKIE}=`)
  expect(session[CSRF_HEADER]).toBeTruthy()
}, 180_000)
afterAll(async () => {
  await p?.destroy()
})

describe('edge functions on the platform origin (/p/{ref}/functions/v1)', () => {
  it("never see the signed-in member's cookies or CSRF header", async () => {
    const response = await fetch(`${p.projectUrl}/functions/v1/echo`, {
      headers: { cookie: `${session.cookie}; other=kept-nowhere`, [CSRF_HEADER]: session[CSRF_HEADER] ?? '' },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ cookie: null, csrf: null })
  })

  it('cannot set cookies on the dashboard', async () => {
    const response = await fetch(`${p.projectUrl}/functions/v1/echo`)
    expect(response.status).toBe(200)
    expect(response.headers.getSetCookie()).toEqual([])
  })
})

describe("edge functions on the project's own host ({ref}.{domain})", () => {
  const onProjectHost = () => fetchVia(new URL(p.t.baseUrl).host)

  it("get the project's own cookies but never the platform's", async () => {
    const response = await onProjectHost()(`http://${p.ref}.${DOMAIN}/functions/v1/echo`, {
      headers: { cookie: `app=1; ${session.cookie}; theme=dark`, [CSRF_HEADER]: 'x' },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ cookie: 'app=1; theme=dark', csrf: null })
  })

  it('may set their own cookies there, since that host is the tenant’s', async () => {
    const response = await onProjectHost()(`http://${p.ref}.${DOMAIN}/functions/v1/echo`)
    expect(response.headers.get('set-cookie')).toContain('planted=1')
  })
})

describe('the data API', () => {
  it("does not hand the platform's cookies or CSRF header to SQL through request.headers", async () => {
    await p.sql(`create function public.seen_headers() returns json language sql
      as $$ select pg_catalog.current_setting('request.headers', true)::json $$`)
    await p.sql(`notify pgrst, 'reload schema'`)
    let seen: Record<string, string> = {}
    for (let attempt = 0; attempt < 50; attempt++) {
      const answer = await restFetch(p, '/rpc/seen_headers', {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `${session.cookie}; app=1`, [CSRF_HEADER]: 'x' },
        body: '{}',
      })
      if (answer.status === 200) {
        seen = answer.json() as Record<string, string>
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    expect(seen.apikey).toBe(p.anonKey)
    expect(seen.cookie).toBe('app=1')
    expect(seen[CSRF_HEADER]).toBeUndefined()
    expect(JSON.stringify(seen)).not.toContain(`${CSRF_COOKIE}=`)
  })
})
