import type {
  AuthEmailSentResponse,
  AuthUser,
  AuthUserDetailsResponse,
  ListAuthUsersResponse,
} from '@pgfleet/contracts'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { usersPageQueries } from '../services/auth/dashboard-users-list'
import { type AuthTestProject, startAuthTestProject } from '../services/auth/testing'
import { ApiClient } from '../testing/harness'
import { AUTH_USERS_WRITE_DENIED } from './project-auth-users'

/** The dashboard's Users page API: list, search, filters, pages, writes, permissions and hostile input. */
let p: AuthTestProject
let readOnly: ApiClient
let developer: ApiClient
let stranger: ApiClient
const base = () => `/platform/auth/${p.ref}`

async function signedUp(email: string) {
  const client = new ApiClient(() => p.t.baseUrl)
  const answer = await client.post('/platform/auth/signup', { email, password: 'member-password' })
  expect(answer.status).toBe(201)
  return client
}

async function member(email: string, role: string) {
  const client = await signedUp(email)
  const added = await p.api.post(`/platform/organizations/${p.slug}/members`, { email, role_name: role })
  expect(added.status, JSON.stringify(added.body)).toBeLessThan(300)
  return client
}

const list = (client: ApiClient, query = '') => client.get<ListAuthUsersResponse>(`${base()}/users${query}`)
const create = (client: ApiClient, body: Record<string, unknown>) => client.post<AuthUser>(`${base()}/users`, body)

beforeAll(async () => {
  p = await startAuthTestProject()
  readOnly = await member('reader@users.test', 'Read-only')
  developer = await member('developer@users.test', 'Developer')
  stranger = await signedUp('stranger@users.test')
}, 180_000)
afterAll(async () => {
  await p?.destroy()
})

