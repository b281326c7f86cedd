import type { AddMemberResponse, Member, Organization, OrganizationPermissions, Profile } from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, startTestPlatform, type TestPlatform } from '../testing/harness'

let t: TestPlatform
const client = () => new ApiClient(() => t.baseUrl)

beforeAll(async () => {
  t = await startTestPlatform({ PGFLEET_ADMIN_EMAIL: 'admin@pgfleet.test', PGFLEET_ADMIN_PASSWORD: 'admin-password' })
})
afterAll(async () => {
  await t?.destroy()
})

describe('accounts', () => {
  it('creates the configured admin as the first owner', async () => {
    const admin = client()
    expect(
      (await admin.post('/platform/auth/login', { email: 'admin@pgfleet.test', password: 'admin-password' })).status,
    ).toBe(200)
    const orgs = await admin.get<Organization[]>('/platform/organizations')
    expect(orgs.body).toHaveLength(1)
    expect(orgs.body[0]?.role_name).toBe('Owner')
  })

  it('signs up, lands in a personal organization, signs out and in again', async () => {
    const api = client()
    const signup = await api.post<Profile>('/platform/auth/signup', {
      email: 'Ada@Example.com',
      password: 'lovelace-1815',
    })
    expect(signup.status).toBe(201)
    expect(signup.body.primary_email).toBe('ada@example.com')
    const orgs = await api.get<Organization[]>('/platform/organizations')
    expect(orgs.body.map((o) => [o.name, o.plan.id, o.role_name])).toEqual([["ada's Org", 'free', 'Owner']])

    expect((await api.get('/platform/profile')).status).toBe(200)
    expect((await api.post('/platform/auth/logout')).status).toBe(200)
    expect(await api.get('/platform/profile')).toMatchObject({
      status: 401,
      body: { message: 'You must be signed in' },
    })

    const bad = await api.post('/platform/auth/login', { email: 'ada@example.com', password: 'wrong-password' })
    expect(bad).toMatchObject({ status: 401, body: { message: 'Invalid email or password' } })
    const unknown = await api.post('/platform/auth/login', { email: 'nobody@example.com', password: 'whatever1' })
    expect(unknown).toMatchObject({ status: 401, body: { message: 'Invalid email or password' } })
    expect(
      (await api.post('/platform/auth/login', { email: 'ada@example.com', password: 'lovelace-1815' })).status,
    ).toBe(200)
    expect((await api.get<Profile>('/platform/profile')).body.username).toBe('ada')
  })

  it('rejects bad sign-up input and duplicates with clear messages', async () => {
    const api = client()
    expect(await api.post('/platform/auth/signup', { email: 'not-an-email', password: 'long-enough' })).toMatchObject({
      status: 400,
      body: { message: 'Enter a valid email address' },
    })
    expect(await api.post('/platform/auth/signup', { email: 'x@example.com', password: 'short' })).toMatchObject({
      status: 400,
      body: { message: 'Password must be at least 8 characters' },
    })
    expect(
      await api.post('/platform/auth/signup', { email: 'ada@example.com', password: 'another-pass' }),
    ).toMatchObject({
      status: 409,
    })
    const raw = await fetch(`${t.baseUrl}/platform/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    })
    expect(raw.status).toBe(400)
    expect(await raw.json()).toEqual({ message: 'The request body is not valid JSON' })
  })

  it('enforces CSRF and same-origin for cookie sessions', async () => {
    const api = client()
    await api.post('/platform/auth/signup', { email: 'csrf@example.com', password: 'csrf-password' })
    api.csrf = false
    expect(await api.post('/platform/organizations', { name: 'Nope' })).toMatchObject({
      status: 403,
      body: { message: 'Missing or invalid CSRF token; reload the page and try again' },
    })
    api.csrf = true
    const crossSite = await fetch(`${t.baseUrl}/platform/organizations`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    })
    expect(crossSite.status).toBe(403)
    expect((await api.post('/platform/organizations', { name: 'Second org' })).status).toBe(201)
  })

  it('personal access tokens work as Bearer on every route, without CSRF', async () => {
    const api = client()
    await api.post('/platform/auth/signup', { email: 'pat@example.com', password: 'pat-password' })
    const created = await api.post<{ token: string }>('/platform/profile/access-tokens', { name: 'ci' })
    expect(created.status).toBe(201)
    expect(created.body.token).toMatch(/^pgf_/)

    const script = client()
    script.bearer = created.body.token
    expect((await script.get<Profile>('/platform/profile')).body.primary_email).toBe('pat@example.com')
    expect((await script.post('/platform/organizations', { name: 'From a script' })).status).toBe(201)
    expect((await script.get('/v1/projects')).status).toBe(200)
    script.bearer = 'pgf_forged'
    expect(await script.get('/platform/profile')).toMatchObject({
      status: 401,
      body: { message: 'Invalid or revoked access token' },
    })
  })

  it('answers unknown API routes with a JSON 404 (after authentication)', async () => {
    const api = client()
    expect(await api.get('/platform/nope')).toMatchObject({ status: 401 })
    await api.post('/platform/auth/login', { email: 'admin@pgfleet.test', password: 'admin-password' })
    expect(await api.get('/platform/nope')).toMatchObject({
      status: 404,
      body: { message: 'No route for GET /platform/nope' },
    })
  })
})

describe('organizations and members', () => {
  const owner = client()
  const dev = client()
  let slug = ''

  beforeAll(async () => {
    await owner.post('/platform/auth/signup', { email: 'owner@team.test', password: 'owner-password' })
    await dev.post('/platform/auth/signup', { email: 'dev@team.test', password: 'dev-password' })
    slug = (await owner.get<Organization[]>('/platform/organizations')).body[0]?.slug ?? ''
  })

  it('adds a registered user at once and invites an unknown email until sign-up', async () => {
    const added = await owner.post<AddMemberResponse>(`/platform/organizations/${slug}/members`, {
      email: 'dev@team.test',
      role_name: 'Developer',
    })
    expect(added.body.kind).toBe('member')
    const invited = await owner.post<AddMemberResponse>(`/platform/organizations/${slug}/members`, {
      email: 'later@team.test',
      role_name: 'Read-only',
    })
    expect(invited.body.kind).toBe('invitation')

    const later = client()
    await later.post('/platform/auth/signup', { email: 'later@team.test', password: 'later-password' })
    const orgs = await later.get<Organization[]>('/platform/organizations')
    expect(orgs.body.map((o) => [o.slug, o.role_name])).toEqual([[slug, 'Read-only']])
    const members = await owner.get<Member[]>(`/platform/organizations/${slug}/members`)
    expect(members.body.map((m) => m.role_name).sort()).toEqual(['Developer', 'Owner', 'Read-only'])
  })

  it('checks permissions on the server', async () => {
    const denied = await dev.patch(`/platform/organizations/${slug}`, { slug, name: 'Hacked' })
    expect(denied).toMatchObject({
      status: 403,
      body: { message: 'You do not have the required permissions to update this organization' },
    })
    expect((await dev.put(`/platform/organizations/${slug}/billing/subscription`, { plan: 'pro' })).status).toBe(403)
    expect(
      (await dev.post(`/platform/organizations/${slug}/members`, { email: 'x@example.com', role_name: 'Developer' }))
        .status,
    ).toBe(403)
    const perms = await dev.get<OrganizationPermissions[]>('/platform/profile/permissions')
    const mine = perms.body.find((p) => p.organization_slug === slug)
    expect(mine?.role_name).toBe('Developer')
    expect(mine?.permissions).toContainEqual({ action: 'create', resource: 'user_content' })
    expect(mine?.permissions).not.toContainEqual({ action: 'update', resource: 'organizations' })
  })

  it('updates name, slug and opt-in; refuses a missing or taken slug', async () => {
    expect(await owner.patch(`/platform/organizations/${slug}`, { name: 'Team' })).toMatchObject({
      status: 400,
      body: { message: 'slug is required' },
    })
    const other = client()
    await other.post('/platform/auth/signup', { email: 'other@team.test', password: 'other-password' })
    const takenSlug = (await other.get<Organization[]>('/platform/organizations')).body[0]?.slug
    expect((await owner.patch(`/platform/organizations/${slug}`, { slug: takenSlug })).status).toBe(409)

    const updated = await owner.patch<Organization>(`/platform/organizations/${slug}`, {
      slug: 'team-renamed',
      name: 'Team',
      opt_in_tags: ['AI_SQL_GENERATOR_OPT_IN'],
    })
    expect(updated.body).toMatchObject({ slug: 'team-renamed', name: 'Team', opt_in_tags: ['AI_SQL_GENERATOR_OPT_IN'] })
    slug = 'team-renamed'
  })

  it('changes roles, never removes the last owner', async () => {
    const members = await owner.get<Member[]>(`/platform/organizations/${slug}/members`)
    const ownerId = members.body.find((m) => m.role_name === 'Owner')?.user_id
    const devId = members.body.find((m) => m.role_name === 'Developer')?.user_id
    expect(await owner.delete(`/platform/organizations/${slug}/members/${ownerId}`)).toMatchObject({
      status: 400,
      body: { message: 'The last owner of an organization cannot be removed' },
    })
    expect(
      (await owner.patch(`/platform/organizations/${slug}/members/${ownerId}`, { role_name: 'Developer' })).status,
    ).toBe(400)
    expect(
      (await owner.patch(`/platform/organizations/${slug}/members/${devId}`, { role_name: 'Administrator' })).body,
    ).toMatchObject({
      role_name: 'Administrator',
    })
    expect((await owner.patch(`/platform/organizations/${slug}/members/${devId}`, { role_name: 'Boss' })).status).toBe(
      400,
    )
    expect((await owner.delete(`/platform/organizations/${slug}/members/${devId}`)).status).toBe(200)
    expect((await dev.get(`/platform/organizations/${slug}`)).status).toBe(404)
  })

  it('records a plan change by an instance administrator at once; the Owner cannot change it', async () => {
    expect((await owner.put(`/platform/organizations/${slug}/billing/subscription`, { plan: 'pro' })).status).toBe(403)
    const admin = client()
    await admin.post('/platform/auth/login', { email: 'admin@pgfleet.test', password: 'admin-password' })
    const changed = await admin.put(`/platform/organizations/${slug}/billing/subscription`, { plan: 'pro' })
    expect(changed.body).toMatchObject({ plan: { id: 'pro', name: 'Pro' }, billing_provider: 'none' })
    expect((await owner.get<Organization>(`/platform/organizations/${slug}`)).body.plan.id).toBe('pro')
    expect((await admin.put(`/platform/organizations/${slug}/billing/subscription`, { plan: 'gold' })).status).toBe(400)
  })

  it('stores support requests that owners can list', async () => {
    const sent = await owner.post('/platform/feedback/send', {
      organization_slug: slug,
      category: 'Problem',
      subject: 'Help',
      message: 'It is slow',
    })
    expect(sent.status).toBe(201)
    const list = await owner.get<{ subject: string }[]>(`/platform/organizations/${slug}/support-requests`)
    expect(list.body.map((r) => r.subject)).toEqual(['Help'])
  })

  it('serves the feature flags', async () => {
    const flags = await owner.get<Record<string, unknown>>('/platform/feature-flags')
    expect(flags.body).toMatchObject({ disableProjectVersionSelection: false, project_auth: true })
  })
})
