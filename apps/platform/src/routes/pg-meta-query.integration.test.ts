import type { QueryErrorResponse, RunQueryResponse } from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { READ_ONLY_TRANSACTION_CONTROL_MESSAGE } from '../control/sql-editor/service'
import { type SqlTestSetup, startSqlTestSetup } from '../control/sql-editor/testing'
import { ApiClient, waitFor } from '../testing/harness'

let s: SqlTestSetup
let reader: ApiClient
let developer: ApiClient

beforeAll(async () => {
  s = await startSqlTestSetup({ reader: 'Read-only', developer: 'Developer' }, { waitHealthy: true })
  reader = s.members.reader as ApiClient
  developer = s.members.developer as ApiClient
})
afterAll(async () => {
  await s?.t.destroy()
})

const run = (client: ApiClient, body: Record<string, unknown>) =>
  client.post<RunQueryResponse & QueryErrorResponse>(`${s.base}/query`, body)

/** How many other sessions are running a statement that contains `text`. */
const runningCount = async (text: string) => {
  const answer = await run(developer, {
    query: `select count(*)::int from pg_stat_activity
      where state = 'active' and strpos(query, '${text}') > 0 and pid <> pg_backend_pid()`,
  })
  return (answer.body.results[0]?.rows[0]?.[0] as number | undefined) ?? -1
}

/** Waits until the statement has reached the server: a cancel sent before that has nothing to stop. */
const untilRunning = (text: string) =>
  waitFor(
    () => runningCount(text),
    (n) => n > 0,
    10_000,
  )

