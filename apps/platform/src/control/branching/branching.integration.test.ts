import { existsSync, rmSync } from 'node:fs'
import { BRANCHING_MESSAGES, type Branch, type GitConnection, type Organization } from '@pgfleet/contracts'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ApiClient, setPlan, waitFor } from '../../testing/harness'
import { type ProjectFixture, startProjectFixture } from '../pg-meta/testing'
import { TestRepository } from './testing'

let f: ProjectFixture
let repo: TestRepository
let readOnly: ApiClient
let stranger: ApiClient
let connection: GitConnection
let ref = ''
const MARKER = `/tmp/pgfleet-branching-attack-${process.pid}`

const MIGRATION_1 = 'create table public.products (id int primary key, name text not null);'
const MIGRATION_2 = 'alter table public.products add column price numeric not null default 0;'
const SEED = "insert into public.products (id, name, price) values (1, 'lamp', 12), (2, 'desk', 90);"

beforeAll(async () => {
  f = await startProjectFixture({ PGFLEET_GIT_ALLOW_FILE_URLS: 'true', PGFLEET_PORT_RANGE: testPortRangeSetting() })
  ref = f.project.ref
  readOnly = await f.member('Read-only')
  stranger = new ApiClient(() => f.t.baseUrl)
  await stranger.post('/platform/auth/signup', { email: 'stranger@meta.test', password: 'stranger-password' })
  repo = new TestRepository()
  repo.commit('main', { 'README.md': 'shop' })
  repo.commit('feature', {
    'supabase/migrations/20240101000000_products.sql': MIGRATION_1,
    'supabase/migrations/20240102000000_price.sql': MIGRATION_2,
    'supabase/seed.sql': SEED,
  })
}, 120_000)

afterAll(async () => {
  await f?.t.destroy()
  repo?.remove()
  rmSync(MARKER, { force: true })
})

const branchOf = async (id: string) => (await f.owner.get<Branch>(`/v1/projects/${ref}/branches/${id}`)).body
const settled = (id: string) =>
  waitFor(
    () => branchOf(id),
    (b) => b.status === 'MIGRATIONS_PASSED' || b.status === 'MIGRATIONS_FAILED',
    90_000,
    250,
  )

async function queryBranch(branchRef: string, text: string, user?: string) {
  const client = new pg.Client(await f.t.platform.ctx.driver.projectConnection(branchRef, { user }))
  client.on('error', () => {})
  await client.connect()
  try {
    return (await client.query(text)).rows
  } finally {
    await client.end()
  }
}

describe('git connections', () => {
  it('refuses hostile repository URLs before git ever sees them', async () => {
    for (const url of [
      `--upload-pack=touch ${MARKER}`,
      `ext::sh -c touch% ${MARKER}`,
      'http://example.test/acme/shop.git',
      'https://user:secret@example.test/acme/shop.git',
      `-oProxyCommand=touch ${MARKER}`,
    ]) {
      const answer = await f.owner.post<{ message: string }>(`/platform/projects/${ref}/git-connections`, {
        repository_url: url,
      })
      expect(answer.status, url).toBe(400)
    }
    expect(existsSync(MARKER)).toBe(false)
  })

  it('lets only owners and administrators of the project connect a repository', async () => {
    const denied = await readOnly.post<{ message: string }>(`/platform/projects/${ref}/git-connections`, {
      repository_url: repo.url,
    })
    expect(denied).toEqual({ status: 403, body: { message: BRANCHING_MESSAGES.writeDenied } })
    const foreign = await stranger.post(`/platform/projects/${ref}/git-connections`, { repository_url: repo.url })
    expect(foreign.status).toBe(404)
  })

  it('stores the token sealed and never answers it; shows the repository as owner/repo', async () => {
    const created = await f.owner.post<GitConnection>(`/platform/projects/${ref}/git-connections`, {
      repository_url: repo.url,
      token: 'ghp_not-a-real-token',
    })
    expect(created.status).toBe(201)
    connection = created.body
    expect(connection).toMatchObject({ repository: { name: 'acme/shop' }, has_token: true, project: { ref } })
    expect(JSON.stringify(connection)).not.toContain('ghp_not-a-real-token')
    const listed = await readOnly.get<GitConnection[]>(`/platform/projects/${ref}/git-connections`)
    expect(listed.body.map((c) => c.id)).toEqual([connection.id])
    const stored = await f.t.platform.ctx.db
      .selectFrom('git_connections')
      .select('token_sealed')
      .where('id', '=', connection.id)
      .executeTakeFirstOrThrow()
    expect(stored.token_sealed).not.toContain('ghp_not-a-real-token')
  })

  it('checks that a branch exists with git ls-remote', async () => {
    const found = await f.owner.get<{ name: string; commit_sha: string }>(
      `/platform/integrations/github/branches/${connection.id}/feature`,
    )
    expect(found.status).toBe(200)
    expect(found.body.commit_sha).toMatch(/^[0-9a-f]{40}$/)
    const missing = await f.owner.get<{ message: string }>(
      `/platform/integrations/github/branches/${connection.id}/no-such-branch`,
    )
    expect(missing.status).toBe(404)
    // another tenant cannot use the connection id, and an option-like branch name never reaches git
    expect((await stranger.get(`/platform/integrations/github/branches/${connection.id}/feature`)).status).toBe(404)
    const optionLike = await f.owner.get(
      `/platform/integrations/github/branches/${connection.id}/${encodeURIComponent('--upload-pack=x')}`,
    )
    expect(optionLike.status).toBe(400)
  })
})

