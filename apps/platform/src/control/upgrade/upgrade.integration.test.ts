import {
  type Organization,
  type Project,
  UPGRADE_PROGRESS,
  type UpgradeEligibility,
  type UpgradeStatus,
} from '@pgfleet/contracts'
import { TENANT_OWNER_ROLE } from '@pgfleet/engine'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, startTestPlatform, type TestPlatform, waitFor } from '../../testing/harness'
import { projectApiKeys } from '../keys/api-keys'

/** A 15 project upgraded to 17 through the API, as the dashboard drives it. */
let t: TestPlatform
let owner: ApiClient
let ref: string
let slug: string

async function sql<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client(await t.platform.ctx.driver.projectConnection(ref, { user: TENANT_OWNER_ROLE }))
  await client.connect()
  try {
    return (await client.query<T>(text)).rows
  } finally {
    await client.end()
  }
}

/**
 * Inserts through the data API with the service key, one after another, until stopped: the names it inserted and
 * the answers of the inserts it was refused.
 */
function startDataApiWriter() {
  const inserted: string[] = []
  const failures: { status: number; code?: string; retryAfter: string | null }[] = []
  let running = true
  const done = (async () => {
    const row = await t.platform.ctx.db
      .selectFrom('projects')
      .selectAll()
      .where('ref', '=', ref)
      .executeTakeFirstOrThrow()
    const keys = await projectApiKeys(row)
    for (let n = 0; running; n++) {
      const name = `api ${n}`
      const answer = await fetch(`${t.baseUrl}/p/${ref}/rest/v1/items`, {
        method: 'POST',
        headers: {
          apikey: keys.service_role,
          authorization: `Bearer ${keys.service_role}`,
          'content-type': 'application/json',
          prefer: 'return=minimal',
        },
        body: JSON.stringify({ name }),
      })
      if (answer.status === 201) {
        inserted.push(name)
      } else {
        const error = (await answer.json().catch(() => ({}))) as { code?: string }
        failures.push({ status: answer.status, code: error.code, retryAfter: answer.headers.get('retry-after') })
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  return {
    inserted,
    async stop() {
      running = false
      await done
      return { inserted, failures }
    },
  }
}

beforeAll(async () => {
  t = await startTestPlatform({ PGFLEET_PORT_RANGE: testPortRangeSetting() })
  owner = new ApiClient(() => t.baseUrl)
  await owner.post('/platform/auth/signup', { email: 'upgrade-owner@example.com', password: 'upgrade-password' })
  slug = (await owner.get<Organization[]>('/platform/organizations')).body[0]?.slug ?? ''
  const created = await owner.post<Project>('/v1/projects', {
    name: 'Upgrade',
    organization_slug: slug,
    db_pass: 'upgrade-db-password',
    postgres_major: 15,
  })
  expect(created.status, JSON.stringify(created.body)).toBe(201)
  ref = created.body.ref
  await waitFor(
    () => owner.get<{ status: string }>(`/platform/projects/${ref}/status`),
    (answer) => answer.body.status === 'ACTIVE_HEALTHY',
    60_000,
  )
  await sql(`create extension pg_trgm; create table public.items (id serial primary key, name text);
    insert into public.items (name) select 'item ' || g from generate_series(1, 200) g`)
}, 120_000)

afterAll(async () => {
  await t?.destroy()
}, 60_000)

describe('major upgrade through the API', () => {
  it('says the project is eligible for 17, and who may start it', async () => {
    const eligibility = await owner.get<UpgradeEligibility>(`/v1/projects/${ref}/upgrade/eligibility`)
    expect(eligibility.status).toBe(200)
    expect(eligibility.body).toMatchObject({
      eligible: true,
      current_app_version: expect.stringMatching(/^pgfleet-postgres-15\./),
      latest_app_version: expect.stringMatching(/^pgfleet-postgres-17\./),
      target_upgrade_versions: [{ postgres_version: '17', release_channel: 'ga', app_version: expect.any(String) }],
      validation_errors: [],
    })
    expect(eligibility.body.duration_estimate_hours).toBeGreaterThan(0)

    const developer = new ApiClient(() => t.baseUrl)
    await developer.post('/platform/auth/signup', { email: 'upgrade-dev@example.com', password: 'dev-password' })
    await owner.post(`/platform/organizations/${slug}/members`, {
      email: 'upgrade-dev@example.com',
      role_name: 'Developer',
    })
    expect((await developer.post(`/v1/projects/${ref}/upgrade`, { target_version: '17' })).status).toBe(403)
    expect((await owner.post(`/v1/projects/${ref}/upgrade`, { target_version: '16' })).status).toBe(400)
    expect((await owner.post(`/v1/projects/${ref}/upgrade`, {})).status).toBe(400)
    expect((await owner.get(`/v1/projects/${ref}/upgrade/status?tracking_id=nope`)).status).toBe(400)
    expect((await owner.get(`/v1/projects/${ref}/upgrade/status`)).status).toBe(404)
  }, 60_000)

  it('upgrades to 17 step by step, then takes a full backup, with the data intact', async () => {
    const writer = startDataApiWriter()
    await new Promise((resolve) => setTimeout(resolve, 300))
    const started = await owner.post<{ tracking_id: string }>(`/v1/projects/${ref}/upgrade`, { target_version: '17' })
    expect(started.status, JSON.stringify(started.body)).toBe(200)
    const url = `/v1/projects/${ref}/upgrade/status?tracking_id=${started.body.tracking_id}`
    let writesWhileUpgrading = 0
    const { body } = await waitFor(
      async () => {
        const answer = await owner.get<UpgradeStatus>(url)
        if (answer.body.status === 'Upgrading') writesWhileUpgrading = writer.inserted.length
        return answer
      },
      (answer) => answer.body.status !== 'Upgrading',
      180_000,
      250,
    )
    await new Promise((resolve) => setTimeout(resolve, 500))
    const { inserted, failures } = await writer.stop()
    // the data API kept writing to the old cluster while the data was copied, refused only during the
    // switchover, and every write it acknowledged is on 17
    console.log(`data API during the upgrade: ${inserted.length} inserts, ${failures.length} refused`)
    expect(writesWhileUpgrading).toBeGreaterThan(5)
    for (const failure of failures) {
      expect(failure).toMatchObject({ status: 503, code: 'PGRST001', retryAfter: '5' })
    }
    const present = new Set(
      (await sql<{ name: string }>("select name from public.items where name like 'api %'")).map((row) => row.name),
    )
    expect(inserted.filter((name) => !present.has(name))).toEqual([])
    expect(body.error).toBeNull()
    expect(body.status).toBe('Upgraded')
    expect(body.target_version).toBe(17)
    expect(body.steps.map((step) => step.key)).toEqual([...UPGRADE_PROGRESS])
    expect(body.progress).toBe('completed upgrade')

    const project = await owner.get<Project>(`/v1/projects/${ref}`)
    expect(project.body.status).toBe('ACTIVE_HEALTHY')
    expect(project.body.database.version).toMatch(/^17\./)
    expect(
      (await sql<{ n: number }>("select count(*)::int as n from public.items where name like 'item %'"))[0]?.n,
    ).toBe(200)
    const backups = await owner.get<{ backups: { kind: string; postgres_major: number }[] }>(
      `/platform/database/${ref}/backups/downloadable-backups`,
    )
    expect(backups.body.backups).toContainEqual(expect.objectContaining({ kind: 'upgrade', postgres_major: 17 }))
    const after = await owner.get<UpgradeEligibility>(`/v1/projects/${ref}/upgrade/eligibility`)
    expect(after.body).toMatchObject({ eligible: false, target_upgrade_versions: [] })
  }, 240_000)

  it('restores a paused 15 project onto 17 through the same upgrade', async () => {
    const created = await owner.post<Project>('/v1/projects', {
      name: 'Paused upgrade',
      organization_slug: slug,
      db_pass: 'paused-upgrade-password',
      postgres_major: 15,
    })
    const paused = created.body.ref
    const statusOf = async () =>
      (await owner.get<{ status: string }>(`/platform/projects/${paused}/status`)).body.status
    await waitFor(statusOf, (s) => s === 'ACTIVE_HEALTHY', 60_000)
    expect((await owner.post(`/v1/projects/${paused}/pause`)).status).toBe(200)
    await waitFor(statusOf, (s) => s === 'INACTIVE', 60_000)
    const versions = await owner.get<{ available_versions: { postgres_engine: string; release_channel: string }[] }>(
      `/platform/projects/${paused}/restore/versions`,
    )
    expect(versions.body.available_versions.map((v) => v.postgres_engine)).toEqual(['15', '17'])
    const restored = await owner.post(`/platform/projects/${paused}/restore`, {
      postgres_engine: '17',
      release_channel: 'ga',
    })
    expect(restored.status, JSON.stringify(restored.body)).toBe(200)
    const { body } = await waitFor(
      () => owner.get<UpgradeStatus>(`/v1/projects/${paused}/upgrade/status`),
      (answer) => answer.status === 200 && answer.body.status !== 'Upgrading',
      180_000,
      250,
    )
    expect(body.status).toBe('Upgraded')
    expect((await owner.get<Project>(`/v1/projects/${paused}`)).body.database.version).toMatch(/^17\./)
  }, 240_000)
})
