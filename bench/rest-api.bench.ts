// The data API under load: autocannon on GET /p/{ref}/rest/v1/items?select=*&limit=10 for 10 s, next to the same
// read done with `pg` directly (the cost of the API layer), and a 10,000-row select. The figures that matter are the
// ratios to the direct connection, measured back to back: they cancel much of a shared machine's noise.
// Run: npx tsx bench/rest-api.bench.ts [seconds per run] [rounds] [--short]
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import type { Organization, Project, ProjectStatusResponse } from '@pgfleet/contracts'
import { LocalDriver, TENANT_OWNER_ROLE } from '@pgfleet/engine'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import pg from 'pg'
import { projectApiKeys } from '../apps/platform/src/control/keys/api-keys'
import { ApiClient, startTestPlatform, waitFor } from '../apps/platform/src/testing/harness'
import { BenchRecord, numberArg, SHORT } from './record'
import { machineLoad, percentile } from './stats'

const DURATION_S = numberArg(0, 10, 1)
/** API and direct runs alternate this many times; the figures are the medians (the ratios of each round) */
const ROUNDS = numberArg(1, 3, 1)
const CONNECTIONS = 10
const TARGET_RPS = 3000
const TARGET_P99_MS = 25
const BIG_ROWS = SHORT ? 100 : 10_000

interface AutocannonResult {
  requests: { average: number; total: number }
  latency: { p50: number; p99: number; average: number }
  non2xx: number
  errors: number
}

/** autocannon in its own process, so the load generator does not share the platform's event loop. */
function autocannon(url: string, headers: Record<string, string>): Promise<AutocannonResult> {
  const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js')
  const args = [cli, '-c', String(CONNECTIONS), '-d', String(DURATION_S), '-j']
  for (const [k, v] of Object.entries(headers)) args.push('-H', `${k}=${v}`)
  args.push(url)
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
    })
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`autocannon exited ${code}`))))
  })
}

/** The same read with `pg`: CONNECTIONS concurrent loops over a pool of CONNECTIONS clients. */
async function direct(config: pg.PoolConfig, sql: string, values: unknown[] = []) {
  // authenticator has no privileges of its own: read as anon, like the API does
  const pool = new pg.Pool({ ...config, max: CONNECTIONS, options: '-c role=anon' })
  const latencies: number[] = []
  const deadline = Date.now() + DURATION_S * 1000
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now()
        await pool.query(sql, values)
        latencies.push(performance.now() - started)
      }
    }),
  )
  await pool.end()
  return { rps: latencies.length / DURATION_S, p50: percentile(latencies, 50), p99: percentile(latencies, 99) }
}