describe('users created from the dashboard', () => {
  let ann: AuthUser

  it('creates a confirmed user with a password, who can then sign in', async () => {
    const created = await create(p.api, { email: 'Ann@Example.com', password: 'ann-password-1', auto_confirm: true })
    expect(created.status, JSON.stringify(created.body)).toBe(201)
    ann = created.body
    expect(ann.email).toBe('ann@example.com')
    expect(ann.email_confirmed_at).toBeTruthy()
    expect(ann.identities[0]?.provider).toBe('email')
    const signIn = await p
      .authClient()
      .auth.signInWithPassword({ email: 'ann@example.com', password: 'ann-password-1' })
    expect(signIn.error).toBeNull()
  })

  it('refuses a taken address and a weak password with the reason', async () => {
    const again = await create(p.api, { email: 'ann@example.com', password: 'ann-password-2' })
    expect(again.status).toBe(422)
    expect(again.body).toEqual({ message: 'A user with this email address has already been registered' })
    const weak = await create(p.api, { email: 'weak@example.com', password: '123' })
    expect(weak.status).toBe(422)
    expect((weak.body as unknown as { message: string }).message).toMatch(/at least 6 characters/)
    const neither = await create(p.api, { password: 'long-enough-1' })
    expect(neither.status).toBe(400)
  })

  it('lists, searches by the start of an address or id, filters, and shows details with sessions', async () => {
    const bob = await create(p.api, { email: 'bob@example.com', password: 'bob-password-1', auto_confirm: false })
    expect(bob.status).toBe(201)
    const all = await list(p.api)
    expect(all.status).toBe(200)
    expect(all.body.total).toBe(2)
    expect(all.body.users.map((user) => user.email)).toEqual(['bob@example.com', 'ann@example.com'])
    expect(all.body.users[1]).toMatchObject({ providers: ['email'], is_anonymous: false, banned_until: null })

    expect((await list(p.api, '?search=AN')).body.users.map((user) => user.email)).toEqual(['ann@example.com'])
    expect((await list(p.api, '?search=example')).body.users).toEqual([])
    expect((await list(p.api, `?search=${ann.id.slice(0, 6)}`)).body.users.map((user) => user.id)).toContain(ann.id)
    // LIKE's wildcards are plain characters in a search
    expect((await list(p.api, '?search=%25')).body.total).toBe(0)
    expect((await list(p.api, '?search=_')).body.total).toBe(0)
    expect((await list(p.api, '?filter=verified')).body.users.map((user) => user.email)).toEqual(['ann@example.com'])
    expect((await list(p.api, '?filter=unverified')).body.users.map((user) => user.email)).toEqual(['bob@example.com'])
    expect((await list(p.api, '?filter=anonymous')).body.total).toBe(0)
    expect((await list(p.api, '?provider=email')).body.total).toBe(2)
    expect((await list(p.api, '?provider=github')).body.total).toBe(0)
    expect((await list(p.api, '?sort=email&order=asc')).body.users.map((user) => user.email)).toEqual([
      'ann@example.com',
      'bob@example.com',
    ])

    const details = await p.api.get<AuthUserDetailsResponse>(`${base()}/users/${ann.id}`)
    expect(details.status).toBe(200)
    expect(details.body.user.email).toBe('ann@example.com')
    expect(details.body.user.identities).toHaveLength(1)
    expect(details.body.sessions).toHaveLength(1)
    expect(details.body.sessions[0]?.created_at).toBeTruthy()
  })

  it('signs a user out everywhere: its refresh token stops working', async () => {
    const client = p.authClient()
    const signIn = await client.auth.signInWithPassword({ email: 'ann@example.com', password: 'ann-password-1' })
    const refreshToken = signIn.data.session?.refresh_token ?? ''
    const ended = await p.api.delete<{ message: string }>(`${base()}/users/${ann.id}/sessions`)
    expect(ended.status).toBe(200)
    expect(ended.body.message).toBe('Signed out of 2 sessions')
    const refreshed = await p.authClient().auth.refreshSession({ refresh_token: refreshToken })
    expect(refreshed.error).not.toBeNull()
    expect((await p.api.get<AuthUserDetailsResponse>(`${base()}/users/${ann.id}`)).body.sessions).toEqual([])
  })

  it('bans a user for a duration and lifts the ban', async () => {
    const banned = await p.api.patch<AuthUser>(`${base()}/users/${ann.id}`, { ban_duration: '24h' })
    expect(banned.status).toBe(200)
    const until = Date.parse(banned.body.banned_until ?? '')
    expect(until - Date.now()).toBeGreaterThan(23 * 3_600_000)
    const refused = await p
      .authClient()
      .auth.signInWithPassword({ email: 'ann@example.com', password: 'ann-password-1' })
    expect(refused.error?.code).toBe('user_banned')
    expect((await list(p.api, '?search=ann')).body.users[0]?.banned_until).toBe(banned.body.banned_until)

    const lifted = await p.api.patch<AuthUser>(`${base()}/users/${ann.id}`, { ban_duration: 'none' })
    expect(lifted.status).toBe(200)
    expect(lifted.body.banned_until).toBeUndefined()
    const again = await p.authClient().auth.signInWithPassword({ email: 'ann@example.com', password: 'ann-password-1' })
    expect(again.error).toBeNull()

    for (const ban_duration of ['forever', '0h', '876001h', '1d', '']) {
      const bad = await p.api.patch(`${base()}/users/${ann.id}`, { ban_duration })
      expect(bad.status, ban_duration).toBe(400)
    }
  })

  it('sends no email without SMTP, says so, and leaves no invited user behind', async () => {
    const invite = await p.api.post<{ message: string }>(`${base()}/invite`, { email: 'carol@example.com' })
    expect(invite.status).toBe(422)
    expect(invite.body.message).toMatch(/Email cannot be sent/)
    expect((await list(p.api, '?search=carol')).body.total).toBe(0)
    const magic = await p.api.post<{ message: string }>(`${base()}/magiclink`, { email: 'ann@example.com' })
    expect(magic.status).toBe(422)
    expect(magic.body.message).toMatch(/Email cannot be sent/)
    // another user: the failed magic link above started the interval between two emails to ann
    const recover = await p.api.post<{ message: string }>(`${base()}/recover`, { email: 'bob@example.com' })
    expect(recover.status).toBe(422)
    expect(recover.body.message).toMatch(/Email cannot be sent/)
    const unknown = await p.api.post<AuthEmailSentResponse>(`${base()}/recover`, { email: 'nobody@example.com' })
    expect(unknown.status).toBe(404)
  })

  it('deletes a user', async () => {
    const removed = await p.api.delete<{ message: string }>(`${base()}/users/${ann.id}`)
    expect(removed).toEqual({ status: 200, body: { message: 'User deleted' } })
    expect((await p.api.get(`${base()}/users/${ann.id}`)).status).toBe(404)
    expect((await p.api.delete(`${base()}/users/${ann.id}`)).status).toBe(404)
  })
})

