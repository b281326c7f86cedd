import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RestTestProject, restFetch, startRestTestProject } from './testing'

/** Row-level security decided by the JWT's role and claims, API keys, JWT checks, exposed schemas, injection. */
let p: RestTestProject
const ALICE = '11111111-1111-4111-8111-111111111111'
const BOB = '22222222-2222-4222-8222-222222222222'

const FIXTURE_SQL = `
create table notes (id serial primary key, user_id uuid not null, body text);
alter table notes enable row level security;
create policy own_notes on notes for all to authenticated
  using (user_id = (current_setting('request.jwt.claims', true)::json->>'sub')::uuid)
  with check (user_id = current_setting('request.jwt.claim.sub', true)::uuid);
insert into notes (user_id, body) values ('${ALICE}', 'alice 1'), ('${ALICE}', 'alice 2'), ('${BOB}', 'bob 1');
create function whoami() returns json language sql stable as $$
  select json_build_object('sub', current_setting('request.jwt.claim.sub', true), 'role', current_user)
$$;
create table locked (id int);
revoke all on locked from anon, authenticated;
create schema hidden;
create table hidden.secrets (id int);
grant usage on schema hidden to anon;
grant select on hidden.secrets to anon;
create table posts (id serial primary key, title text);
insert into posts (title) values ('one'), ('two');
create table canary (id int);
insert into canary values (42);
`

beforeAll(async () => {
  p = await startRestTestProject()
  await p.sql(FIXTURE_SQL)
})
afterAll(async () => {
  await p?.destroy()
})

describe('row-level security', () => {
  it('shows an authenticated user only their rows, anon none and service_role all', async () => {
    const alice = p.client({ accessToken: await p.signJwt({ sub: ALICE, role: 'authenticated' }) })
    expect((await alice.from('notes').select('body').order('id')).data).toEqual([
      { body: 'alice 1' },
      { body: 'alice 2' },
    ])
    const bob = p.client({ accessToken: await p.signJwt({ sub: BOB, role: 'authenticated' }) })
    expect((await bob.from('notes').select('body')).data).toEqual([{ body: 'bob 1' }])
    expect((await p.client().from('notes').select('body')).data).toEqual([])
    const service = p.client({ key: p.serviceKey })
    expect((await service.from('notes').select('body', { count: 'exact', head: true })).count).toBe(3)
  })

  it('sets the role and claims the policies and functions read', async () => {
    const token = await p.signJwt({ sub: ALICE, role: 'authenticated', email: 'alice@example.com' })
    const { data } = await p.client({ accessToken: token }).rpc('whoami')
    expect(data).toEqual({ sub: ALICE, role: 'authenticated' })
    // no sub claim: empty, as after any earlier request on the connection (auth.uid()-style helpers use nullif)
    expect((await p.client().rpc('whoami')).data).toEqual({ sub: '', role: 'anon' })
  })

  it('lets users write their own rows only', async () => {
    const alice = p.client({ accessToken: await p.signJwt({ sub: ALICE, role: 'authenticated' }) })
    const own = await alice.from('notes').insert({ user_id: ALICE, body: 'alice 3' }).select('body').single()
    expect(own).toMatchObject({ status: 201, data: { body: 'alice 3' } })
    const forged = await alice.from('notes').insert({ user_id: BOB, body: 'forged' })
    expect(forged.status).toBe(403)
    expect(forged.error?.code).toBe('42501')
    const stolen = await alice.from('notes').update({ body: 'mine now' }).eq('user_id', BOB).select()
    expect(stolen.data).toEqual([])
    expect((await p.sql(`select body from notes where user_id = '${BOB}'`)).map((r) => r.body)).toEqual(['bob 1'])
  })

  it('answers 401 to anon and 403 to users without privileges', async () => {
    const anon = await p.client().from('locked').select()
    expect(anon.status).toBe(401)
    expect(anon.error).toMatchObject({ code: '42501', message: 'permission denied for table locked' })
    const user = p.client({ accessToken: await p.signJwt({ sub: ALICE, role: 'authenticated' }) })
    expect((await user.from('locked').select()).status).toBe(403)
  })
})