// a random port window: other suites may be running projects on this machine
const platform = await startTestPlatform({
  PGFLEET_PORT_RANGE: process.env.PGFLEET_BENCH_PORT_RANGE ?? testPortRangeSetting(100),
  // the platform's default: the test harness checks health ten times as often, work a production platform never does
  PGFLEET_HEALTH_INTERVAL_MS: '5000',
})
const record = new BenchRecord('rest-api')
try {
  const api = new ApiClient(() => platform.baseUrl)
  await api.post('/platform/auth/signup', { email: 'bench@example.com', password: 'bench-password' })
  const slug = (await api.get<Organization[]>('/platform/organizations')).body[0]?.slug
  const created = await api.post<Project>('/v1/projects', {
    name: 'bench',
    organization_slug: slug,
    db_pass: 'bench-db-password',
  })
  const ref = created.body.ref
  await waitFor(
    () => api.get<ProjectStatusResponse>(`/platform/projects/${ref}/status`),
    (s) => s.body.status === 'ACTIVE_HEALTHY',
    60_000,
  )
  const row = await platform.platform.ctx.db
    .selectFrom('projects')
    .selectAll()
    .where('ref', '=', ref)
    .executeTakeFirstOrThrow()
  const { anon } = await projectApiKeys(row)
  // the tenant's owner creates the table, as a user's migration would (the API roles get its default grants)
  const owner = await platform.platform.ctx.driver.projectConnection(ref, { user: TENANT_OWNER_ROLE })
  const setup = new pg.Client(owner)
  await setup.connect()
  await setup.query(`create table items (id serial primary key, name text not null, price numeric(10,2), tags text[],
    created_at timestamptz not null default now())`)
  await setup.query(`insert into items (name, price, tags)
    select 'item ' || i, (i % 1000) / 10.0, array['tag' || (i % 7), 'all'] from generate_series(1, ${BIG_ROWS}) i`)
  await setup.query('analyze items')
  await setup.end()

  // the creation above took a spare data directory: the next one's initdb (niced) would run through the first
  // measurement and not the ones after it, so the measurements start once it is made
  const { driver } = platform.platform.ctx
  if (driver instanceof LocalDriver) await driver.spareDataDirsSettled()
  console.log(`load: ${machineLoad()}`)

  const url = `${platform.baseUrl}/p/${ref}/rest/v1/items?select=*&limit=10`
  const warm = await fetch(url, { headers: { apikey: anon } })
  if (warm.status !== 200) throw new Error(`warm-up failed: ${warm.status} ${await warm.text()}`)

  const authenticator = {
    ...(await platform.platform.ctx.driver.projectConnection(ref, { user: 'authenticator' })),
    password: row.authenticator_password,
  }
  // the statement the API sends for this request (Postgres builds the JSON body)
  const apiSql = `SELECT NULL::bigint AS total, pg_catalog.count(*) AS page, COALESCE(pg_catalog.json_agg(pgrst_r), '[]'::json)::text AS body FROM (SELECT "pgrst_0".* FROM "public"."items" AS "pgrst_0" LIMIT $1) AS pgrst_r`
  console.log(
    `GET /rest/v1/items?select=*&limit=10, ${CONNECTIONS} connections, ${DURATION_S} s (autocannon), then the same` +
      ` with pg, ${ROUNDS} round(s):`,
  )
  const rounds: { api: number; same: number; plain: number }[] = []
  let meets = true
  for (let round = 1; round <= ROUNDS; round++) {
    const load = await autocannon(url, { apikey: anon })
    meets &&= load.requests.average >= TARGET_RPS && load.latency.p99 < TARGET_P99_MS
    console.log(
      `  ${round}. data API: ${load.requests.average.toFixed(0)} req/s, p50 ${load.latency.p50} ms, p99 ${load.latency.p99} ms` +
        ` (${load.requests.total} requests, ${load.non2xx} non-2xx, ${load.errors} errors)`,
    )
    if (load.non2xx > 0 || load.errors > 0) throw new Error('the data API answered errors under load')
    const same = await direct(authenticator, apiSql, [10])
    console.log(
      `     pg direct, the API's own statement: ${same.rps.toFixed(0)} req/s, p50 ${same.p50.toFixed(2)} ms, p99 ${same.p99.toFixed(2)} ms`,
    )
    const plain = await direct(authenticator, 'select * from items limit 10')
    console.log(
      `     pg direct, select * from items limit 10: ${plain.rps.toFixed(0)} req/s, p50 ${plain.p50.toFixed(2)} ms, p99 ${plain.p99.toFixed(2)} ms`,
    )
    rounds.push({ api: load.requests.average, same: same.rps, plain: plain.rps })
  }
  const median = (values: number[]) => percentile(values, 50)
  console.log(`medians of ${ROUNDS} round(s):`)
  record.figure('data API / pg direct, same statement', median(rounds.map((r) => r.api / r.same)), {
    unit: '×',
    better: 'higher',
  })
  record.figure('data API / pg direct, plain select', median(rounds.map((r) => r.api / r.plain)), {
    unit: '×',
    better: 'higher',
  })
  record.figure('data API', median(rounds.map((r) => r.api)), { unit: 'req/s', better: 'higher' })
  record.figure('pg direct, same statement', median(rounds.map((r) => r.same)), { unit: 'req/s', better: 'higher' })
  console.log(
    `  target ≥ ${TARGET_RPS} req/s with p99 < ${TARGET_P99_MS} ms → ${meets ? 'met' : 'NOT met'} (autocannon shares the 2 cores)`,
  )

  // the 10,000-row select: Postgres builds the JSON array, the platform passes it through as one string
  const bigTimes: number[] = []
  let bytes = 0
  let firstByteMs = 0
  for (let i = 0; i < 5; i++) {
    const started = performance.now()
    const response = await fetch(`${platform.baseUrl}/p/${ref}/rest/v1/items?select=*`, { headers: { apikey: anon } })
    const reader = response.body?.getReader()
    let first = true
    bytes = 0
    for (;;) {
      const chunk = await reader?.read()
      if (!chunk || chunk.done) break
      if (first) {
        firstByteMs = performance.now() - started
        first = false
      }
      bytes += chunk.value.byteLength
    }
    bigTimes.push(performance.now() - started)
  }
  console.log(
    `${BIG_ROWS}-row select: ${(bytes / 1024).toFixed(0)} KiB, first byte after ${firstByteMs.toFixed(0)} ms, built by json_agg and sent as one string`,
  )
  record.figure(`${BIG_ROWS}-row select, median`, percentile(bigTimes, 50), { unit: 'ms', better: 'lower' })
  record.save()
} finally {
  await platform.destroy()
}
