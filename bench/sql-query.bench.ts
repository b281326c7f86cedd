// `select 1` through POST /platform/pg-meta/{ref}/query against a direct `pg` query on the same database,
// 50 concurrent clients, and Supabase's own metadata server (@supabase/postgres-meta) side by side.
// Run: npx tsx bench/sql-query.bench.ts [requests] [--short]
import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import type { Organization, Project, ProjectStatusResponse } from '@pgfleet/contracts'
import pg from 'pg'
import { Agent, request } from 'undici'
import { ApiClient, startTestPlatform, waitFor } from '../apps/platform/src/testing/harness'
import { BenchRecord, numberArg, SHORT } from './record'
import { percentile } from './stats'

const REQUESTS = numberArg(0, 2_000, 20)
const WARMUP = SHORT ? 5 : 200
const CONCURRENT_CLIENTS = SHORT ? 5 : 50
const REQUESTS_PER_CLIENT = SHORT ? 4 : 40
const DB_PASS = 'bench-db-password'
const QUERY = JSON.stringify({ query: 'select 1' })

async function time(count: number, run: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await run()
  const timings: number[] = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    await run()
    timings.push(performance.now() - started)
  }
  return timings
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port'))))
    })
  })

const agent = new Agent({ keepAliveTimeout: 30_000, connections: CONCURRENT_CLIENTS })

async function post(url: string, headers: Record<string, string>, body: string): Promise<number> {
  const response = await request(url, { method: 'POST', headers, body, dispatcher: agent })
  await response.body.text()
  return response.statusCode
}

