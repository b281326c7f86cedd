// Typing in the SQL editor with 1,000 saved snippets in the sidebar and 10,000 tables loaded for completion,
// in Debian Chromium: the time from each keydown to the frame that shows it.
// Run after `npm run build`: npx tsx bench/sql-editor-typing.bench.ts [tables] [snippets] [--short]
import type { Organization, Project, ProjectStatusResponse } from '@pgfleet/contracts'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { chromium } from '@playwright/test'
import { ApiClient, startTestPlatform, waitFor } from '../apps/platform/src/testing/harness'
import { BenchRecord, numberArg } from './record'
import { percentile } from './stats'

const TABLES = numberArg(0, 10_000, 20)
const SNIPPETS = numberArg(1, 1_000, 5)
const BUDGET_MS = 16
const TEXT =
  'select id, name, created_at from public.table_4242 where id > 10 and name ilike :search order by created_at desc'

type TraceEvent = {
  name: string
  ph: string
  ts: number
  dur?: number
  /** thread (CPU) time: unlike `dur`, it leaves out time the thread waited for a busy CPU */
  tdur?: number
  pid: number
  tid: number
  args?: { name?: string; data?: { type?: string } }
}

/**
 * Main-thread work per keystroke from a Chromium trace: every task the page's main thread ran between one
 * keydown and the next (handling the key, rendering the frame, timers it set), without the idle wait for
 * the display's next frame.
 */
function workPerKeystroke(events: TraceEvent[]): number[] {
  const mainThreads = events.filter(
    (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
  )
  const keydowns = events.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown')
  const thread = mainThreads.find((t) => keydowns.some((k) => k.pid === t.pid && k.tid === t.tid))
  if (!thread) throw new Error('no renderer main thread with keystrokes in the trace')
  const onThread = (e: TraceEvent) => e.pid === thread.pid && e.tid === thread.tid
  const starts = keydowns.filter(onThread).map((e) => e.ts)
  const tasks = events.filter(
    (e) => onThread(e) && e.ph === 'X' && (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask'),
  )
  return starts.map((start, i) => {
    const end = starts[i + 1] ?? start + 1_000_000
    const busy = tasks
      .filter((t) => t.ts >= start - 1000 && t.ts < end)
      .reduce((sum, t) => sum + (t.tdur ?? t.dur ?? 0), 0)
    return busy / 1000
  })
}

const platform = await startTestPlatform({
  PGFLEET_PORT_RANGE: process.env.PGFLEET_BENCH_PORT_RANGE ?? testPortRangeSetting(100),
  // a dashboard built elsewhere (e.g. vite build --outDir) instead of apps/studio/dist
  ...(process.env.PGFLEET_STUDIO_DIR ? { PGFLEET_STUDIO_DIR: process.env.PGFLEET_STUDIO_DIR } : {}),
})
const browser = await chromium.launch({
  executablePath: process.env.PGFLEET_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
})
try {
  const api = new ApiClient(() => platform.baseUrl)
  await api.post('/platform/auth/signup', { email: 'typing@example.com', password: 'typing-password' })
  const slug = (await api.get<Organization[]>('/platform/organizations')).body[0]?.slug
  const project = (
    await api.post<Project>('/v1/projects', { name: 'typing', organization_slug: slug, db_pass: 'typing-db-password' })
  ).body
  await waitFor(
    async () => (await api.get<ProjectStatusResponse>(`/platform/projects/${project.ref}/status`)).body,
    (s) => s.status === 'ACTIVE_HEALTHY',
    90_000,
  )

  const started = performance.now()
  for (let from = 1; from <= TABLES; from += 1000) {
    const created = await api.post(`/platform/pg-meta/${project.ref}/query`, {
      query: `do $$ begin for i in ${from}..${Math.min(TABLES, from + 999)} loop
        execute format('create table public.table_%s (id bigint primary key, name text, created_at timestamptz, amount numeric, flags jsonb)', i);
      end loop; end $$`,
    })
    if (created.status !== 200) throw new Error(`creating tables: ${JSON.stringify(created.body)}`)
  }
  for (let i = 0; i < SNIPPETS; i++) {
    const saved = await api.put(`/platform/projects/${project.ref}/content/${crypto.randomUUID()}`, {
      name: `Saved query ${i}`,
      content: { sql: `select * from public.table_${i + 1} limit 10` },
    })
    if (saved.status !== 201) throw new Error(`saving snippets: ${JSON.stringify(saved.body)}`)
  }
  console.log(
    `setup: ${TABLES} tables and ${SNIPPETS} snippets in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  )

  const context = await browser.newContext({ baseURL: platform.baseUrl, viewport: { width: 1440, height: 900 } })
  const page = await context.newPage()
  await page.goto('/sign-in')
  await page.getByLabel('Email').fill('typing@example.com')
  await page.getByLabel('Password').fill('typing-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/\/projects/)

  // completion loads names only; a table's columns come when a statement needs them
  const metadata = page.waitForResponse((response) => response.url().includes('/table-names'), {
    timeout: 120_000,
  })
  await page.goto(`/project/${project.ref}/sql`)
  if (SNIPPETS > 0) await page.getByTestId('snippet-item').first().waitFor()
  await page.getByTestId('landing-new-query').click()
  await page.waitForURL(/\/sql\/[0-9a-f-]{36}$/)
  const tables = await metadata
  const { responseBodySize } = await tables.request().sizes()
  console.log(`completion metadata (table names): ${(responseBodySize / 1024).toFixed(0)} KB`)
  await page.waitForTimeout(1000)

  const editor = page.getByRole('textbox', { name: 'SQL' })
  await editor.click()
  let columnFetches = 0
  page.on('request', (request) => {
    if (request.url().includes('/columns?table_id=')) columnFetches++
  })
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] })
  await page.keyboard.type(TEXT, { delay: 40 })
  await page.waitForTimeout(1500)
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
  const work = workPerKeystroke(trace.traceEvents)
  const p95 = percentile(work, 95)
  console.log(`SQL editor typing, ${SNIPPETS} snippets in the sidebar, ${TABLES} tables for completion`)
  console.log(
    `  main-thread work per keystroke (${work.length} keystrokes): p50 ${percentile(work, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${Math.max(...work).toFixed(1)} ms`,
  )
  console.log(`  column lists fetched while typing: ${columnFetches} (one per table the statement names)`)
  console.log(`  budget ${BUDGET_MS} ms of work per keystroke (p95) → ${p95 <= BUDGET_MS ? 'met' : 'NOT met'}`)
  const record = new BenchRecord('sql-editor-typing')
  record.figure('main-thread work per keystroke, p95', p95, { unit: 'ms', better: 'lower', digits: 1 })
  record.save()
} finally {
  await browser.close()
  await platform.destroy()
}
