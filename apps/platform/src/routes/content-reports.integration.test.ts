import { randomUUID } from 'node:crypto'
import {
  CONTENT_TYPE_CHANGE_MESSAGE,
  REPORT_CONFLICT_MESSAGE,
  REPORT_CREATE_FORBIDDEN_MESSAGE,
  REPORT_IN_FOLDER_MESSAGE,
  type Report,
  type ReportCard,
  type ReportList,
  type Snippet,
  type SnippetConflictResponse,
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

beforeAll(async () => {
  s = await startSqlTestSetup({ alice: 'Developer', bob: 'Developer', reader: 'Read-only' }, { waitHealthy: false })
  ;({ alice, bob, reader } = s.members as Record<'alice' | 'bob' | 'reader', ApiClient>)
  content = `/platform/projects/${s.project.ref}/content`
})
afterAll(async () => {
  await s?.t.destroy()
})

const chart = {
  type: 'bar',
  cumulative: false,
  xKey: 'day',
  yKey: 'signups',
  showLabels: false,
  showGrid: true,
  view: 'chart',
} as const

function card(fields: Partial<ReportCard> = {}): ReportCard {
  return {
    id: randomUUID(),
    title: 'Signups',
    snippet_id: null,
    sql: 'select 1 as day, 2 as signups',
    chart,
    position: 0,
    ...fields,
  }
}

const createReport = (client: ApiClient, body: Record<string, unknown>) =>
  client.post<Report>(content, { type: 'report', ...body })
const reportNames = async (client: ApiClient) =>
  (await client.get<ReportList>(`${content}?type=report`)).body.data.map((report) => report.name).sort()

describe('reports in the content API', () => {
  it('creates, lists, gets, updates and deletes a report with its layout', async () => {
    const snippet = (await alice.post<Snippet>(content, { name: 'Signups', content: { sql: 'select 1' } })).body
    const second = card({ title: 'Second', position: 5 })
    const first = card({ title: 'First', snippet_id: snippet.id, position: 1 })
    const created = await createReport(alice, { name: 'Growth', content: { layout: [second, first] } })
    expect(created.status).toBe(201)
    const report = created.body
    expect(report).toMatchObject({
      type: 'report',
      name: 'Growth',
      visibility: 'user',
      folder_id: null,
      version: 1,
      owner: { username: 'alice' },
      content: { schema_version: '1.0', content_id: report.id },
    })
    // stored in position order, numbered from 0
    expect(report.content.layout).toEqual([
      { ...first, position: 0 },
      { ...second, position: 1 },
    ])

    const defaults = (await createReport(alice, {})).body
    expect(defaults).toMatchObject({ name: 'Untitled report', content: { layout: [] } })

    // lists are per type: snippets never come with reports, and the default list is snippets
    const reports = (await alice.get<ReportList>(`${content}?type=report`)).body
    expect(reports.data.map((r) => r.id).sort()).toEqual([report.id, defaults.id].sort())
    expect(reports.data.every((r) => r.type === 'report')).toBe(true)
    const snippets = (await alice.get<SnippetList>(content)).body
    expect(snippets.data.map((x) => x.id)).toEqual([snippet.id])
    expect((await alice.get<SnippetList>(`${content}?type=sql`)).body.total).toBe(1)

    const fetched = await alice.get<Report>(`${content}/${report.id}`)
    expect(fetched.body).toEqual(report)

    const moved = [card({ title: 'Third' }), ...report.content.layout.map((c) => ({ ...c, position: c.position + 1 }))]
    const updated = await alice.patch<Report>(`${content}/${report.id}`, {
      name: 'Growth 2025',
      version: 1,
      content: { layout: moved },
    })
    expect(updated.status).toBe(200)
    expect(updated.body).toMatchObject({ name: 'Growth 2025', version: 2 })
    expect(updated.body.content.layout.map((c) => [c.title, c.position])).toEqual([
      ['Third', 0],
      ['First', 1],
      ['Second', 2],
    ])
    // a rename alone keeps the layout
    const renamed = await alice.patch<Report>(`${content}/${report.id}`, { name: 'Growth' })
    expect(renamed.body.content.layout).toHaveLength(3)

    expect((await alice.delete(`${content}/${defaults.id}`)).status).toBe(200)
    expect((await alice.get(`${content}/${defaults.id}`)).status).toBe(404)
    expect(await reportNames(alice)).toEqual(['Growth'])
  })

  it('upserts a report with PUT under a client-chosen id (how browser-kept reports move to the server)', async () => {
    const id = randomUUID()
    const first = await alice.put<Report>(`${content}/${id}`, {
      type: 'report',
      name: 'Migrated',
      content: { layout: [card()] },
    })
    expect(first).toMatchObject({ status: 201, body: { id, type: 'report', version: 1 } })
    const again = await alice.put<Report>(`${content}/${id}`, { type: 'report', name: 'Migrated', version: 1 })
    expect(again).toMatchObject({ status: 200, body: { version: 2 } })
    expect(again.body.content.layout).toHaveLength(1)
  })

  it('refuses a conflicting save with the current report', async () => {
    const report = (await createReport(alice, { name: 'Conflicts' })).body
    const url = `${content}/${report.id}`
    expect((await alice.patch(url, { content: { layout: [card()] }, version: 1 })).status).toBe(200)
    const stale = await alice.patch<SnippetConflictResponse>(url, { content: { layout: [] }, version: 1 })
    expect(stale.status).toBe(409)
    expect(stale.body.message).toBe(REPORT_CONFLICT_MESSAGE)
    expect(stale.body.current).toMatchObject({ type: 'report', version: 2 })
    expect((stale.body.current as Report).content.layout).toHaveLength(1)
  })

  it('validates the type, the layout and the fields that belong to the other type', async () => {
    const report = (await createReport(alice, { name: 'Strict' })).body
    const snippet = (await alice.post<Snippet>(content, { name: 'plain' })).body
    const badType = await alice.post<{ message: string }>(content, { type: 'chart' })
    expect(badType).toEqual({
      status: 400,
      body: { message: expect.stringContaining('type must be one of sql, report') },
    })
    expect((await alice.patch(`${content}/${report.id}`, { type: 'sql' })).body).toEqual({
      message: CONTENT_TYPE_CHANGE_MESSAGE,
    })
    expect((await alice.patch(`${content}/${snippet.id}`, { type: 'report' })).status).toBe(400)
    expect((await alice.patch(`${content}/${snippet.id}`, { content: { layout: [] } })).body).toEqual({
      message: 'Only reports have a layout',
    })
    expect((await alice.patch(`${content}/${report.id}`, { content: { sql: 'select 1' } })).status).toBe(400)
    const duplicate = card()
    expect((await alice.patch(`${content}/${report.id}`, { content: { layout: [duplicate, duplicate] } })).status).toBe(
      400,
    )
    const broken = { ...card(), chart: { ...chart, type: 'pie' } }
    expect((await alice.patch(`${content}/${report.id}`, { content: { layout: [broken] } })).status).toBe(400)
    const folder = (await alice.post<{ id: string }>(`${content}/folders`, { name: 'Reports folder' })).body
    expect(await createReport(alice, { folder_id: folder.id })).toEqual({
      status: 400,
      body: { message: REPORT_IN_FOLDER_MESSAGE },
    })
  })

  it('shows private reports only to their owner and shared ones to every member; only the owner edits', async () => {
    const secret = (await createReport(bob, { name: 'bob private report' })).body
    const shared = (await createReport(bob, { name: 'bob shared report', visibility: 'project' })).body

    expect(await reportNames(alice)).not.toContain('bob private report')
    expect(await reportNames(alice)).toContain('bob shared report')
    expect(await reportNames(reader)).toEqual(['bob shared report'])
    expect((await alice.get(`${content}/${secret.id}`)).status).toBe(404)
    expect((await reader.get<Report>(`${content}/${shared.id}`)).body.name).toBe('bob shared report')

    const edit = await alice.patch<{ message: string }>(`${content}/${shared.id}`, { content: { layout: [card()] } })
    expect(edit).toEqual({ status: 403, body: { message: 'Only the owner of this report can update it' } })
    expect((await alice.delete(`${content}/${shared.id}`)).status).toBe(403)
    expect((await alice.patch(`${content}/${secret.id}`, { name: 'x' })).status).toBe(404)

    // making it private hides it again
    await bob.patch(`${content}/${shared.id}`, { visibility: 'user' })
    expect((await alice.get(`${content}/${shared.id}`)).status).toBe(404)
  })

  it('refuses reports to members without create on user_content', async () => {
    const denied = await reader.post<{ message: string }>(content, { type: 'report', name: 'mine' })
    expect(denied).toEqual({ status: 403, body: { message: REPORT_CREATE_FORBIDDEN_MESSAGE } })
    const upsert = await reader.put<{ message: string }>(`${content}/${randomUUID()}`, { type: 'report' })
    expect(upsert).toEqual({ status: 403, body: { message: REPORT_CREATE_FORBIDDEN_MESSAGE } })
    expect(await reportNames(reader)).toEqual([])
  })
})
