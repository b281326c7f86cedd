import {
  FOLDER_NAME_EXISTS_MESSAGE,
  type Folder,
  type FolderTree,
  type Organization,
  type Project,
  type Snippet,
  type SnippetList,
} from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SqlTestSetup, startSqlTestSetup } from '../control/sql-editor/testing'
import type { ApiClient } from '../testing/harness'

let s: SqlTestSetup
let alice: ApiClient
let bob: ApiClient
let reader: ApiClient
let content = ''
let folders = ''

beforeAll(async () => {
  s = await startSqlTestSetup({ alice: 'Developer', bob: 'Developer', reader: 'Read-only' }, { waitHealthy: false })
  ;({ alice, bob, reader } = s.members as Record<'alice' | 'bob' | 'reader', ApiClient>)
  content = `/platform/projects/${s.project.ref}/content`
  folders = `${content}/folders`
})
afterAll(async () => {
  await s?.t.destroy()
})

const createFolder = (client: ApiClient, body: Record<string, unknown>) =>
  client.post<Folder & { message: string }>(folders, body)
const tree = async (client: ApiClient) => (await client.get<FolderTree>(folders)).body.data
type Shape = { name: string; children: Shape[] }
const shape = (nodes: Shape[]): unknown => nodes.map((n) => (n.children.length ? [n.name, shape(n.children)] : n.name))

describe('folders', () => {
  it('trims names, refuses blank ones and duplicates regardless of case', async () => {
    const created = await createFolder(alice, { name: '  Reports  ' })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ name: 'Reports', parent_id: null, project_id: s.project.id })
    for (const name of ['reports', ' REPORTS ']) {
      expect(await createFolder(alice, { name })).toEqual({
        status: 409,
        body: { message: FOLDER_NAME_EXISTS_MESSAGE },
      })
    }
    expect(await createFolder(alice, { name: '   ' })).toEqual({
      status: 400,
      body: { message: 'Folder name cannot be empty' },
    })
    expect((await createFolder(alice, {})).body.message).toBe('Folder name is required')
    expect((await createFolder(alice, { name: 'x'.repeat(101) })).status).toBe(400)
    // Unicode case folding, which lower() under the C locale would miss
    expect((await createFolder(alice, { name: 'Études' })).status).toBe(201)
    expect((await createFolder(alice, { name: 'ÉTUDES' })).status).toBe(409)
  })

  it('keeps folders private: other members neither see them nor collide with their names', async () => {
    expect((await createFolder(bob, { name: 'Reports' })).status).toBe(201)
    expect(shape(await tree(bob))).toEqual(['Reports'])
    const alices = (await tree(alice)).find((f) => f.name === 'Reports') as Folder
    expect((await bob.patch(`${folders}/${alices.id}`, { name: 'Mine now' })).status).toBe(404)
    expect((await bob.delete(`${folders}/${alices.id}`)).status).toBe(404)
    expect((await createFolder(reader, { name: 'Notes' })).status).toBe(403)
    expect(await tree(reader)).toEqual([])
  })

  it('checks uniqueness within the project, not across projects', async () => {
    const slug = (await s.owner.get<Organization[]>('/platform/organizations')).body[0]?.slug
    const other = await s.owner.post<Project>('/v1/projects', {
      name: 'Other',
      organization_slug: slug,
      db_pass: 'other-db-password',
    })
    expect(other.status).toBe(201)
    const elsewhere = await alice.post(`/platform/projects/${other.body.ref}/content/folders`, { name: 'Reports' })
    expect(elsewhere.status).toBe(201)
    expect(shape(await tree(alice))).toEqual(['Études', 'Reports'])
  })

  it('nests, renames with PATCH or PUT, and never moves a folder into itself', async () => {
    const reports = (await tree(alice)).find((f) => f.name === 'Reports') as Folder
    const monthly = (await createFolder(alice, { name: 'Monthly', parentId: reports.id })).body
    const june = (await createFolder(alice, { name: 'June', parentId: monthly.id })).body
    expect(shape(await tree(alice))).toEqual(['Études', ['Reports', [['Monthly', ['June']]]]])

    const renamed = await alice.patch<Folder>(`${folders}/${monthly.id}`, { name: '  Per month ' })
    expect(renamed.body).toMatchObject({ name: 'Per month', parent_id: reports.id })
    expect((await alice.put<Folder>(`${folders}/${june.id}`, { name: 'JUNE' })).body.name).toBe('JUNE')
    expect((await alice.patch(`${folders}/${june.id}`, { name: 'reports' })).body).toEqual({
      message: FOLDER_NAME_EXISTS_MESSAGE,
    })
    expect((await alice.patch(`${folders}/${june.id}`, { name: ' ' })).status).toBe(400)

    const cycle = await alice.patch(`${folders}/${reports.id}`, { parentId: june.id })
    expect(cycle).toEqual({
      status: 400,
      body: { message: 'A folder cannot be moved into itself or one of its subfolders' },
    })
    expect((await alice.patch(`${folders}/${reports.id}`, { parentId: reports.id })).status).toBe(400)
    const toTop = await alice.patch<Folder>(`${folders}/${june.id}`, { parentId: null })
    expect(toTop.body.parent_id).toBeNull()
    expect(shape(await tree(alice))).toEqual(['Études', 'JUNE', ['Reports', ['Per month']]])
    expect((await createFolder(alice, { name: 'Orphan', parentId: crypto.randomUUID() })).body.message).toBe(
      'Parent folder not found',
    )
  })

  it('deletes a folder without losing its snippets or subfolders: they move up one level', async () => {
    const reports = (await tree(alice)).find((f) => f.name === 'Reports') as Folder & { children: Folder[] }
    const perMonth = reports.children[0] as Folder
    const inReports = (await alice.post<Snippet>(content, { name: 'in reports', folder_id: reports.id })).body
    const inMonth = (await alice.post<Snippet>(content, { name: 'in month', folder_id: perMonth.id })).body
    const listed = await alice.get<SnippetList>(`${content}?folder_id=${perMonth.id}`)
    expect(listed.body.data.map((x) => x.name)).toEqual(['in month'])

    expect((await alice.delete(`${folders}/${perMonth.id}`)).status).toBe(200)
    const moved = (await alice.get<Snippet>(`${content}/${inMonth.id}`)).body
    expect(moved.folder_id).toBe(reports.id)
    // a tab still holding the old folder id gets a version conflict instead of a failing save
    expect(moved.version).toBe(inMonth.version + 1)
    expect((await alice.delete(`${folders}/${reports.id}`)).status).toBe(200)
    expect((await alice.get<Snippet>(`${content}/${inReports.id}`)).body.folder_id).toBeNull()
    expect((await alice.get<Snippet>(`${content}/${inMonth.id}`)).body.folder_id).toBeNull()
    expect(shape(await tree(alice))).toEqual(['Études', 'JUNE'])
    expect((await alice.delete(`${folders}/${reports.id}`)).status).toBe(404)
    // the name is free again
    expect((await createFolder(alice, { name: 'reports' })).status).toBe(201)
  })
})