describe('pages', () => {
  it('walks every user once, in order, for each sort, with per_page smaller than the list', async () => {
    await p.sql(`
      insert into auth.users (id, instance_id, aud, role, email, created_at, last_sign_in_at, raw_app_meta_data, is_anonymous)
      select gen_random_uuid(), '00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated',
        'page' || n || '@pages.test', timestamptz '2024-01-01' + (n % 3) * interval '1 microsecond',
        case when n % 2 = 0 then now() end, '{"provider":"email","providers":["email"]}', false
      from generate_series(1, 11) n`)
    for (const sort of ['created_at', 'last_sign_in_at', 'email']) {
      for (const order of ['asc', 'desc']) {
        const seen: string[] = []
        let cursor: string | null = null
        do {
          const query: string = `?search=page&sort=${sort}&order=${order}&per_page=3${cursor ? `&cursor=${cursor}` : ''}`
          const page = await list(p.api, query)
          expect(page.status, JSON.stringify(page.body)).toBe(200)
          expect(page.body.total).toBe(11)
          seen.push(...page.body.users.map((user) => user.id))
          cursor = page.body.next_cursor
        } while (cursor)
        expect(new Set(seen).size, `${sort} ${order}`).toBe(11)
        expect(seen).toHaveLength(11)
      }
    }
    const first = await list(p.api, '?search=page&per_page=3')
    const mismatched = await list(p.api, `?search=page&sort=email&per_page=3&cursor=${first.body.next_cursor}`)
    expect(mismatched.status).toBe(400)
  })
})

describe('who may do what', () => {
  it('answers 404 to a member of another organization, for every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000'
    const answers = await Promise.all([
      list(stranger),
      stranger.get(`${base()}/users/${id}`),
      create(stranger, { email: 'x@example.com', password: 'long-enough-1' }),
      stranger.patch(`${base()}/users/${id}`, { ban_duration: '1h' }),
      stranger.delete(`${base()}/users/${id}`),
      stranger.delete(`${base()}/users/${id}/sessions`),
      stranger.post(`${base()}/invite`, { email: 'x@example.com' }),
      stranger.post(`${base()}/magiclink`, { email: 'x@example.com' }),
      stranger.post(`${base()}/recover`, { email: 'x@example.com' }),
      // a bad id answers as an unknown project does: nothing about the project leaks
      stranger.get(`${base()}/users/not-a-uuid`),
    ])
    expect(answers.map((answer) => answer.status)).toEqual(Array(answers.length).fill(404))
    expect((await list(new ApiClient(() => p.t.baseUrl))).status).toBe(401)
  })

  it('lets a Read-only member read users and refuses every change', async () => {
    const target = await create(p.api, { email: 'target@example.com', password: 'target-password' })
    const id = target.body.id
    expect((await list(readOnly)).status).toBe(200)
    expect((await readOnly.get(`${base()}/users/${id}`)).status).toBe(200)
    const answers = await Promise.all([
      create(readOnly, { email: 'ro@example.com', password: 'long-enough-1' }),
      readOnly.patch(`${base()}/users/${id}`, { ban_duration: '1h' }),
      readOnly.delete(`${base()}/users/${id}`),
      readOnly.delete(`${base()}/users/${id}/sessions`),
      readOnly.post(`${base()}/invite`, { email: 'ro@example.com' }),
      readOnly.post(`${base()}/magiclink`, { email: 'target@example.com' }),
      readOnly.post(`${base()}/recover`, { email: 'target@example.com' }),
    ])
    for (const answer of answers) expect(answer).toEqual({ status: 403, body: { message: AUTH_USERS_WRITE_DENIED } })
    const still = await p.api.get<AuthUserDetailsResponse>(`${base()}/users/${id}`)
    expect(still.body.user.banned_until).toBeUndefined()
    expect((await list(p.api, '?search=ro%40')).body.total).toBe(0)
  })

  it('lets a Developer manage users', async () => {
    const made = await create(developer, { email: 'dev-made@example.com', password: 'long-enough-1' })
    expect(made.status).toBe(201)
    expect((await developer.delete(`${base()}/users/${made.body.id}`)).status).toBe(200)
  })

  it('refuses hostile input with a 400 and the reason', async () => {
    const cases: Array<[string, RegExp]> = [
      [`?search=${'a'.repeat(255)}`, /search must be at most 254 characters/],
      ['?search=a%00b', /NUL/],
      ['?per_page=1000', /per_page must be at most 200/],
      ['?per_page=0', /per_page must be at least 1/],
      ['?per_page=abc', /per_page/],
      ['?sort=encrypted_password', /sort|Invalid option/i],
      ['?order=sideways', /order|Invalid option/i],
      ["?provider=x'%20or%201=1", /provider must be a provider name/],
      ['?cursor=bm90LWpzb24', /cursor is not valid/],
      [
        `?cursor=${Buffer.from(JSON.stringify(['created_at', 'desc', "x'; drop table auth.users; --", '00000000-0000-4000-8000-000000000000'])).toString('base64url')}`,
        /cursor is not valid/,
      ],
      [`?cursor=${'A'.repeat(2000)}`, /cursor is not valid/],
    ]
    for (const [query, message] of cases) {
      const answer = await list(p.api, query)
      expect(answer.status, query).toBe(400)
      expect((answer.body as unknown as { message: string }).message, query).toMatch(message)
    }
    expect((await p.api.get(`${base()}/users/not-a-uuid`)).status).toBe(400)
    expect((await p.api.get(`${base()}/users/00000000-0000-4000-8000-000000000000`)).status).toBe(404)
    expect((await p.api.delete(`${base()}/users/%00/sessions`)).status).toBe(400)
    const hostileBodies: Array<Record<string, unknown>> = [
      { email: `${'a'.repeat(250)}@example.com`, password: 'long-enough-1' },
      { email: 'nul\u0000@example.com', password: 'long-enough-1' },
      { email: 'nul@example.com', password: 'long\u0000enough' },
      { email: 'not an address', password: 'long-enough-1' },
      { email: 'big@example.com', password: 'x'.repeat(1025) },
      { email: 'typed@example.com', password: 'long-enough-1', auto_confirm: 'yes' },
    ]
    for (const body of hostileBodies) {
      const answer = await create(p.api, body)
      expect(answer.status, JSON.stringify(body).slice(0, 80)).toBe(400)
    }
    expect(
      (await p.api.patch(`${base()}/users/00000000-0000-4000-8000-000000000000`, { ban_duration: '1h' })).status,
    ).toBe(404)
  })
})

