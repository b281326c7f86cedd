import type { EdgeFunction, EdgeFunctionBody } from '@pgfleet/contracts'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchVia, type RestTestProject, startRestTestProject } from '../rest/testing'
import { edgeFunctionsRuntime } from './runtime/edge-runtime'
import { deployFunctionFiles, ECHO_FUNCTION, SHOUT_MODULE } from './testing'

/**
 * Edge functions end to end on a real platform: deploy over multipart, list and detail, invoke through
 * supabase-js, by path and by Host, JWT verification, redeploys, failures, the sandbox, download and delete.
 */
let p: RestTestProject
let token = ''
const DOMAIN = 'functions.test'

beforeAll(async () => {
  p = await startRestTestProject({ PGFLEET_DOMAIN: DOMAIN, PGFLEET_PORT_RANGE: testPortRangeSetting() })
  token = (await p.api.post<{ token: string }>('/platform/profile/access-tokens', { name: 'functions' })).body.token
  await p.sql("create table notes (id int primary key, body text); insert into notes values (1, 'from the database')")
})
afterAll(async () => {
  await p?.destroy()
})

const deploy = (slug: string, files: Record<string, string>, metadata?: Record<string, unknown>) =>
  deployFunctionFiles({ baseUrl: p.t.baseUrl, token, ref: p.ref, slug, files, metadata })
const invokeUrl = (path: string) => `${p.projectUrl}/functions/v1/${path}`
const management = (path = '') =>
  fetch(`${p.t.baseUrl}/v1/projects/${p.ref}/functions${path}`, { headers: { authorization: `Bearer ${token}` } })

describe('deploy, list and detail', () => {
  it('deploys a function with a relative import and answers in the hosted shape', async () => {
    const before = Date.now()
    const deployed = await deploy('echo', { 'index.ts': ECHO_FUNCTION, 'lib/shout.ts': SHOUT_MODULE })
    expect(deployed.status).toBe(201)
    expect(deployed.body).toMatchObject({
      slug: 'echo',
      name: 'echo',
      version: 1,
      status: 'ACTIVE',
      verify_jwt: true,
      import_map: false,
      entrypoint_path: 'index.ts',
    })
    expect(deployed.body.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(deployed.body.created_at).toBeGreaterThanOrEqual(before - 5_000)
    expect(deployed.body.updated_at).toBe(deployed.body.created_at)
  })

  it('lists and details the function', async () => {
    const list = (await (await management()).json()) as EdgeFunction[]
    expect(list.map((f) => f.slug)).toEqual(['echo'])
    const detail = await management('/echo')
    expect(detail.status).toBe(200)
    expect(await detail.json()).toEqual(list[0])
    const missing = await management('/nope')
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ message: 'Function nope not found' })
  })

  it('downloads the live version as JSON', async () => {
    const body = (await (await management('/echo/body')).json()) as EdgeFunctionBody
    expect(body).toMatchObject({ slug: 'echo', version: 1, entrypoint_path: 'index.ts', verify_jwt: true })
    expect(body.files).toEqual([
      { name: 'index.ts', content: ECHO_FUNCTION, encoding: 'utf-8' },
      { name: 'lib/shout.ts', content: SHOUT_MODULE, encoding: 'utf-8' },
    ])
  })
})

