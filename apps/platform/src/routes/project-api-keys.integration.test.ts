import {
  type ApiKeyResponse,
  type LegacyApiKeysResponse,
  MAX_API_KEYS_PER_PROJECT,
  type Project,
} from '@pgfleet/contracts'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RestTestProject, restFetch, startRestTestProject } from '../services/rest/testing'
import { ApiClient } from '../testing/harness'

/**
 * Publishable and secret keys end to end: the Management API's key routes, supabase-js from Node against the data
 * API and storage with each key, and the attacks: another project's key, a revoked key, a secret key from a
 * browser, legacy keys once switched off, members without the right, hostile input.
 */
let p: RestTestProject
let keys: ApiKeyResponse[]
let publishable = ''
let secret = ''
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'

const FIXTURE_SQL = `
create table notes (id serial primary key, body text, shared boolean not null default false);
alter table notes enable row level security;
create policy shared_notes on notes for select to anon using (shared);
insert into notes (body, shared) values ('public note', true), ('private note', false);
`

/** Node 20 has no WebSocket and these tests open no realtime channel: supabase-js only needs a constructor. */
class NoRealtime {
  constructor() {
    throw new Error('realtime is not used here')
  }
}

const clientWith = (key: string, headers: Record<string, string> = {}): SupabaseClient =>
  createClient(p.projectUrl, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: NoRealtime as never },
    global: { headers },
  })

const keysPath = () => `/v1/projects/${p.ref}/api-keys`
const listKeys = async (client: ApiClient = p.api, reveal = false) =>
  (await client.get<ApiKeyResponse[]>(`${keysPath()}${reveal ? '?reveal=true' : ''}`)).body
const storageFetch = (path: string, headers: Record<string, string>) =>
  fetch(`${p.projectUrl}/storage/v1${path}`, { headers })

async function memberWithRole(email: string, role: string): Promise<ApiClient> {
  const member = new ApiClient(() => p.t.baseUrl)
  await member.post('/platform/auth/signup', { email, password: 'member-password' })
  const added = await p.api.post(`/platform/organizations/${p.slug}/members`, { email, role_name: role })
  if (added.status >= 300) throw new Error(`adding ${email}: ${added.status} ${JSON.stringify(added.body)}`)
  return member
}

beforeAll(async () => {
  p = await startRestTestProject()
  await p.sql(FIXTURE_SQL)
  keys = await listKeys(p.api, true)
  publishable = keys.find((key) => key.type === 'publishable')?.api_key ?? ''
  secret = keys.find((key) => key.type === 'secret')?.api_key ?? ''
}, 120_000)
afterAll(async () => {
  await p?.destroy()
})

