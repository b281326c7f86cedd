import type { QueryErrorResponse, RunQueryResponse } from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SqlTestSetup, startSqlTestSetup } from '../sql/testing'
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