describe('invocation', () => {
  it('answers supabase-js functions.invoke with the function JSON', async () => {
    const { data, error } = await p.client().functions.invoke('echo', { body: { name: 'Functions' } })
    expect(error).toBeNull()
    expect(data).toEqual({
      method: 'POST',
      path: '/echo',
      query: '',
      body: { name: 'Functions' },
      shout: 'HELLO!',
      hasUrl: true,
      hasServiceKey: true,
      authorization: true,
    })
  })

  it('passes sub-paths, queries, status codes and headers through', async () => {
    const answer = await fetch(invokeUrl('echo/a/b?x=1'), { headers: { authorization: `Bearer ${p.anonKey}` } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('x-echo')).toBe('yes')
    expect(await answer.json()).toMatchObject({ method: 'GET', path: '/echo/a/b', query: '?x=1' })
    const teapot = await fetch(invokeUrl('echo?status=418'), { headers: { authorization: `Bearer ${p.anonKey}` } })
    expect(teapot.status).toBe(418)
    expect(teapot.headers.get('x-custom')).toBe('yes')
    expect(await teapot.text()).toBe('custom')
    const { error } = await p.client().functions.invoke('echo?status=409')
    expect(error).toBeInstanceOf(FunctionsHttpError)
    expect((error as FunctionsHttpError).context.status).toBe(409)
  })

  it('serves {ref}.{domain}/functions/v1/{slug} by Host header', async () => {
    const origin = new URL(p.t.baseUrl)
    const answer = await fetchVia(origin.host)(`http://${p.ref}.${DOMAIN}:${origin.port}/functions/v1/echo/by-host`, {
      headers: { authorization: `Bearer ${p.anonKey}` },
    })
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ path: '/echo/by-host' })
    const stranger = await fetchVia(origin.host)(`http://nope.${DOMAIN}:${origin.port}/functions/v1/echo`)
    expect(stranger.status).toBe(404)
  })

  it('refuses a missing or invalid JWT when verify_jwt is on, and needs none when it is off', async () => {
    const missing = await fetch(invokeUrl('echo'))
    expect(missing.status).toBe(401)
    expect(await missing.json()).toEqual({ code: 401, message: 'Missing authorization header' })
    const forged = await fetch(invokeUrl('echo'), { headers: { authorization: 'Bearer not.a.jwt' } })
    expect(forged.status).toBe(401)
    expect(await forged.json()).toEqual({ code: 401, message: 'Invalid JWT' })
    const user = await p.signJwt({ role: 'authenticated', sub: 'user-1' })
    expect((await fetch(invokeUrl('echo'), { headers: { authorization: `Bearer ${user}` } })).status).toBe(200)
    // a publishable or secret key is not a JWT: verify_jwt wants a user's token (or a legacy key)
    const keys = (await p.api.get<{ type: string; api_key: string }[]>(`/v1/projects/${p.ref}/api-keys?reveal=true`))
      .body
    for (const type of ['publishable', 'secret']) {
      const key = keys.find((k) => k.type === type)?.api_key ?? ''
      expect(key.startsWith('sb_')).toBe(true)
      const refused = await fetch(invokeUrl('echo'), { headers: { apikey: key, authorization: `Bearer ${key}` } })
      expect(refused.status).toBe(401)
      expect(((await refused.json()) as { message: string }).message).toMatch(/^Invalid JWT: An API key/)
    }

    const open = await deploy(
      'open',
      { 'index.ts': ECHO_FUNCTION, 'lib/shout.ts': SHOUT_MODULE },
      { verify_jwt: false },
    )
    expect(open.body.verify_jwt).toBe(false)
    const anonymous = await fetch(invokeUrl('open'), { method: 'POST', body: '{"a":1}' })
    expect(anonymous.status).toBe(200)
    expect(await anonymous.json()).toMatchObject({ body: { a: 1 }, authorization: false })
  })

  it('lets functions call the project API with the keys they are given', async () => {
    const reader = `Deno.serve(async () => {
      const key = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')
      const answer = await fetch(Deno.env.get('SUPABASE_URL') + '/rest/v1/notes?select=body', {
        headers: { apikey: key, authorization: 'Bearer ' + key },
      })
      return Response.json(await answer.json(), { status: answer.status })
    })`
    await deploy('reader', { 'index.ts': reader })
    const { data, error } = await p.client().functions.invoke('reader')
    expect(error).toBeNull()
    expect(data).toEqual([{ body: 'from the database' }])

    // and with the secret key they are given, as on the hosted product (SUPABASE_SECRET_KEYS, by name)
    const secretReader = `Deno.serve(async () => {
      const key = JSON.parse(Deno.env.get('SUPABASE_SECRET_KEYS') ?? '{}').default
      const publishable = JSON.parse(Deno.env.get('SUPABASE_PUBLISHABLE_KEYS') ?? '{}').default
      const answer = await fetch(Deno.env.get('SUPABASE_URL') + '/rest/v1/notes?select=body', {
        headers: { apikey: key, authorization: 'Bearer ' + key },
      })
      return Response.json({ rows: await answer.json(), status: answer.status, publishable: publishable?.slice(0, 15) })
    })`
    await deploy('secret-reader', { 'index.ts': secretReader })
    const viaSecret = await p.client().functions.invoke('secret-reader')
    expect(viaSecret.error).toBeNull()
    expect(viaSecret.data).toEqual({
      rows: [{ body: 'from the database' }],
      status: 200,
      publishable: 'sb_publishable_',
    })
  })

  it('redeploys: the version goes up and the new code answers', async () => {
    const redeployed = await deploy('echo', { 'index.ts': 'Deno.serve(() => new Response("v2"))' })
    expect(redeployed.status).toBe(201)
    expect(redeployed.body.version).toBe(2)
    expect(redeployed.body.updated_at).toBeGreaterThan(redeployed.body.created_at)
    const answer = await fetch(invokeUrl('echo'), { headers: { authorization: `Bearer ${p.anonKey}` } })
    expect(await answer.text()).toBe('v2')
    expect(
      edgeFunctionsRuntime(p.t.platform.ctx)
        .pool.running()
        .filter((w) => w.spec.key.endsWith('/echo')),
    ).toEqual([expect.objectContaining({ spec: expect.objectContaining({ version: 2 }) })])
  })
})

