import {
  CUSTOM_DOMAIN_NOT_ALLOWED_MESSAGE,
  CUSTOM_DOMAIN_UPDATE_DENIED,
  type CustomHostnameResponse,
  customHostnameStatusFromError,
  DB_PASSWORD_RESET_DENIED,
  type Organization,
  type Project,
  type ProjectSettingsResponse,
} from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  HOSTNAME_TAKEN_MESSAGE,
  projectRefForHostname,
  reverifyCustomHostname,
} from '../control/custom-domains/custom-hostname'
import { projectApiKeys } from '../control/keys/api-keys'
import { type ProjectFixture, startProjectFixture } from '../control/pg-meta/testing'
import { fetchVia } from '../services/rest/testing'
import { ApiClient, setPlan } from '../testing/harness'

const projectRow = (fixture: ProjectFixture, projectRef: string) =>
  fixture.t.platform.ctx.db.selectFrom('projects').selectAll().where('ref', '=', projectRef).executeTakeFirstOrThrow()

let f: ProjectFixture
let developer: ApiClient
let readOnly: ApiClient
let ref = ''

beforeAll(async () => {
  f = await startProjectFixture()
  ref = f.project.ref
  developer = await f.member('Developer')
  readOnly = await f.member('Read-only')
})
afterAll(async () => {
  await f?.t.destroy()
})

describe('project settings', () => {
  it('answers the project URL and the direct connection details, without secrets', async () => {
    const response = await readOnly.get<ProjectSettingsResponse>(`/platform/projects/${ref}/settings`)
    expect(response.status).toBe(200)
    const port = f.project.database.port
    const platformHost = new URL(f.t.baseUrl).host
    expect(response.body).toMatchObject({
      ref,
      app_config: { protocol: 'http', endpoint: `${platformHost}/p/${ref}`, db_schema: 'public' },
      db_host: '127.0.0.1',
      db_port: port,
      db_user: 'postgres',
      db_name: 'postgres',
      db_version: f.project.database.version,
      db_version_label: f.project.dbVersion,
      db_connection_string: `postgresql://postgres:[YOUR-PASSWORD]@127.0.0.1:${port}/postgres`,
    })
    // the project URL is where the data API answers
    const { app_config } = response.body
    expect(`${app_config.protocol}://${app_config.endpoint}/rest/v1/`).toBe(f.project.restUrl)
    expect(JSON.stringify(response.body)).not.toContain('jwt_secret')
  })
})

describe('database password reset', () => {
  it('is refused to members who may not update the project, and checks the password', async () => {
    for (const member of [developer, readOnly]) {
      const denied = await member.post(`/platform/projects/${ref}/db-password`, { password: 'another-password' })
      expect(denied).toEqual({ status: 403, body: { message: DB_PASSWORD_RESET_DENIED } })
    }
    const short = await f.owner.post(`/platform/projects/${ref}/db-password`, { password: 'short' })
    expect(short).toEqual({ status: 400, body: { message: 'Database password must be at least 8 characters' } })
  })

  it('sets the postgres password: the new one connects, the old one no longer does', async () => {
    const reset = await f.owner.post(`/platform/projects/${ref}/db-password`, { password: 'a-brand-new-password' })
    expect(reset).toEqual({ status: 200, body: { result: 'Database password updated' } })
    const client = await f.connect('a-brand-new-password')
    const stored = await client.query<{ rolpassword: string }>(
      "select rolpassword from pg_authid where rolname = 'postgres'",
    )
    expect(stored.rows[0]?.rolpassword).toMatch(/^SCRAM-SHA-256\$4096:/)
    await client.end()
    await expect(f.connect(f.dbPassword)).rejects.toThrow(/password authentication failed/)
  })
})