describe('API keys and JWTs', () => {
  it('requires the project apikey, as header or query parameter', async () => {
    const none = await restFetch(p, '/posts', { key: null })
    expect(none.status).toBe(401)
    expect(none.json()).toMatchObject({ code: 'PGRST302', message: 'No API key found in request' })
    const garbage = await restFetch(p, '/posts', { key: 'not-a-key' })
    expect(garbage.status).toBe(401)
    expect(garbage.json()).toMatchObject({ message: 'Invalid API key' })
    const asUserToken = await restFetch(p, '/posts', { key: await p.signJwt({ sub: ALICE, role: 'authenticated' }) })
    expect(asUserToken.status).toBe(401)
    const viaQuery = await restFetch(p, `/posts?select=id&apikey=${p.anonKey}`, { key: null })
    expect(viaQuery.status).toBe(200)
  })

  it('verifies the bearer JWT against the project secret', async () => {
    const expired = await restFetch(p, '/posts', {
      headers: { Authorization: `Bearer ${await p.signJwt({ role: 'authenticated' }, '-1m')}` },
    })
    expect(expired.status).toBe(401)
    expect(expired.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' })
    expect(expired.headers.get('www-authenticate')).toMatch(/^Bearer error="invalid_token"/)
    const [header, payload] = p.serviceKey.split('.')
    const forged = await restFetch(p, '/notes', {
      headers: { Authorization: `Bearer ${header}.${payload}.invalidsignature` },
    })
    expect(forged.status).toBe(401)
    expect(forged.json()).toMatchObject({ code: 'PGRST301' })
    const otherSecret = new TextEncoder().encode('another-project-secret-another-project-secret')
    const otherProjectKey = await new SignJWT({ role: 'anon' }).setProtectedHeader({ alg: 'HS256' }).sign(otherSecret)
    expect((await restFetch(p, '/posts', { key: otherProjectKey })).status).toBe(401)
  })
})

describe('exposed schemas', () => {
  it('serves only the exposed schemas', async () => {
    expect((await restFetch(p, '/secrets')).status).toBe(404)
    for (const schema of ['hidden', '_pgfleet', 'pg_catalog']) {
      const answer = await restFetch(p, '/secrets', { headers: { 'Accept-Profile': schema } })
      expect(answer.status).toBe(406)
      expect(answer.json()).toMatchObject({
        code: 'PGRST106',
        message: 'The schema must be one of the following: public',
      })
    }
    expect((await p.client().schema('hidden').from('secrets').select()).status).toBe(406)
  })
})

describe('injection attempts', () => {
  const DROP = 'drop table canary'
  const attempts: [string, string, RequestInit?][] = [
    ['select list', `/posts?select=id,title);${DROP};--`],
    ['quoted select name', '/posts?select="ti""tle"'],
    ['cast', `/posts?select=title::text);${DROP};--`],
    ['JSON path key', `/posts?select=title->>'a');${DROP};--`],
    ['filter key', `/posts?title;${DROP}=eq.1`],
    ['quoted filter key', '/posts?"ti""tle"=eq.1'],
    ['in list', `/posts?id=in.(1);${DROP};--)`],
    ['logic tree', `/posts?or=(id.eq.1,id.eq.2);${DROP};--`],
    ['order column', `/posts?order=id;${DROP}`],
    ['order modifier', `/posts?order=id.desc;${DROP}`],
    ['limit', `/posts?limit=1;${DROP}`],
    ['fts config', `/posts?title=fts(english);${DROP}.x`],
    ['NUL byte', '/posts?title=eq.%00'],
    ['table name', `/posts;${DROP}`],
    ['quoted table name', '/posts%22'],
    ['function name', `/rpc/whoami();${DROP}`],
    ['schema profile', '/posts', { headers: { 'Accept-Profile': `public;${DROP}` } }],
    [
      'on_conflict',
      `/posts?on_conflict=id);${DROP};--`,
      {
        method: 'POST',
        headers: { Prefer: 'resolution=merge-duplicates', 'content-type': 'application/json' },
        body: '{"title":"x"}',
      },
    ],
    [
      'columns',
      `/posts?columns=title,"x);${DROP}"`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"x"}' },
    ],
    [
      'body column',
      '/posts',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"title\\"); ${DROP}; --": 1}` },
    ],
    [
      'function argument name',
      '/rpc/whoami',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"x\\") ; ${DROP}; --": 1}` },
    ],
  ]

  it.each(attempts)('refuses a crafted %s with a 4xx in PostgREST shape', async (_name, path, init) => {
    const answer = await restFetch(p, path, { ...init, key: p.serviceKey })
    expect(answer.status).toBeGreaterThanOrEqual(400)
    expect(answer.status).toBeLessThan(500)
    expect(answer.json()).toHaveProperty('code')
  })

  it('treats hostile values, aliases and comments as data', async () => {
    const db = p.client({ key: p.serviceKey })
    expect((await db.from('posts').select('id').eq('title', `x'); ${DROP}; --`)).data).toEqual([])
    expect((await db.from('posts').select('id').eq('title', '-- /* */')).data).toEqual([])
    expect(
      (
        await db
          .from('posts')
          .select('id')
          .in('title', [`one'); ${DROP}; --`, 'one'])
      ).data,
    ).toEqual([{ id: 1 }])
    // supabase-js drops the spaces; the alias is still just a quoted identifier
    const aliased = await db.from('posts').select('id, "x\\";droptablecanary;--":title').eq('id', 1)
    expect(aliased.data).toEqual([{ id: 1, 'x";droptablecanary;--': 'one' }])
    const inserted = await db
      .from('posts')
      .insert({ title: `'); ${DROP}; --` })
      .select('title')
      .single()
    expect(inserted.data).toEqual({ title: `'); ${DROP}; --` })
  })

  it('left every table and row in place', async () => {
    expect(await p.sql('select id from canary')).toEqual([{ id: 42 }])
    expect((await p.sql('select count(*)::int as n from notes'))[0]?.n).toBeGreaterThanOrEqual(3)
    expect((await p.sql('select title from posts where id <= 2 order by id')).map((r) => r.title)).toEqual([
      'one',
      'two',
    ])
  })
})