describe('failures and the sandbox', () => {
  it('answers 500 for a function that throws, without platform internals', async () => {
    await deploy(
      'thrower',
      { 'index.ts': 'Deno.serve(() => { throw new Error("secret detail") })' },
      { verify_jwt: false },
    )
    const answer = await fetch(invokeUrl('thrower'))
    expect(answer.status).toBe(500)
    const text = await answer.text()
    expect(text).not.toContain('secret detail')
    expect(text).not.toContain(p.t.dataDir)
  })

  it('answers 503 with the first lines of stderr when the function cannot start', async () => {
    await deploy('broken', { 'index.ts': 'import { nothing } from "./missing.ts"\nDeno.serve(() => new Response())' })
    const answer = await fetch(invokeUrl('broken'), { headers: { authorization: `Bearer ${p.anonKey}` } })
    expect(answer.status).toBe(503)
    const { message } = (await answer.json()) as { message: string }
    expect(message).toMatch(/^Function failed to start: it exited with code 1/)
    expect(message).toContain('missing.ts')
    expect(message).not.toContain(p.t.dataDir)
  })

  it('keeps functions to their own files and variables', async () => {
    const probe = `Deno.serve(async () => {
      const attempt = async (run) => { try { await run(); return 'allowed' } catch (e) { return e.name } }
      return Response.json({
        ownFile: await attempt(() => Deno.readTextFile('./index.ts')),
        otherFile: await attempt(() => Deno.readTextFile('/etc/hostname')),
        write: await attempt(() => Deno.writeTextFile('./x.txt', 'x')),
        env: await attempt(() => Deno.env.get('PATH')),
        run: await attempt(() => new Deno.Command('/bin/true').output()),
      })
    })`
    await deploy('probe', { 'index.ts': probe }, { verify_jwt: false })
    const answer = await fetch(invokeUrl('probe'))
    expect(await answer.json()).toEqual({
      ownFile: 'allowed',
      otherFile: 'NotCapable',
      write: 'NotCapable',
      env: 'NotCapable',
      run: 'NotCapable',
    })
  })
})

describe('delete', () => {
  it('deletes: the function, its worker and its URL are gone', async () => {
    const deleted = await fetch(`${p.t.baseUrl}/v1/projects/${p.ref}/functions/echo`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(deleted.status).toBe(200)
    expect((await management('/echo')).status).toBe(404)
    const answer = await fetch(invokeUrl('echo'), { headers: { authorization: `Bearer ${p.anonKey}` } })
    expect(answer.status).toBe(404)
    expect(await answer.json()).toEqual({ code: 404, message: 'Requested function was not found' })
    const running = edgeFunctionsRuntime(p.t.platform.ctx).pool.running()
    expect(running.map((w) => w.spec.key)).not.toContain(`${p.ref}/echo`)
  })
})