describe('custom domain', () => {
  const path = () => `/v1/projects/${ref}/custom-hostname`
  const get = () => f.owner.get<CustomHostnameResponse>(path())
  const target = async () => {
    const { ctx } = f.t.platform
    const project = await ctx.db.selectFrom('projects').selectAll().where('ref', '=', ref).executeTakeFirstOrThrow()
    const organization = await ctx.db
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', project.organization_id)
      .executeTakeFirstOrThrow()
    return { project, organization, origin: f.t.baseUrl }
  }

  it('is not allowed on the free plan, with a message the dashboard maps to 0_not_allowed', async () => {
    expect((await get()).body).toEqual({ status: '0_not_allowed', custom_hostname: null, data: null })
    const refused = await f.owner.post<{ message: string }>(path(), { custom_hostname: 'api.example.test' })
    expect(refused).toEqual({ status: 403, body: { message: CUSTOM_DOMAIN_NOT_ALLOWED_MESSAGE } })
    expect(customHostnameStatusFromError(refused.body.message)).toBe('0_not_allowed')
  })

  it('has no hostname on a paid plan until one is set', async () => {
    expect(await setPlan(f.t, f.slug, 'pro')).toBe(200)
    expect((await get()).body).toEqual({ status: '0_no_hostname_configured', custom_hostname: null, data: null })
    const reverify = await f.owner.post<{ message: string }>(`${path()}/reverify`)
    expect(reverify.status).toBe(404)
    expect(customHostnameStatusFromError(reverify.body.message)).toBe('0_no_hostname_configured')
  })

  it('validates the hostname and who sets it', async () => {
    for (const hostname of [
      'https://api.example.test',
      'example.test',
      '10.0.0.1',
      'api..example.test',
      '-a.example.test',
    ]) {
      expect((await f.owner.post(path(), { custom_hostname: hostname })).status, hostname).toBe(400)
    }
    const denied = await developer.post(path(), { custom_hostname: 'api.example.test' })
    expect(denied).toEqual({ status: 403, body: { message: CUSTOM_DOMAIN_UPDATE_DENIED } })
  })

  it('goes from initiated through a verified TXT record to active, then can be removed', async () => {
    const set = await f.owner.post<CustomHostnameResponse>(path(), { custom_hostname: 'API.Example.test' })
    expect(set.status).toBe(200)
    expect(set.body).toMatchObject({ status: '2_initiated', custom_hostname: 'api.example.test' })
    const result = set.body.data?.result
    expect(result).toMatchObject({
      hostname: 'api.example.test',
      status: 'pending',
      ownership_verification: { type: 'txt', name: '_pgfleet-challenge.api.example.test' },
      custom_origin_server: '127.0.0.1',
      verification_errors: [],
    })
    expect((await readOnly.get<CustomHostnameResponse>(path())).body.status).toBe('2_initiated')

    const early = await f.owner.post<{ message: string }>(`${path()}/activate`)
    expect(early.status).toBe(400)
    const token = result?.ownership_verification.value ?? ''
    const wrong = await reverifyCustomHostname(f.t.platform.ctx, await target(), async () => [['something else']])
    expect(wrong.status).toBe('2_initiated')
    expect(wrong.data?.result.verification_errors[0]).toContain('does not hold the verification value')

    const name: string[] = []
    const verified = await reverifyCustomHostname(f.t.platform.ctx, await target(), async (record) => {
      name.push(record)
      return [[token.slice(0, 10), token.slice(10)]]
    })
    expect(name).toEqual(['_pgfleet-challenge.api.example.test'])
    expect(verified).toMatchObject({ status: '3_challenge_verified', data: { result: { verification_errors: [] } } })

    const active = await f.owner.post<CustomHostnameResponse>(`${path()}/activate`)
    expect(active.body).toMatchObject({ status: '5_services_reconfigured', data: { result: { status: 'active' } } })
    expect(await projectRefForHostname(f.t.platform.ctx.db, 'api.example.test')).toBe(ref)
    // the active hostname reaches the project's data API by its Host header
    const origin = new URL(f.t.baseUrl)
    const { anon } = await projectApiKeys(await projectRow(f, ref))
    const viaDomain = await fetchVia(origin.host)(`http://api.example.test:${origin.port}/rest/v1/`, {
      headers: { apikey: anon },
    })
    expect(viaDomain.status).toBe(200)
    expect(await viaDomain.json()).toMatchObject({ swagger: '2.0' })
    // and its storage API
    const buckets = await fetchVia(origin.host)(`http://api.example.test:${origin.port}/storage/v1/bucket`, {
      headers: { apikey: anon, authorization: `Bearer ${anon}` },
    })
    expect(buckets.status).toBe(200)
    expect(Array.isArray(await buckets.json())).toBe(true)
    // an unknown hostname reaches no project
    const stranger = await fetchVia(origin.host)(`http://other.example.test:${origin.port}/storage/v1/bucket`, {
      headers: { apikey: anon },
    })
    expect(stranger.status).toBe(404)

    expect((await f.owner.delete(path())).status).toBe(200)
    expect((await get()).body.status).toBe('0_no_hostname_configured')
    expect(await projectRefForHostname(f.t.platform.ctx.db, 'api.example.test')).toBeNull()
  })

  it('an unproven claim reserves nothing: another tenant claiming first does not block the owner, the first proof wins', async () => {
    const rival = new ApiClient(() => f.t.baseUrl)
    await rival.post('/platform/auth/signup', { email: 'rival@elsewhere.test', password: 'rival-password' })
    const rivalSlug = (await rival.get<Organization[]>('/platform/organizations')).body[0]?.slug ?? ''
    expect(await setPlan(f.t, rivalSlug, 'pro')).toBe(200)
    const created = await rival.post<Project>('/v1/projects', {
      name: 'Rival',
      organization_slug: rivalSlug,
      db_pass: 'rival-db-password',
    })
    expect(created.status).toBe(201)
    const rivalPath = `/v1/projects/${created.body.ref}/custom-hostname`

    // the rival claims the owner's hostname first, without any way to prove it
    expect((await rival.post(rivalPath, { custom_hostname: 'shop.example.test' })).status).toBe(200)
    const before = Date.now()
    const mine = await f.owner.post<CustomHostnameResponse>(path(), { custom_hostname: 'shop.example.test' })
    expect(mine.status).toBe(200)
    const expiresAt = new Date(mine.body.data?.result.claim_expires_at ?? 0).getTime()
    expect(expiresAt - before).toBeGreaterThan(7 * 24 * 3_600_000 - 60_000)
    expect(expiresAt - before).toBeLessThanOrEqual(7 * 24 * 3_600_000 + 60_000)

    // only the owner can publish its claim's token: the owner's claim is proven, the rival's is dropped
    const token = mine.body.data?.result.ownership_verification.value ?? ''
    const proven = await reverifyCustomHostname(f.t.platform.ctx, await target(), async () => [[token]])
    expect(proven).toMatchObject({ status: '3_challenge_verified', data: { result: { claim_expires_at: null } } })
    expect((await rival.get<CustomHostnameResponse>(rivalPath)).body.status).toBe('0_no_hostname_configured')
    expect(await rival.post(rivalPath, { custom_hostname: 'shop.example.test' })).toEqual({
      status: 409,
      body: { message: HOSTNAME_TAKEN_MESSAGE },
    })
    expect((await f.owner.delete(path())).status).toBe(200)
  })

  it('drops an unproven claim after the pending time; checking it again does not extend it', async () => {
    expect((await f.owner.post(path(), { custom_hostname: 'old.example.test' })).status).toBe(200)
    const { ctx } = f.t.platform
    const aged = new Date(Date.now() - ctx.config.customHostnamePendingMs + 2_000)
    await ctx.db.updateTable('custom_hostnames').set({ claimed_at: aged }).where('project_ref', '=', ref).execute()
    const checked = await reverifyCustomHostname(ctx, await target(), async () => [['not the token']])
    expect(checked.status).toBe('2_initiated')
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect((await get()).body).toEqual({ status: '0_no_hostname_configured', custom_hostname: null, data: null })
    expect((await f.owner.post(`${path()}/reverify`)).status).toBe(404)
  })
})