describe('preview branches', () => {
  let branch: Branch

  it('needs a paid plan, then a production branch that exists', async () => {
    const enable = (production_branch: string) =>
      f.owner.put<{ message: string; enabled?: boolean }>(`/platform/projects/${ref}/branching`, {
        connection_id: connection.id,
        production_branch,
      })
    expect((await enable('main')).body).toEqual({ message: BRANCHING_MESSAGES.needsPaidPlan })
    const slug = (await f.owner.get<Organization[]>('/platform/organizations')).body[0]?.slug
    expect(await setPlan(f.t, slug ?? '', 'pro')).toBe(200)
    expect((await enable('mian')).body).toEqual({ message: BRANCHING_MESSAGES.branchNotFound('acme/shop') })
    expect(
      (
        await readOnly.put(`/platform/projects/${ref}/branching`, {
          connection_id: connection.id,
          production_branch: 'main',
        })
      ).status,
    ).toBe(403)
    const enabled = await enable('main')
    expect(enabled.status).toBe(200)
    expect(enabled.body.enabled).toBe(true)
  })

  it('refuses branch writes to a Read-only member and to another tenant', async () => {
    const body = { branch_name: 'sneaky', git_branch: 'feature', region: 'local' }
    expect((await readOnly.post(`/v1/projects/${ref}/branches`, body)).status).toBe(403)
    expect((await stranger.post(`/v1/projects/${ref}/branches`, body)).status).toBe(404)
  })

  it('builds a new project from the migrations in order, then the seed', async () => {
    const created = await f.owner.post<Branch>(`/v1/projects/${ref}/branches`, {
      branch_name: 'preview',
      git_branch: 'feature',
      region: 'local',
    })
    expect(created.status).toBe(201)
    branch = created.body
    expect(branch).toMatchObject({ name: 'preview', parent_project_ref: ref, git_branch: 'feature' })
    expect(branch.project_ref).not.toBe(ref)
    expect(branch.status).toBe('CREATING_PROJECT')
    const done = await settled(branch.id)
    expect(done).toMatchObject({ status: 'MIGRATIONS_PASSED', error: null })
    expect(
      await queryBranch(branch.project_ref, 'select id, name, price::int from public.products order by id'),
    ).toEqual([
      { id: 1, name: 'lamp', price: 12 },
      { id: 2, name: 'desk', price: 90 },
    ])
    // the parent is untouched
    const parentTables = await queryBranch(ref, "select to_regclass('public.products') as t")
    expect(parentTables).toEqual([{ t: null }])
  }, 120_000)

  it('pulls a bad migration: MIGRATIONS_FAILED with its name and error, and it cannot escape the tenant', async () => {
    repo.commit('feature', {
      'supabase/migrations/20240103000000_escape.sql': `copy (select 1) to program 'touch ${MARKER}';`,
    })
    const pulled = await f.owner.post<Branch>(`/v1/projects/${ref}/branches/${branch.id}/pull`)
    expect(pulled.status).toBe(200)
    const failed = await settled(branch.id)
    expect(failed.status).toBe('MIGRATIONS_FAILED')
    expect(failed.failed_migration).toBe('20240103000000_escape.sql')
    expect(failed.error).toMatch(/^20240103000000_escape\.sql: .*permission denied/i)
    expect(existsSync(MARKER)).toBe(false)
  }, 60_000)

  it('resets onto an empty database and runs the fixed migrations and the seed again', async () => {
    await queryBranch(branch.project_ref, "insert into public.products (id, name) values (3, 'by hand')")
    repo.commit('feature', {
      'supabase/migrations/20240103000000_escape.sql': null,
      'supabase/migrations/20240104000000_stock.sql': 'alter table public.products add column stock int default 5;',
    })
    expect((await readOnly.post(`/v1/projects/${ref}/branches/${branch.id}/reset`)).status).toBe(403)
    const reset = await f.owner.post<Branch>(`/v1/projects/${ref}/branches/${branch.id}/reset`)
    expect(reset.status).toBe(200)
    expect(reset.body.status).toBe('CREATING_PROJECT')
    expect((await settled(branch.id)).status).toBe('MIGRATIONS_PASSED')
    expect(await queryBranch(branch.project_ref, 'select id, stock from public.products order by id')).toEqual([
      { id: 1, stock: 5 },
      { id: 2, stock: 5 },
    ])
  }, 120_000)

  it("starts a branch with data from the parent's rows as they are now; its writes stay on the branch", async () => {
    // as the tenant's owner, as an app's tables are
    await queryBranch(ref, 'create table public.customers (id int primary key, name text)', 'postgres')
    await queryBranch(ref, "insert into public.customers select n, 'customer ' || n from generate_series(1, 1000) as n")
    const created = await f.owner.post<Branch>(`/v1/projects/${ref}/branches`, {
      branch_name: 'with-data',
      git_branch: 'main',
      with_data: true,
    })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    expect(created.body.with_data).toBe(true)
    const done = await settled(created.body.id)
    expect(done.status).toBe('MIGRATIONS_PASSED')
    expect(done.data_copy?.method).toMatch(/^(reflink|copy)$/)
    const dataRef = created.body.project_ref
    expect(await queryBranch(dataRef, 'select count(*)::int as n from public.customers')).toEqual([{ n: 1000 }])
    await queryBranch(dataRef, "insert into public.customers values (5001, 'branch only')")
    await queryBranch(ref, "insert into public.customers values (5002, 'parent only')")
    expect(await queryBranch(ref, 'select id from public.customers where id > 5000')).toEqual([{ id: 5002 }])
    expect(await queryBranch(dataRef, 'select id from public.customers where id > 5000')).toEqual([{ id: 5001 }])
    // the branch's data API answers with the branch's own keys
    const keys = (await f.owner.get<{ name: string; api_key: string }[]>(`/v1/projects/${dataRef}/api-keys`)).body
    const service = keys.find((key) => key.name === 'service_role')?.api_key ?? ''
    const rows = await fetch(`${f.t.baseUrl}/p/${dataRef}/rest/v1/customers?id=eq.5001&select=name`, {
      headers: { apikey: service, authorization: `Bearer ${service}` },
    })
    expect(await rows.json()).toEqual([{ name: 'branch only' }])
    expect((await f.owner.delete(`/v1/projects/${ref}/branches/${created.body.id}`)).status).toBe(200)
  }, 120_000)

  it('deletes the parent with its branches only once that is confirmed', async () => {
    const refused = await f.owner.delete<{ message: string }>(`/v1/projects/${ref}`)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain('preview')
    const deleted = await f.owner.delete(`/v1/projects/${ref}?delete_branches=true`)
    expect(deleted.status).toBe(200)
    await waitFor(
      async () => (await f.owner.get(`/v1/projects/${branch.project_ref}`)).status,
      (status) => status === 404,
      60_000,
      250,
    )
  }, 90_000)
})