describe('at 100,000 users', () => {
  it('reads any page through an index, never a scan and sort of the table', async () => {
    await p.sql(`
      insert into auth.users (id, instance_id, aud, role, email, phone, created_at, last_sign_in_at, email_confirmed_at,
        raw_app_meta_data, is_anonymous)
      select gen_random_uuid(), '00000000-0000-0000-0000-000000000000', 'authenticated', 'authenticated',
        'bulk' || n || '@bulk.test', (4400000000 + n)::text, now() - n * interval '1 second',
        case when n % 3 = 0 then now() - n * interval '1 minute' end,
        case when n % 2 = 0 then now() end, '{"provider":"email","providers":["email"]}', false
      from generate_series(1, 100000) n`)
    // the statistics autovacuum would gather a moment later
    const platform = new pg.Client(await p.t.platform.ctx.driver.projectConnection(p.ref))
    await platform.connect()
    try {
      await platform.query('ANALYZE auth.users')
      const first = await list(p.api, '?per_page=50')
      expect(first.status).toBe(200)
      expect(first.body.total).toBeGreaterThanOrEqual(100_000)
      for (const sort of ['created_at', 'last_sign_in_at', 'email'] as const) {
        for (const order of ['asc', 'desc'] as const) {
          // a cursor half-way down the list
          const middle = await list(p.api, `?sort=${sort}&order=${order}&per_page=200`)
          let cursor = middle.body.next_cursor ?? ''
          for (let i = 0; i < 3; i++)
            cursor =
              (await list(p.api, `?sort=${sort}&order=${order}&per_page=200&cursor=${cursor}`)).body.next_cursor ?? ''
          const queries = usersPageQueries({ filter: 'all', sort, order, perPage: 50, cursor })
          const plan = await platform.query(`EXPLAIN (FORMAT JSON) ${queries.page.text}`, queries.page.values)
          const text = JSON.stringify(plan.rows[0])
          expect(text, `${sort} ${order}`).not.toContain('Seq Scan')
          expect(text, `${sort} ${order}`).not.toContain('"Node Type":"Sort"')
          const started = performance.now()
          const page = await list(p.api, `?sort=${sort}&order=${order}&per_page=50&cursor=${cursor}`)
          expect(page.status).toBe(200)
          expect(page.body.users).toHaveLength(50)
          console.log(
            `users page sorted by ${sort} ${order} at 100k users: ${(performance.now() - started).toFixed(1)} ms`,
          )
        }
      }
      for (const search of ['bulk9999', '4400012', 'zzz']) {
        const queries = usersPageQueries({ search, filter: 'all', sort: 'created_at', order: 'desc', perPage: 50 })
        const plan = JSON.stringify(
          (await platform.query(`EXPLAIN (FORMAT JSON) ${queries.page.text}`, queries.page.values)).rows[0],
        )
        expect(plan, search).not.toContain('Seq Scan')
        const started = performance.now()
        const found = await list(p.api, `?search=${search}`)
        expect(found.status).toBe(200)
        console.log(
          `search ${search} at 100k users: ${found.body.total} found in ${(performance.now() - started).toFixed(1)} ms`,
        )
      }
    } finally {
      await platform.end()
    }
  }, 120_000)
})