describe('POST /platform/pg-meta/{ref}/query', () => {
  it('answers rows with column names and types, values the grid can show', async () => {
    const answer = await run(s.owner, {
      query: `select 1 as a, 'x' as b, null::int as c, '{"k":[1,2]}'::jsonb as j, 9007199254740993::int8 as big,
        1.10::numeric as n, true as t, 'NaN'::float8 as nan, array[1,2] as arr, date '2024-02-29' as d, 2 as a`,
    })
    expect(answer.status).toBe(200)
    const [set] = answer.body.results
    expect(set?.command).toBe('SELECT')
    expect(set?.rowCount).toBe(1)
    expect(set?.columns.map((c) => `${c.name}:${c.type}`)).toEqual([
      'a:int4',
      'b:text',
      'c:int4',
      'j:jsonb',
      'big:int8',
      'n:numeric',
      't:bool',
      'nan:float8',
      'arr:_int4',
      'd:date',
      'a:int4',
    ])
    expect(set?.rows).toEqual([
      [1, 'x', null, { k: [1, 2] }, '9007199254740993', '1.10', true, 'NaN', [1, 2], '2024-02-29', 2],
    ])
    expect(answer.body).toMatchObject({ truncated: false, autoLimit: 100_000, notices: [] })
  })

  it('answers every result set of several statements, in order', async () => {
    const answer = await run(s.owner, {
      query: `create table items (id int primary key, name text);
insert into items select g, 'item ' || g from generate_series(1, 5) g;
select count(*) as total from items;
update items set name = upper(name) where id <= 2 returning id;
do $$ begin raise notice 'hello from plpgsql'; end $$;`,
    })
    expect(answer.status).toBe(200)
    const summary = answer.body.results.map((r) => [r.command, r.rowCount, r.rows.length])
    expect(summary).toEqual([
      ['CREATE TABLE', null, 0],
      ['INSERT', 5, 0],
      ['SELECT', 1, 1],
      ['UPDATE', 2, 2],
      ['DO', null, 0],
    ])
    expect(answer.body.results[2]?.rows).toEqual([['5']])
    expect(answer.body.autoLimit).toBeNull()
    expect(answer.body.notices).toEqual(['NOTICE: hello from plpgsql'])
  })

  it('answers errors with message, position, hint and a psql-like formattedError', async () => {
    const missing = await run(s.owner, { query: 'select *\nfrom nope' })
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({
      message: 'relation "nope" does not exist',
      code: '42P01',
      position: 15,
      hint: null,
    })
    expect(missing.body.formattedError).toBe(
      'ERROR:  42P01: relation "nope" does not exist\nLINE 2: from nope\n             ^',
    )
    expect(missing.body).not.toHaveProperty('stack')

    const noFunction = await run(s.owner, { query: "@set x = 'a'\nselect 'é', lower(:x, 1)" })
    expect(noFunction.status).toBe(400)
    expect(noFunction.body.code).toBe('42883')
    expect(noFunction.body.hint).toMatch(/No function matches/)
    // the position points into the SQL as written (with its @set line and :x), not the SQL that ran
    expect(noFunction.body.position).toBe("@set x = 'a'\nselect 'é', ".length + 1)
    expect(noFunction.body.formattedError).toContain("LINE 2: select 'é', lower(:x, 1)\n                    ^")

    const rolledBack = await run(s.owner, { query: 'create table half (id int); select 1/0' })
    expect(rolledBack.body.message).toBe('division by zero')
    const check = await run(s.owner, { query: "select to_regclass('half') is null as gone" })
    expect(check.body.results[0]?.rows).toEqual([[true]])
  })

  it('keeps the results of the statements before a failing one, and says their changes were undone', async () => {
    const failed = await run(s.owner, {
      query:
        "select 1 as first; insert into items values (100, 'x') returning id; select 2 as second; select 1/0; select 3",
    })
    expect(failed.status).toBe(400)
    expect(failed.body.message).toBe('division by zero')
    expect(failed.body.results?.map((set) => [set.command, set.columns.map((c) => c.name), set.rows])).toEqual([
      ['SELECT', ['first'], [[1]]],
      ['INSERT', ['id'], [[100]]],
      ['SELECT', ['second'], [[2]]],
    ])
    expect(failed.body.rolledBack).toBe(true)
    const count = await run(s.owner, { query: 'select count(*)::int from items where id = 100' })
    expect(count.body.results[0]?.rows).toEqual([[0]])

    // a failure within the first statement, even after some of its rows: nothing before it to show
    const first = await run(s.owner, { query: 'select 1 / (g - 3) from generate_series(1, 5) g; select 1' })
    expect(first.body.message).toBe('division by zero')
    expect(first.body).not.toHaveProperty('results')

    // BEGIN/COMMIT of its own: what was committed stays
    const committed = await run(s.owner, { query: 'begin; select 1 as a; commit; select 1/0' })
    expect(committed.body.results?.map((set) => set.command)).toEqual(['BEGIN', 'SELECT', 'COMMIT'])
    expect(committed.body.rolledBack).toBe(false)

    const read = await run(reader, { query: 'select 1 as a; select nope' })
    expect(read.body.code).toBe('42703')
    expect(read.body.results?.map((set) => set.rows)).toEqual([[[1]]])
  })

  it('lists the built-in functions that only read, for the editor to run without asking', async () => {
    const names = `${s.base}/read-only-function-names`
    const listed = await s.owner.get<string[]>(names)
    expect(listed.status).toBe(200)
    for (const name of ['now', 'generate_series', 'md5', 'to_char', 'lower']) {
      expect(listed.body).toContain(name)
    }
    for (const name of ['nextval', 'setval', 'pg_sleep', 'set_config', 'pg_terminate_backend', 'pg_read_file']) {
      expect(listed.body).not.toContain(name)
    }
    expect(listed.body).toEqual([...listed.body].sort())

    // a volatile function of the tenant's that shares a built-in's name takes that name off the list
    await run(developer, {
      query: 'create function public.md5(n int) returns text volatile language sql as $$ select n::text $$',
    })
    expect((await s.owner.get<string[]>(names)).body).not.toContain('md5')
    await run(developer, { query: 'drop function public.md5(int)' })
    expect((await s.owner.get<string[]>(names)).body).toContain('md5')

    // read-only members read it too (they run SQL, read-only); strangers and hostile input get nothing
    expect((await reader.get<string[]>(names)).body).toContain('now')
    const stranger = new ApiClient(() => s.t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'names-stranger@example.com', password: 'stranger-pass' })
    expect((await stranger.get(names)).status).toBe(404)
    const hostile = await s.owner.get<string[]>(
      `${names}?included_schemas=${encodeURIComponent("x');drop table items;--")}`,
    )
    expect(hostile.status).toBeLessThan(500)
    expect((await run(s.owner, { query: 'select count(*)::int from items' })).body.results[0]?.rows).toEqual([[5]])
  })

  it("binds parameters instead of pasting them: O'Brien works and cannot inject", async () => {
    const named = await run(s.owner, {
      query: `@set name = 'O''Brien'
select :name as name, ':x' as quoted, $$ :y $$ as body, '{"a":1}'::jsonb as j, :name = 'O''Brien' as same`,
    })
    expect(named.status).toBe(200)
    expect(named.body.results[0]?.rows).toEqual([["O'Brien", ':x', ' :y ', { a: 1 }, true]])

    const hostile = "x'); drop table items; --"
    const given = await run(s.owner, { query: 'select :name::text as name', parameters: { name: hostile } })
    expect(given.body.results[0]?.rows).toEqual([[hostile]])
    const positional = await run(s.owner, {
      query: 'select $1::text as a, $2::int + 1 as b',
      parameters: ["O'Brien", 41],
    })
    expect(positional.body.results[0]?.rows).toEqual([["O'Brien", 42]])
    const still = await run(s.owner, { query: 'select count(*)::int as n from items' })
    expect(still.body.results[0]?.rows).toEqual([[5]])

    const missing = await run(s.owner, { query: 'select :who' })
    expect(missing.status).toBe(400)
    expect(missing.body.message).toBe('Missing value for parameter: who')
  })

  it('appends the row limit to a single query and says when rows were cut off', async () => {
    const cut = await run(s.owner, { query: 'select g from generate_series(1, 150) g', rowLimit: 100 })
    expect(cut.body.results[0]?.rows).toHaveLength(100)
    expect(cut.body).toMatchObject({ truncated: true, autoLimit: 100 })
    expect(cut.body.results[0]?.truncatedBy).toBe('row_limit')
    const exact = await run(s.owner, {
      query: 'with t as (select g from generate_series(1, 100) g) table t',
      rowLimit: 100,
    })
    expect(exact.body.results[0]?.rows).toHaveLength(100)
    expect(exact.body).toMatchObject({ truncated: false, autoLimit: 100 })
    expect(exact.body.results[0]?.truncatedBy).toBeNull()
    const several = await run(s.owner, {
      query: 'select generate_series(1, 300); select generate_series(1, 3)',
      rowLimit: 100,
    })
    expect(several.body.results.map((r) => [r.rows.length, r.truncated, r.truncatedBy])).toEqual([
      [100, true, 'row_limit'],
      [3, false, null],
    ])
    expect(several.body.autoLimit).toBeNull()
  })

  it('says which limit cut the rows: the row limit even when no limit was appended, else the server cap', async () => {
    // a comment marker keeps the SQL unchanged, yet the row limit still cuts what is kept
    const commented = await run(s.owner, {
      query: '-- first rows\nselect g from generate_series(1, 150) g',
      rowLimit: 100,
    })
    expect(commented.body.autoLimit).toBeNull()
    expect(commented.body.results.map((r) => [r.rows.length, r.truncated, r.truncatedBy])).toEqual([
      [100, true, 'row_limit'],
    ])
    const uncut = await run(s.owner, { query: '-- all\nselect g from generate_series(1, 5) g', rowLimit: 100 })
    expect(uncut.body.results.map((r) => [r.truncated, r.truncatedBy])).toEqual([[false, null]])
    const capped = await run(s.owner, { query: 'select g from generate_series(1, 100001) g', rowLimit: -1 })
    expect(capped.body.autoLimit).toBe(100_000)
    expect(capped.body.results.map((r) => [r.rows.length, r.truncated, r.truncatedBy])).toEqual([
      [100_000, true, 'server_cap'],
    ])
    const cappedOverSets = await run(s.owner, {
      query: 'select generate_series(1, 99999); select generate_series(1, 5)',
      rowLimit: 1_000_000,
    })
    expect(cappedOverSets.body.results.map((r) => [r.rows.length, r.truncatedBy])).toEqual([
      [99_999, null],
      [1, 'server_cap'],
    ])
  })

  it('lets read-only members read but never write, even by ending the transaction', async () => {
    const read = await run(reader, { query: 'select count(*)::int as n from items' })
    expect(read.body.results[0]?.rows).toEqual([[5]])
    const write = await run(reader, { query: 'insert into items values (99, $$nope$$)' })
    expect(write.status).toBe(400)
    expect(write.body).toMatchObject({ code: '25006', message: 'cannot execute INSERT in a read-only transaction' })
    const escaped = await run(reader, {
      query: 'commit; set default_transaction_read_only = off; begin read write; delete from items',
    })
    expect(escaped.body).toMatchObject({ code: '25006', message: READ_ONLY_TRANSACTION_CONTROL_MESSAGE })
    const switched = await run(reader, { query: 'set transaction read write; select 1; select 2' })
    expect(switched.body.message).toBe('transaction read-write mode must be set before any query')
    const several = await run(reader, { query: 'select 1 as one; select 2 as two' })
    expect(several.body.results.map((r) => r.rows)).toEqual([[[1]], [[2]]])
    const asked = await run(developer, { query: 'drop table items', readOnly: true })
    expect(asked.body.code).toBe('25006')
    const after = await run(developer, { query: 'select count(*)::int from items' })
    expect(after.body.results[0]?.rows).toEqual([[5]])
  })

  it('starts every request with a clean session: settings and open transactions do not leak', async () => {
    await run(developer, { query: 'set search_path = nowhere; begin; create table leftover (id int); select 1' })
    for (let i = 0; i < 12; i++) {
      const answer = await run(developer, {
        query: "select current_setting('search_path') as path, to_regclass('public.leftover') is null as gone",
      })
      expect(answer.body.results[0]?.rows).toEqual([['"$user", public', true]])
    }
  })

  it('cancels a running query by its id', async () => {
    const started = Date.now()
    const running = run(s.owner, { query: 'select pg_sleep(10)', queryId: 'sleepy' })
    await untilRunning('pg_sleep(10)')
    expect((await developer.post(`${s.base}/query/cancel`, { queryId: 'sleepy' })).body).toEqual({ cancelled: false })
    const cancel = await s.owner.post(`${s.base}/query/cancel`, { queryId: 'sleepy' })
    expect(cancel.body).toEqual({ cancelled: true })
    const answer = await running
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ code: '57014', message: 'canceling statement due to user request' })
    expect(Date.now() - started).toBeLessThan(5_000)
    expect((await s.owner.post(`${s.base}/query/cancel`, { queryId: 'sleepy' })).body).toEqual({ cancelled: false })
  })

  it('cancels the query when the HTTP client goes away', async () => {
    const token = await s.owner.post<{ token: string }>('/platform/profile/access-tokens', { name: 'abort' })
    const controller = new AbortController()
    const request = fetch(`${s.t.baseUrl}${s.base}/query`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.body.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'select pg_sleep(9.5)' }),
      signal: controller.signal,
    })
    await untilRunning('pg_sleep(9.5)')
    controller.abort()
    await expect(request).rejects.toThrow()
    await waitFor(
      () => runningCount('pg_sleep(9.5)'),
      (n) => n === 0,
      5_000,
    )
  })

  it('cancels running queries and drops its connections when the project stops, then reconnects', async () => {
    const running = run(developer, { query: 'select pg_sleep(9)' })
    await untilRunning('pg_sleep(9)')
    await s.t.platform.ctx.projectStopping(s.project.ref)
    expect((await running).body.code).toBe('57014')
    expect((await run(developer, { query: 'select 1 as back' })).body.results[0]?.rows).toEqual([[1]])
  })

  it('stops queries at the project statement timeout, which admins can change', async () => {
    const settings = `/platform/projects/${s.project.ref}/settings/sql`
    expect((await s.owner.get(settings)).body).toEqual({ statement_timeout_ms: 60_000 })
    expect((await developer.patch(settings, { statement_timeout_ms: 500 })).status).toBe(403)
    expect((await s.owner.patch(settings, { statement_timeout_ms: 10 })).status).toBe(400)
    expect((await s.owner.patch(settings, { statement_timeout_ms: 500 })).body).toEqual({ statement_timeout_ms: 500 })
    const slow = await run(developer, { query: 'select pg_sleep(2)' })
    expect(slow.body).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' })
    const slowReader = await run(reader, { query: 'select pg_sleep(2)' })
    expect(slowReader.body.code).toBe('57014')
    await s.owner.patch(settings, { statement_timeout_ms: 60_000 })
    expect((await run(developer, { query: 'select pg_sleep(0.6)' })).status).toBe(200)
  })

  it('answers the last statement as plain rows on the management API', async () => {
    const token = await s.owner.post<{ token: string }>('/platform/profile/access-tokens', { name: 'cli' })
    const script = new ApiClient(() => s.t.baseUrl)
    script.bearer = token.body.token
    const rows = await script.post(`/v1/projects/${s.project.ref}/database/query`, {
      query: 'select 1; select id, name from items order by id limit 2',
    })
    expect(rows).toEqual({
      status: 200,
      body: [
        { id: 1, name: 'ITEM 1' },
        { id: 2, name: 'ITEM 2' },
      ],
    })
    const none = await script.post(`/v1/projects/${s.project.ref}/database/query`, { query: 'select 1 where false' })
    expect(none.body).toEqual([])
    const failed = await script.post<QueryErrorResponse>(`/v1/projects/${s.project.ref}/database/query`, {
      query: 'select nope',
    })
    expect(failed).toMatchObject({ status: 400, body: { code: '42703' } })
  })

  it('refuses strangers and bad input', async () => {
    const stranger = new ApiClient(() => s.t.baseUrl)
    await stranger.post('/platform/auth/signup', { email: 'stranger@example.com', password: 'stranger-pass' })
    expect((await run(stranger, { query: 'select 1' })).status).toBe(404)
    expect((await run(s.owner, {})).body.message).toBe('query is required')
    expect((await run(s.owner, { query: 'select 1', rowLimit: -5 })).status).toBe(400)
  })

  it('runs read-only from the moment the sampler marks the project, before its stored row says so', async () => {
    const { ref } = s.project
    const modes = s.t.platform.ctx.resources.modes
    modes.set(ref, true)
    try {
      const write = await run(s.owner, { query: 'create table during_the_window (id int)' })
      expect(write.body).toMatchObject({ code: '25006' })
      expect((await run(s.owner, { query: 'select 1' })).body.results[0]?.rows[0]).toEqual([1])
    } finally {
      modes.set(ref, false)
    }
    expect((await run(s.owner, { query: 'create table after_the_window (id int)' })).status).toBe(200)
  })
})
