import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, waitFor } from '../../testing/harness'
import { fetchVia, type RestTestProject, restFetch, startRestTestProject } from './testing'

/**
 * The data API as the platform serves it: by path and by Host under PGFLEET_DOMAIN, CORS, bounded pools that
 * close on demand, configuration switches, and the dashboard's API description and keys.
 */
let p: RestTestProject
const DOMAIN = 'pgfleet.test'
const POOL_SIZE = 3

beforeAll(async () => {
  p = await startRestTestProject({
    PGFLEET_DOMAIN: DOMAIN,
    PGFLEET_REST_POOL_SIZE: String(POOL_SIZE),
    PGFLEET_REST_ALLOW_UNFILTERED_WRITES: 'true',
    PGFLEET_REST_SCHEMAS: 'public,api',
  })
  await p.sql(`
    create table things (id serial primary key, name text not null, size int);
    comment on table things is 'Things we keep';
    comment on column things.name is 'What it is called';
    insert into things (name, size) values ('box', 1), ('bag', 2);
    create function nap(ms int) returns int language plpgsql as 'begin perform pg_sleep(ms / 1000.0); return ms; end';
    create schema api;
    grant usage on schema api to anon;
    create table api.gauges (id int primary key, reading int);
    grant select on api.gauges to anon;
    insert into api.gauges values (1, 42);
    create function biggest(min_size int default 0) returns setof things language sql stable
      as 'select * from things where size >= min_size order by size desc';
  `)
})
afterAll(async () => {
  await p?.destroy()
})

describe('addressing', () => {
  it('serves {ref}.{domain}/rest/v1 by Host header', async () => {
    const origin = new URL(p.t.baseUrl)
    const projectHost = `${p.ref}.${DOMAIN}:${origin.port}`
    // supabase-js talks to http://{ref}.pgfleet.test:port; the request reaches this machine with that Host
    const db = createClient(`http://${projectHost}`, p.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: class {} as never },
      global: { fetch: fetchVia(origin.host) },
    })
    const { data, error } = await db.from('things').select('name').order('id')
    expect(error).toBeNull()
    expect(data).toEqual([{ name: 'box' }, { name: 'bag' }])
    const stranger = await fetchVia(origin.host)(`http://nope.${DOMAIN}:${origin.port}/rest/v1/things`, {
      headers: { apikey: p.anonKey },
    })
    expect(stranger.status).toBe(404)
    expect(await stranger.json()).toMatchObject({ code: 'PGRST125' })
  })

  it('answers CORS preflights and exposes the headers supabase-js reads', async () => {
    const preflight = await fetch(`${p.restUrl}/things`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://app.example.com',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type, prefer, x-client-info',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('PATCH')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('prefer')
    const answer = await restFetch(p, '/things?select=id', { headers: { Origin: 'https://app.example.com' } })
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
    expect(answer.headers.get('access-control-expose-headers')).toContain('Content-Range')
  })

  it('exposes the configured schemas, chosen with Accept-Profile', async () => {
    expect((await p.client().schema('api').from('gauges').select('reading')).data).toEqual([{ reading: 42 }])
    expect((await p.client().from('gauges').select()).status).toBe(404)
    const hidden = await restFetch(p, '/gauges', { headers: { 'Accept-Profile': 'pg_catalog' } })
    expect(hidden.json()).toMatchObject({
      code: 'PGRST106',
      message: 'The schema must be one of the following: public, api',
    })
  })

  it('allows unfiltered writes when configured to', async () => {
    const { status } = await p.client({ key: p.serviceKey }).from('things').update({ size: 5 })
    expect(status).toBe(204)
    expect((await p.sql('select distinct size from things')).map((r) => r.size)).toEqual([5])
  })
})

describe('connection pool', () => {
  const authenticatorConnections = async () =>
    Number((await p.sql("select count(*) as n from pg_stat_activity where usename = 'authenticator'"))[0]?.n ?? 0)

  it('stays within its bound under concurrent requests', async () => {
    const db = p.client()
    const started = Date.now()
    const answers = await Promise.all(Array.from({ length: 12 }, () => db.rpc('nap', { ms: 100 })))
    expect(answers.every((a) => a.data === 100)).toBe(true)
    // 12 calls of 100 ms through 3 connections take at least 4 rounds
    expect(Date.now() - started).toBeGreaterThanOrEqual(350)
    const open = await authenticatorConnections()
    expect(open).toBeGreaterThan(0)
    expect(open).toBeLessThanOrEqual(POOL_SIZE)
  })

  it("closes with the project's connections and reopens on the next request", async () => {
    await p.t.platform.ctx.connections.closeProject(p.ref)
    await waitFor(authenticatorConnections, (n) => n === 0, 5_000, 50)
    expect((await p.client().from('things').select('id')).data).toHaveLength(2)
  })
})

describe('dashboard endpoints', () => {
  it('describes the API for the dashboard with the same generator', async () => {
    const answer = await p.api.get<{
      definitions: Record<string, { description?: string; properties: Record<string, { description?: string }> }>
      paths: Record<
        string,
        { post?: { parameters: { in: string; schema?: { properties: Record<string, unknown> } }[] } }
      >
    }>(`/platform/projects/${p.ref}/api/rest`)
    expect(answer.status).toBe(200)
    expect(answer.body.definitions.things?.description).toBe('Things we keep')
    expect(answer.body.definitions.things?.properties.name?.description).toBe('What it is called')
    const rpc = answer.body.paths['/rpc/biggest']?.post?.parameters.find((param) => param.in === 'body')
    expect(rpc?.schema?.properties).toEqual({ min_size: { format: 'integer', type: 'integer' } })
    const root = await restFetch(p, '/')
    expect(Object.keys((root.json() as { paths: object }).paths)).toEqual(Object.keys(answer.body.paths))
  })

  it('lists the API keys, with the service key only for roles that may read it', async () => {
    const legacyOf = (keys: { name: string; api_key: string; type: string }[]) =>
      keys.filter((key) => key.type === 'legacy').map(({ name, api_key }) => ({ name, api_key }))
    const owner = await p.api.get<{ name: string; api_key: string; type: string }[]>(`/v1/projects/${p.ref}/api-keys`)
    expect(legacyOf(owner.body)).toEqual([
      { name: 'anon', api_key: p.anonKey },
      { name: 'service_role', api_key: p.serviceKey },
    ])
    const reader = new ApiClient(() => p.t.baseUrl)
    await reader.post('/platform/auth/signup', { email: 'reader@example.com', password: 'reader-password' })
    expect((await reader.get(`/v1/projects/${p.ref}/api-keys`)).status).toBe(404)
    await p.api.post(`/platform/organizations/${p.slug}/members`, {
      email: 'reader@example.com',
      role_name: 'Read-only',
    })
    const readOnly = await reader.get<{ name: string; api_key: string; type: string }[]>(
      `/v1/projects/${p.ref}/api-keys`,
    )
    expect(legacyOf(readOnly.body)).toEqual([{ name: 'anon', api_key: p.anonKey }])
    expect((await new ApiClient(() => p.t.baseUrl).get(`/platform/projects/${p.ref}/api/rest`)).status).toBe(401)
  })
})
