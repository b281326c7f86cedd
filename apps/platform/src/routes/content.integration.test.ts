import { randomUUID } from 'node:crypto'
import {
  SHARED_SNIPPET_IN_FOLDER_MESSAGE,
  SNIPPET_CONFLICT_MESSAGE,
  SNIPPET_CREATE_FORBIDDEN_MESSAGE,
  type Snippet,
  type SnippetConflictResponse,
  type SnippetList,
} from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SqlTestSetup, startSqlTestSetup } from '../control/sql-editor/testing'
import { ApiClient } from '../testing/harness'

let s: SqlTestSetup
let alice: ApiClient
let bob: ApiClient
let reader: ApiClient
let content = ''

beforeAll(async () => {
  s = await startSqlTestSetup({ alice: 'Developer', bob: 'Developer', reader: 'Read-only' }, { waitHealthy: false })
  ;({ alice, bob, reader } = s.members as Record<'alice' | 'bob' | 'reader', ApiClient>)
  content = `/platform/projects/${s.project.ref}/content`
})
afterAll(async () => {
  await s?.t.destroy()
})

const create = (client: ApiClient, body: Record<string, unknown>) => client.post<Snippet>(content, body)
const names = (list: SnippetList) => list.data.map((snippet) => snippet.name).sort()

describe('snippets', () => {
  it('creates a snippet with the entity defaults (header Version: 2, token auth)', async () => {
    const token = await alice.post<{ token: string }>('/platform/profile/access-tokens', { name: 'content' })
    const response = await fetch(`${s.t.baseUrl}${content}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.body.token}`, 'content-type': 'application/json', version: '2' },
      body: '{}',
    })
    expect(response.status).toBe(201)
    const snippet = (await response.json()) as Snippet
    expect(snippet).toMatchObject({
      type: 'sql',
      name: 'Untitled',
      description: '',
      visibility: 'user',
      project_id: expect.any(Number),
      folder_id: null,
      favorite: false,
      version: 1,
      owner: { username: 'alice' },
      content: { schema_version: '1.0', content_id: snippet.id, sql: '', favorite: false },
    })
    expect(snippet.inserted_at).toBe(snippet.updated_at)
    await alice.delete(`${content}/${snippet.id}`)
  })

  it('keeps what is given: trimmed name, SQL, favorite, a client-chosen id', async () => {
    const id = randomUUID()
    const created = await create(alice, {
      id,
      name: '  Top customers  ',
      description: 'by revenue',
      content: { sql: "select 'O''Brien'", favorite: true },
      project_id: 0,
      owner_id: 12345,
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ id, name: 'Top customers', favorite: true, owner_id: expect.any(Number) })
    expect(created.body.owner_id).not.toBe(12345)
    expect(created.body.content).toEqual({
      schema_version: '1.0',
      content_id: id,
      sql: "select 'O''Brien'",
      favorite: true,
    })
    expect((await create(alice, { id })).status).toBe(409)
  })

  it('shows private snippets only to their owner and shared ones to every member', async () => {
    const secret = (await create(alice, { name: 'alice private', content: { sql: 'select 1' } })).body
    const shared = (await create(alice, { name: 'alice shared', visibility: 'project' })).body
    await create(bob, { name: 'bob private' })

    expect(names((await bob.get<SnippetList>(content)).body)).toEqual(['alice shared', 'bob private'])
    expect(names((await reader.get<SnippetList>(content)).body)).toEqual(['alice shared'])
    expect((await bob.get(`${content}/${secret.id}`)).status).toBe(404)
    expect((await s.owner.get(`${content}/${secret.id}`)).status).toBe(404)
    expect((await reader.get<Snippet>(`${content}/${shared.id}`)).body.name).toBe('alice shared')
    expect(names((await alice.get<SnippetList>(content)).body)).toEqual([
      'Top customers',
      'alice private',
      'alice shared',
    ])

    // making it private hides it again
    await alice.patch(`${content}/${shared.id}`, { visibility: 'user' })
    expect((await bob.get(`${content}/${shared.id}`)).status).toBe(404)
    await alice.patch(`${content}/${shared.id}`, { visibility: 'project' })

    const stranger = new ApiClient(() => s.t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'stranger@example.com', password: 'stranger-pass' })
    expect((await stranger.get(content)).status).toBe(404)
    expect((await stranger.get(`${content}/${shared.id}`)).status).toBe(404)
  })

  it('lets only the owner change a snippet; admins may remove shared ones; read-only members save nothing', async () => {
    const shared = (await create(alice, { name: 'team query', visibility: 'project' })).body
    const denied = await reader.post<{ message: string }>(content, { name: 'mine' })
    expect(denied).toEqual({ status: 403, body: { message: SNIPPET_CREATE_FORBIDDEN_MESSAGE } })
    expect((await reader.put(`${content}/${randomUUID()}`, { name: 'mine' })).status).toBe(403)
    expect((await reader.patch(`${content}/${shared.id}`, { name: 'x' })).status).toBe(403)

    const bobEdit = await bob.patch<{ message: string }>(`${content}/${shared.id}`, { name: 'hijacked' })
    expect(bobEdit).toEqual({ status: 403, body: { message: 'Only the owner of this query can update it' } })
    expect((await bob.delete(`${content}/${shared.id}`)).status).toBe(403)
    expect((await s.owner.patch(`${content}/${shared.id}`, { name: 'renamed' })).status).toBe(403)
    expect((await s.owner.delete(`${content}/${shared.id}`)).status).toBe(200)
    expect((await alice.get(`${content}/${shared.id}`)).status).toBe(404)

    const own = (await create(bob, { name: 'bob temp' })).body
    expect((await bob.delete(`${content}/${own.id}`)).status).toBe(200)
    expect((await bob.delete(`${content}/${own.id}`)).status).toBe(404)
  })

  it('refuses a conflicting save and answers the current version instead of overwriting', async () => {
    const snippet = (await create(alice, { name: 'draft', content: { sql: 'select 1' } })).body
    const url = `${content}/${snippet.id}`
    const first = await alice.patch<Snippet>(url, { content: { sql: 'select 2' }, version: 1 })
    expect(first.body).toMatchObject({ version: 2, content: { sql: 'select 2' } })

    // another tab still edits version 1
    const stale = await alice.patch<SnippetConflictResponse>(url, { content: { sql: 'select 3' }, version: 1 })
    expect(stale.status).toBe(409)
    expect(stale.body.message).toBe(SNIPPET_CONFLICT_MESSAGE)
    expect(stale.body.current).toMatchObject({ version: 2, content: { sql: 'select 2' } })

    const byDate = await alice.patch<Snippet>(url, { name: 'draft 2', updated_at: first.body.updated_at })
    expect(byDate.body).toMatchObject({ name: 'draft 2', version: 3 })
    const staleDate = await alice.patch(url, { name: 'draft 3', updated_at: first.body.updated_at })
    expect(staleDate.status).toBe(409)

    // without a version the save simply applies (last write wins)
    expect((await alice.patch<Snippet>(url, { favorite: true })).body).toMatchObject({
      version: 4,
      favorite: true,
      content: { favorite: true, sql: 'select 2' },
    })
    const racing = await Promise.all(
      ['a', 'b', 'c'].map((sql) => alice.patch<Snippet>(url, { content: { sql: `select '${sql}'` }, version: 4 })),
    )
    expect(racing.map((r) => r.status).sort()).toEqual([200, 409, 409])
  })

  it('upserts with PUT, so a retried save never makes a duplicate', async () => {
    const id = randomUUID()
    const first = await alice.put<Snippet>(`${content}/${id}`, { name: 'saved offline', content: { sql: 'select 42' } })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ id, version: 1, content: { content_id: id } })
    const again = await alice.put<Snippet>(`${content}/${id}`, { name: 'saved offline', version: 1 })
    expect(again).toMatchObject({ status: 200, body: { version: 2, content: { sql: 'select 42' } } })
    const bodyId = randomUUID()
    const hosted = await alice.put<Snippet>(content, { id: bodyId, name: 'hosted save', visibility: 'project' })
    expect(hosted).toMatchObject({ status: 201, body: { id: bodyId, name: 'hosted save', visibility: 'project' } })
    expect((await alice.put(content, { name: 'no id' })).status).toBe(400)
    expect((await alice.patch(`${content}/${randomUUID()}`, { name: 'x' })).status).toBe(404)
    expect((await alice.get(`${content}/not-a-uuid`)).status).toBe(400)
  })

  it('keeps shared snippets out of folders', async () => {
    const folder = (await alice.post<{ id: string }>(`${content}/folders`, { name: 'Drafts' })).body
    const refused = await create(alice, { name: 'shared in folder', visibility: 'project', folder_id: folder.id })
    expect(refused).toEqual({ status: 400, body: { message: SHARED_SNIPPET_IN_FOLDER_MESSAGE } })
    const inFolder = (await create(alice, { name: 'filed', folder_id: folder.id })).body
    expect(inFolder.folder_id).toBe(folder.id)
    const share = await alice.patch(`${content}/${inFolder.id}`, { visibility: 'project' })
    expect(share).toMatchObject({ status: 400, body: { message: SHARED_SNIPPET_IN_FOLDER_MESSAGE } })
    const moved = await alice.patch<Snippet>(`${content}/${inFolder.id}`, { visibility: 'project', folder_id: null })
    expect(moved.body).toMatchObject({ visibility: 'project', folder_id: null })
    // someone else's folder is not a place for your snippet
    const bobs = await create(bob, { name: 'bob filed', folder_id: folder.id })
    expect(bobs).toEqual({ status: 400, body: { message: 'Folder not found' } })
  })

  it('filters, sorts and pages the list', async () => {
    await create(bob, { name: '100% Done_ok', content: { favorite: true } })
    await create(bob, { name: 'zeta' })
    const byName = await bob.get<SnippetList>(`${content}?type=sql&name=${encodeURIComponent('% DONE_')}`)
    expect(byName.body.data.map((x) => x.name)).toEqual(['100% Done_ok'])
    const favorites = await bob.get<SnippetList>(`${content}?favorite=true`)
    expect(favorites.body.data.map((x) => x.name)).toEqual(['100% Done_ok'])
    const sorted = await bob.get<SnippetList>(`${content}?sort=name&visibility=user`)
    expect(sorted.body.data.map((x) => x.name)).toEqual(['100% Done_ok', 'bob private', 'zeta'])
    const page = await bob.get<SnippetList>(`${content}?sort=name&order=desc&limit=2&offset=1&folder_id=root`)
    expect(page.body.total).toBeGreaterThan(3)
    expect(page.body.data).toHaveLength(2)
    const past = await bob.get<SnippetList>(`${content}?offset=500`)
    expect(past.body).toEqual({ data: [], total: page.body.total })
    expect((await bob.get(`${content}?sort=size`)).status).toBe(400)
    expect((await bob.get(`${content}?type=javascript`)).status).toBe(400)
  })
})