const platform = await startTestPlatform(
  process.env.PGFLEET_BENCH_PORT_RANGE ? { PGFLEET_PORT_RANGE: process.env.PGFLEET_BENCH_PORT_RANGE } : {},
)
const record = new BenchRecord('sql-query')
let postgresMeta: ChildProcess | undefined
try {
  const api = new ApiClient(() => platform.baseUrl)
  await api.post('/platform/auth/signup', { email: 'bench@example.com', password: 'bench-password' })
  const slug = (await api.get<Organization[]>('/platform/organizations')).body[0]?.slug
  const project = (
    await api.post<Project>('/v1/projects', { name: 'bench', organization_slug: slug, db_pass: DB_PASS })
  ).body
  await waitFor(
    async () => (await api.get<ProjectStatusResponse>(`/platform/projects/${project.ref}/status`)).body,
    (s) => s.status === 'ACTIVE_HEALTHY',
    60_000,
  )

  // the dashboard's way in: session cookie plus the CSRF header
  const login = await request(`${platform.baseUrl}/platform/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password' }),
    dispatcher: agent,
  })
  await login.body.text()
  const setCookies = ([] as string[]).concat(login.headers['set-cookie'] ?? [])
  const cookies = setCookies.map((c) => c.split(';')[0] ?? '')
  const csrf = cookies.find((c) => c.startsWith('csrf='))?.slice('csrf='.length) ?? ''
  const headers = { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-csrf-token': csrf }
  const queryUrl = `${platform.baseUrl}/platform/pg-meta/${project.ref}/query`

  // the same database over the same unix socket the platform uses
  const socket = await platform.platform.ctx.driver.projectConnection(project.ref)
  const direct = new pg.Client(socket)
  await direct.connect()
  const directTimings = await time(REQUESTS, async () => {
    await direct.query('select 1')
  })
  await direct.end()

  const oursTimings = await time(REQUESTS, async () => {
    const status = await post(queryUrl, headers, QUERY)
    if (status !== 200) throw new Error(`query answered ${status}`)
  })

  // a personal access token instead of the session: the same query, authenticated the scripts' way
  const token = (await api.post<{ token: string }>('/platform/profile/access-tokens', { name: 'bench' })).body.token
  const tokenHeaders = { 'content-type': 'application/json', authorization: `Bearer ${token}` }
  const tokenTimings = await time(REQUESTS, async () => {
    const status = await post(queryUrl, tokenHeaders, QUERY)
    if (status !== 200) throw new Error(`query with a token answered ${status}`)
  })

  // what authentication itself adds: a route whose own work is nothing, authenticated against refused (401)
  const flagsUrl = `${platform.baseUrl}/platform/feature-flags`
  const get = async (headers: Record<string, string>) => {
    const response = await request(flagsUrl, { headers, dispatcher: agent })
    await response.body.text()
    return response.statusCode
  }
  const refusedTimings = await time(REQUESTS, async () => {
    if ((await get({})) !== 401) throw new Error('feature flags answered without credentials')
  })
  const sessionFlagsTimings = await time(REQUESTS, async () => {
    if ((await get({ cookie: headers.cookie })) !== 200) throw new Error('feature flags refused the session')
  })
  const tokenFlagsTimings = await time(REQUESTS, async () => {
    if ((await get({ authorization: tokenHeaders.authorization })) !== 200)
      throw new Error('feature flags refused the token')
  })

  let failures = 0
  const concurrentTimings: number[] = []
  const concurrentStarted = performance.now()
  await Promise.all(
    Array.from({ length: CONCURRENT_CLIENTS }, async () => {
      for (let i = 0; i < REQUESTS_PER_CLIENT; i++) {
        const started = performance.now()
        const status = await post(queryUrl, headers, QUERY).catch(() => 0)
        concurrentTimings.push(performance.now() - started)
        if (status !== 200) failures++
      }
    }),
  )
  const concurrentSeconds = (performance.now() - concurrentStarted) / 1000

  const metaPort = await freePort()
  const metaUrl = `postgresql://postgres:${encodeURIComponent(DB_PASS)}@127.0.0.1:${project.database.port}/postgres`
  postgresMeta = spawn(
    process.execPath,
    [path.join('node_modules', '@supabase', 'postgres-meta', 'dist', 'server', 'server.js')],
    {
      env: { ...process.env, PG_META_DB_URL: metaUrl, PG_META_PORT: String(metaPort), PG_META_HOST: '127.0.0.1' },
      stdio: 'ignore',
    },
  )
  const metaQueryUrl = `http://127.0.0.1:${metaPort}/query`
  const jsonHeaders = { 'content-type': 'application/json' }
  await waitFor(
    () => post(metaQueryUrl, jsonHeaders, QUERY).catch(() => 0),
    (status) => status === 200,
    30_000,
    200,
  )
  const metaTimings = await time(REQUESTS, async () => {
    const status = await post(metaQueryUrl, jsonHeaders, QUERY)
    if (status !== 200) throw new Error(`postgres-meta answered ${status}`)
  })

  const p50 = (values: number[]) => percentile(values, 50)
  const added = p50(oursTimings) - p50(directTimings)
  const ratio = p50(metaTimings) / p50(oursTimings)
  const ms = (value: number) => `${value.toFixed(3)} ms`
  console.log(`select 1, ${REQUESTS} sequential requests each (after ${WARMUP} warm-up), keep-alive HTTP (undici):`)
  console.log(
    `  direct pg (unix socket)          p50 ${ms(p50(directTimings))}  p90 ${ms(percentile(directTimings, 90))}`,
  )
  console.log(`  pgfleet POST /pg-meta/{ref}/query p50 ${ms(p50(oursTimings))}  p90 ${ms(percentile(oursTimings, 90))}`)
  console.log(`  @supabase/postgres-meta /query    p50 ${ms(p50(metaTimings))}  p90 ${ms(percentile(metaTimings, 90))}`)
  console.log(
    `  the same with a personal access token p50 ${ms(p50(tokenTimings))}  p90 ${ms(percentile(tokenTimings, 90))}`,
  )
  console.log(`  added latency over direct pg: ${ms(added)} (target < 2 ms → ${added < 2 ? 'met' : 'NOT met'})`)
  const signed = (value: number) => `${value >= 0 ? '+' : ''}${ms(value)}`
  const sessionAuth = p50(sessionFlagsTimings) - p50(refusedTimings)
  const tokenAuth = p50(tokenFlagsTimings) - p50(refusedTimings)
  console.log(
    `  authentication on GET /platform/feature-flags over its 401: session ${signed(sessionAuth)}, token ${signed(tokenAuth)} (target < 0.5 ms → ${Math.max(sessionAuth, tokenAuth) < 0.5 ? 'met' : 'NOT met'})`,
  )
  console.log(
    `  postgres-meta p50 / pgfleet p50: ${ratio.toFixed(1)}x (target ≥ 3x → ${ratio >= 3 ? 'met' : 'NOT met'})`,
  )
  record.figure('pgfleet p50 / direct pg p50', p50(oursTimings) / p50(directTimings), { unit: '×', better: 'lower' })
  record.figure('pgfleet p50 / postgres-meta p50', p50(oursTimings) / p50(metaTimings), { unit: '×', better: 'lower' })
  record.figure('added latency over direct pg', added, { unit: 'ms', better: 'lower', digits: 3 })
  console.log(
    `${CONCURRENT_CLIENTS} concurrent clients × ${REQUESTS_PER_CLIENT} requests: ${failures} errors, ` +
      `${Math.round(concurrentTimings.length / concurrentSeconds)} req/s, p50 ${ms(p50(concurrentTimings))}, ` +
      `p99 ${ms(percentile(concurrentTimings, 99))} (target: no errors → ${failures === 0 ? 'met' : 'NOT met'})`,
  )
  if (failures > 0) throw new Error(`${failures} concurrent requests failed`)
  record.save()
} finally {
  postgresMeta?.kill('SIGTERM')
  await agent.close()
  await platform.destroy()
}