describe('the key list', () => {
  it('has the legacy keys, then a default publishable and a default secret key, in the hosted shape', async () => {
    expect(keys.map((key) => [key.type, key.name])).toEqual([
      ['legacy', 'anon'],
      ['legacy', 'service_role'],
      ['publishable', 'default'],
      ['secret', 'default'],
    ])
    expect(keys[0]).toMatchObject({ id: 'anon', api_key: p.anonKey, hash: null })
    expect(keys[1]).toMatchObject({ id: 'service_role', api_key: p.serviceKey })
    expect(publishable).toMatch(/^sb_publishable_[A-Za-z0-9_-]{32}$/)
    expect(secret).toMatch(/^sb_secret_[A-Za-z0-9_-]{32}$/)
    const secretKey = keys[3] as ApiKeyResponse
    expect(secretKey).toMatchObject({
      secret_jwt_template: { role: 'service_role' },
      prefix: secret.slice(0, 'sb_secret_'.length + 5),
      description: null,
    })
    expect(secretKey.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(secretKey.hash).toMatch(/^[A-Za-z0-9_-]{43}$/)

    // without reveal the secret is masked; the publishable key is public
    const masked = await listKeys()
    expect(masked[2]?.api_key).toBe(publishable)
    expect(masked[3]?.api_key).toBe(`${secretKey.prefix}••••••••••••••••`)
    expect(JSON.stringify(masked)).not.toContain(secret)
    // one key by id, revealed or not
    expect((await p.api.get<ApiKeyResponse>(`${keysPath()}/${secretKey.id}?reveal=true`)).body.api_key).toBe(secret)
    expect((await p.api.get<ApiKeyResponse>(`${keysPath()}/anon`)).body.api_key).toBe(p.anonKey)
  })
})

describe('supabase-js with the new keys', () => {
  it('reads through the publishable key as anon, row-level security applying', async () => {
    const app = clientWith(publishable)
    const { data, error } = await app.from('notes').select('body')
    expect(error).toBeNull()
    expect(data).toEqual([{ body: 'public note' }])
    const write = await app.from('notes').insert({ body: 'nope' })
    expect(write.error?.code).toBe('42501')
  })

  it('reads and writes through a secret key from Node as service_role', async () => {
    const server = clientWith(secret)
    expect((await server.from('notes').select('body').order('id')).data).toEqual([
      { body: 'public note' },
      { body: 'private note' },
    ])
    expect((await server.from('notes').insert({ body: 'from the server' })).error).toBeNull()
  })

  it('uses storage with each key: the secret key manages buckets, the publishable key sees what anon may', async () => {
    const server = clientWith(secret)
    expect((await server.storage.createBucket('keyed', { public: true })).error).toBeNull()
    const uploaded = await server.storage
      .from('keyed')
      .upload('hello.txt', new Blob(['hi']), { contentType: 'text/plain' })
    expect(uploaded.error).toBeNull()
    const downloaded = await server.storage.from('keyed').download('hello.txt')
    expect(await downloaded.data?.text()).toBe('hi')
    const app = clientWith(publishable)
    const refused = await app.storage.from('keyed').upload('anon.txt', new Blob(['x']), { contentType: 'text/plain' })
    expect(refused.error).not.toBeNull()
    const publicUrl = app.storage.from('keyed').getPublicUrl('hello.txt').data.publicUrl
    expect(await (await fetch(publicUrl)).text()).toBe('hi')
  })

  it('refuses a secret key from a browser, on the data API and storage, with a clear 401', async () => {
    const fromBrowser = clientWith(secret, { 'User-Agent': BROWSER })
    const { error, status } = await fromBrowser.from('notes').select('body')
    expect(status).toBe(401)
    expect(error?.message).toBe('Forbidden use of secret API key in browser')
    const stored = await storageFetch('/bucket', { apikey: secret, 'user-agent': BROWSER })
    expect(stored.status).toBe(401)
    expect(((await stored.json()) as { message: string }).message).toBe('Forbidden use of secret API key in browser')
    // the publishable key is meant for browsers
    const app = clientWith(publishable, { 'User-Agent': BROWSER })
    expect((await app.from('notes').select('body')).error).toBeNull()
  })
})

describe('attacks', () => {
  it('refuses another project’s keys', async () => {
    const other = await p.api.post<Project>('/v1/projects', {
      name: 'Other',
      organization_slug: p.slug,
      db_pass: 'other-db-password',
    })
    expect(other.status).toBe(201)
    const otherKeys = (await p.api.get<ApiKeyResponse[]>(`/v1/projects/${other.body.ref}/api-keys?reveal=true`)).body
    const otherSecret = otherKeys.find((key) => key.type === 'secret')
    const otherPublishable = otherKeys.find((key) => key.type === 'publishable')
    expect(otherSecret?.api_key).toMatch(/^sb_secret_/)
    for (const key of [otherSecret?.api_key ?? '', otherPublishable?.api_key ?? '']) {
      const answer = await restFetch(p, '/notes', { key })
      expect(answer.status).toBe(401)
      expect(answer.json()).toMatchObject({ message: 'Invalid API key' })
      expect((await storageFetch('/bucket', { apikey: key })).status).toBe(401)
      // nor as the Bearer behind this project's publishable key
      expect(
        (await restFetch(p, '/notes', { key: publishable, headers: { authorization: `Bearer ${key}` } })).status,
      ).toBe(401)
    }
    // another project's key cannot be read, changed or revoked through this project's path
    const foreignPath = `${keysPath()}/${otherSecret?.id}`
    expect((await p.api.get(foreignPath)).status).toBe(404)
    expect((await p.api.patch(foreignPath, { name: 'stolen' })).status).toBe(404)
    expect((await p.api.delete(foreignPath)).status).toBe(404)
  }, 60_000)

  it('refuses a revoked secret key at once, and keeps the others working', async () => {
    const created = await p.api.post<ApiKeyResponse>(`${keysPath()}?reveal=true`, {
      type: 'secret',
      name: 'ci_runner',
      description: 'the CI job',
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ type: 'secret', name: 'ci_runner', description: 'the CI job' })
    const ci = created.body.api_key ?? ''
    expect((await restFetch(p, '/notes', { key: ci })).status).toBe(200)
    const revoked = await p.api.delete<ApiKeyResponse>(`${keysPath()}/${created.body.id}`)
    expect(revoked.status).toBe(200)
    expect(revoked.body.api_key).not.toBe(ci)
    expect((await restFetch(p, '/notes', { key: ci })).status).toBe(401)
    expect((await restFetch(p, '/notes', { key: secret, headers: { authorization: `Bearer ${ci}` } })).status).toBe(401)
    expect((await storageFetch('/bucket', { apikey: ci })).status).toBe(401)
    expect((await restFetch(p, '/notes', { key: secret })).status).toBe(200)
    expect((await p.api.delete(`${keysPath()}/${created.body.id}`)).status).toBe(404)
  })

  it('refuses the legacy keys once switched off, as apikey and as Bearer, and takes them back when on', async () => {
    expect((await p.api.get<LegacyApiKeysResponse>(`${keysPath()}/legacy`)).body).toEqual({ enabled: true })
    const off = await p.api.put<LegacyApiKeysResponse>(`${keysPath()}/legacy?enabled=false`)
    expect(off.body).toEqual({ enabled: false })
    expect((await p.api.get<LegacyApiKeysResponse>(`${keysPath()}/legacy`)).body).toEqual({ enabled: false })

    const anon = await restFetch(p, '/notes', { key: p.anonKey })
    expect(anon.status).toBe(401)
    expect(anon.json()).toMatchObject({ message: 'Legacy API keys are disabled' })
    expect((await restFetch(p, '/notes', { key: await p.signJwt({ role: 'service_role' }) })).status).toBe(401)
    expect((await storageFetch('/bucket', { apikey: p.serviceKey })).status).toBe(401)
    // a leaked service_role JWT behind the public publishable key must not get around the switch
    const behind = await restFetch(p, '/notes', {
      key: publishable,
      headers: { authorization: `Bearer ${p.serviceKey}` },
    })
    expect(behind.status).toBe(401)
    // the new keys and signed-in users go on
    expect((await restFetch(p, '/notes', { key: secret })).status).toBe(200)
    const user = await p.signJwt({ role: 'authenticated', sub: '7c9e6679-7425-40de-944b-e07fc1f90ae7' })
    expect(
      (await restFetch(p, '/notes', { key: publishable, headers: { authorization: `Bearer ${user}` } })).status,
    ).toBe(200)

    expect((await p.api.put(`${keysPath()}/legacy?enabled=true`)).status).toBe(200)
    expect((await restFetch(p, '/notes', { key: p.anonKey })).status).toBe(200)
  })

  it('lets members without the right neither see secret values nor create, change or revoke keys', async () => {
    const reader = await memberWithRole('keys-reader@example.com', 'Read-only')
    const listed = await listKeys(reader)
    expect(listed.map((key) => key.name)).not.toContain('service_role')
    expect(listed.find((key) => key.type === 'publishable')?.api_key).toBe(publishable)
    for (const key of listed.filter((k) => k.type === 'secret')) expect(key.api_key).toMatch(/••••$/)
    expect(JSON.stringify(listed)).not.toContain(secret)
    expect(JSON.stringify(listed)).not.toContain(p.serviceKey)
    const secretId = listed.find((key) => key.type === 'secret')?.id
    expect((await reader.get(`${keysPath()}?reveal=true`)).status).toBe(403)
    expect((await reader.get(`${keysPath()}/${secretId}?reveal=true`)).status).toBe(403)
    expect((await reader.get(`${keysPath()}/service_role`)).status).toBe(403)
    expect((await reader.post(keysPath(), { type: 'secret', name: 'reader_key' })).status).toBe(403)
    expect((await reader.patch(`${keysPath()}/${secretId}`, { name: 'renamed' })).status).toBe(403)
    expect((await reader.delete(`${keysPath()}/${secretId}`)).status).toBe(403)
    expect((await reader.put(`${keysPath()}/legacy?enabled=false`)).status).toBe(403)
    expect((await reader.get<LegacyApiKeysResponse>(`${keysPath()}/legacy`)).body).toEqual({ enabled: true })

    // a developer may read secret values, but creating and revoking keys is for who may rotate the JWT secret
    const developer = await memberWithRole('keys-dev@example.com', 'Developer')
    expect((await listKeys(developer, true)).find((key) => key.type === 'secret')?.api_key).toBe(secret)
    expect((await developer.post(keysPath(), { type: 'secret', name: 'dev_key' })).status).toBe(403)
    expect((await developer.delete(`${keysPath()}/${secretId}`)).status).toBe(403)

    // outsiders learn nothing, not even that the project exists
    const outsider = new ApiClient(() => p.t.baseUrl)
    await outsider.post('/platform/auth/signup', { email: 'keys-outsider@example.com', password: 'outsider-password' })
    expect((await outsider.get(keysPath())).status).toBe(404)
    expect((await outsider.post(keysPath(), { type: 'secret', name: 'outsider' })).status).toBe(404)
    expect((await new ApiClient(() => p.t.baseUrl).get(keysPath())).status).toBe(401)
  })

  it('refuses hostile input', async () => {
    const create = (body: unknown) => p.api.post<{ message: string }>(keysPath(), body)
    const bad: unknown[] = [
      { type: 'secret', name: 'a'.repeat(65) },
      { type: 'secret', name: `nul\u0000name` },
      { type: 'secret', name: 'Upper_Case' },
      { type: 'secret', name: '1leading_digit' },
      { type: 'secret', name: 'abc' },
      { type: 'secret', name: 'service_role' },
      { type: 'secret', name: 'ok_name', description: `bad\u0000description` },
      { type: 'secret', name: 'ok_name', description: 'd'.repeat(257) },
      { type: 'legacy', name: 'ok_name' },
      { type: 'publishable', name: 'ok_name', secret_jwt_template: { role: 'service_role' } },
      { type: 'secret', name: 'ok_name', secret_jwt_template: { role: 'postgres' } },
      { name: 'ok_name' },
    ]
    for (const body of bad) expect((await create(body)).status, JSON.stringify(body)).toBe(400)
    expect((await create({ type: 'secret', name: 'default' })).status).toBe(409)
    expect((await p.api.get(`${keysPath()}/not-a-uuid`)).status).toBe(400)
    expect((await p.api.get(`${keysPath()}/00000000-0000-4000-8000-000000000000`)).status).toBe(404)
    expect((await p.api.get(`${keysPath()}?reveal=yes`)).status).toBe(400)
    expect((await p.api.put(`${keysPath()}/legacy?enabled=maybe`)).status).toBe(400)
    expect((await p.api.put(`${keysPath()}/legacy`)).status).toBe(400)
    expect((await p.api.patch(`${keysPath()}/anon`, { name: 'renamed' })).status).toBe(400)
    expect((await p.api.delete(`${keysPath()}/service_role`)).status).toBe(400)
    // API keys in odd places of the request are just invalid
    for (const key of ['sb_secret_', `${secret}\u0000`, 'sb_publishable_'.padEnd(5000, 'x'), 'eyJ.not.jwt']) {
      expect((await restFetch(p, '/notes', { key: encodeURIComponent(key) })).status, key.slice(0, 20)).toBe(401)
    }
  })

  it('renames a key without changing it, and caps how many keys a project has', async () => {
    const secretId = keys.find((key) => key.type === 'secret')?.id
    const renamed = await p.api.patch<ApiKeyResponse>(`${keysPath()}/${secretId}`, {
      name: 'backend',
      description: 'the API server',
    })
    expect(renamed.body).toMatchObject({ name: 'backend', description: 'the API server' })
    expect((await restFetch(p, '/notes', { key: secret })).status).toBe(200)

    const existing = (await listKeys()).filter((key) => key.type !== 'legacy').length
    for (let i = existing; i < MAX_API_KEYS_PER_PROJECT; i++) {
      expect((await p.api.post(keysPath(), { type: 'publishable', name: `spare_${i}` })).status).toBe(201)
    }
    const over = await p.api.post<{ message: string }>(keysPath(), { type: 'publishable', name: 'one_too_many' })
    expect(over.status).toBe(409)
  }, 60_000)
})
