// CSV import into an existing table through the API, as the dashboard sends it: the file streamed as the request
// body, parsed and copied into Postgres as it arrives. Times the whole request for 100,000 rows (about 6 MB), from
// the first byte sent to the answer, on an empty table each run.
// Run: npx tsx bench/csv-import.bench.ts [runs] [--short]
import { Readable } from 'node:stream'
import type { Organization, Project, ProjectStatusResponse } from '@pgfleet/contracts'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { Agent, request } from 'undici'
import { ApiClient, startTestPlatform, waitFor } from '../apps/platform/src/testing/harness'
import { BenchRecord, numberArg, SHORT } from './record'
import { percentile } from './stats'

const RUNS = numberArg(0, 5, 1)
const ROWS = SHORT ? 1_000 : 100_000
const BUDGET_MS = 5_000

const agent = new Agent({ keepAliveTimeout: 30_000, connections: 2 })
const platform = await startTestPlatform({
  PGFLEET_PORT_RANGE: process.env.PGFLEET_BENCH_PORT_RANGE ?? testPortRangeSetting(100),
})
const record = new BenchRecord('csv-import')
try {
  const api = new ApiClient(() => platform.baseUrl)
  await api.post('/platform/auth/signup', { email: 'imports@example.com', password: 'imports-password' })
  const slug = (await api.get<Organization[]>('/platform/organizations')).body[0]?.slug
  const project = (
    await api.post<Project>('/v1/projects', {
      name: 'imports',
      organization_slug: slug,
      db_pass: 'imports-db-password',
    })
  ).body
  await waitFor(
    async () => (await api.get<ProjectStatusResponse>(`/platform/projects/${project.ref}/status`)).body,
    (s) => s.status === 'ACTIVE_HEALTHY',
    90_000,
  )
  const base = `/platform/pg-meta/${project.ref}`
  const setup = await api.post<{ results: { rows: unknown[][] }[] }>(`${base}/query`, {
    query: `create table imported (id bigint primary key, name text not null, score int, flag boolean not null default false,
      created_at timestamptz not null default now(), data jsonb);
    select 'imported'::regclass::oid::int;`,
  })
  const tableId = setup.body.results[1]?.rows[0]?.[0] as number

  const header = 'id,name,score,flag,created_at,data'
  const lines = Array.from(
    { length: ROWS },
    (_, i) =>
      `${i + 1},"name ${i}, the ${i % 7}th",${i % 1000},${i % 2 === 0},2024-05-0${1 + (i % 9)} 10:00:00+00,"{""n"": ${i}}"`,
  )
  const file = Buffer.from(`${header}\n${lines.join('\n')}\n`)
  const columns = JSON.stringify(['id', 'name', 'score', 'flag', 'created_at', 'data'])

  const login = await request(`${platform.baseUrl}/platform/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'imports@example.com', password: 'imports-password' }),
    dispatcher: agent,
  })
  await login.body.text()
  const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] ?? '')
  const csrf = cookies.find((c) => c.startsWith('csrf='))?.slice('csrf='.length) ?? ''
  const url = `${platform.baseUrl}${base}/tables/${tableId}/rows/import?columns=${encodeURIComponent(columns)}`

  const times: number[] = []
  for (let run = 0; run <= RUNS; run++) {
    await api.post(`${base}/query`, { query: 'truncate imported' })
    // the file goes in 64 KB pieces, as a browser streams an upload
    const pieces = Readable.from(
      (function* () {
        for (let at = 0; at < file.length; at += 64 * 1024) yield file.subarray(at, at + 64 * 1024)
      })(),
    )
    const started = performance.now()
    const response = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', cookie: cookies.join('; '), 'x-csrf-token': csrf },
      body: pieces,
      dispatcher: agent,
    })
    const answer = await response.body.text()
    const took = performance.now() - started
    if (response.statusCode !== 200) throw new Error(`import answered ${response.statusCode}: ${answer}`)
    const { rows } = JSON.parse(answer) as { rows: number }
    if (rows !== ROWS) throw new Error(`imported ${rows} rows, not ${ROWS}`)
    // the first run warms the server's code and the table's files
    if (run > 0) times.push(took)
    else console.log(`warm-up run: ${took.toFixed(0)} ms`)
  }
  const p50 = percentile(times, 50)
  console.log(`CSV import, ${ROWS.toLocaleString('en-US')} rows (${(file.length / 1e6).toFixed(1)} MB), ${RUNS} runs`)
  record.figure('request → rows committed, p50', p50, { unit: 'ms', better: 'lower' })
  console.log(
    `  max ${Math.max(...times).toFixed(0)} ms (budget ${BUDGET_MS} ms: ${p50 <= BUDGET_MS ? 'met' : 'NOT met'})`,
  )
  record.save()
} finally {
  await platform.destroy()
  await agent.close()
}
