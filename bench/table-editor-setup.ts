// The table editor benches' shared start: a platform, a signed-up user, a project with a 1,000,000-row table,
// and a Chromium context signed in as that user.
import type { Organization, Project, ProjectStatusResponse } from '@pgfleet/contracts'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { type Browser, type BrowserContext, chromium } from '@playwright/test'
import { ApiClient, startTestPlatform, type TestPlatform, waitFor } from '../apps/platform/src/testing/harness'
import { SHORT } from './record'

export const BIG_TABLE_ROWS = SHORT ? 2_000 : 1_000_000
export const BENCH_USER = { email: 'tables@example.com', password: 'tables-password' }

/**
 * In-page function (installed as text: the bench runner would otherwise wrap it in helpers the page lacks):
 * ms from navigation start to the frame that shows the first data row. It leaves marks in the page's timeline,
 * which a performance trace shows: `first-rows-in-dom` when the grid has a data row, `first-rows-painted` at the end.
 */
export const FIRST_ROWS_PAINTED = `() => new Promise((resolve, reject) => {
  const painted = () => document.querySelector('[data-testid="rows-grid"] [role="row"][aria-rowindex="2"] [role="gridcell"]')
  const done = () => (performance.mark('first-rows-in-dom'), requestAnimationFrame(() => requestAnimationFrame(() => {
    performance.mark('first-rows-painted')
    resolve(performance.now())
  })))
  if (painted()) return done()
  const observer = new MutationObserver(() => { if (painted()) { observer.disconnect(); done() } })
  observer.observe(document.body, { childList: true, subtree: true })
  setTimeout(() => reject(new Error('no rows within 30 s')), 30000)
})`

export interface BigTableProject {
  platform: TestPlatform
  ref: string
  /** the big table's oid, as the editor's address carries it */
  tableId: number
  /** `/platform/pg-meta/{ref}` */
  metaBase: string
}

/** `studioDir` serves another build of the dashboard (to compare two builds on one machine). */
export async function startBigTableProject(studioDir?: string): Promise<BigTableProject> {
  const platform = await startTestPlatform({
    PGFLEET_PORT_RANGE: process.env.PGFLEET_BENCH_PORT_RANGE ?? testPortRangeSetting(100),
    ...(studioDir ? { PGFLEET_STUDIO_DIR: studioDir } : {}),
  })
  const api = new ApiClient(() => platform.baseUrl)
  await api.post('/platform/auth/signup', BENCH_USER)
  const slug = (await api.get<Organization[]>('/platform/organizations')).body[0]?.slug
  const project = (
    await api.post<Project>('/v1/projects', { name: 'tables', organization_slug: slug, db_pass: 'tables-db-password' })
  ).body
  await waitFor(
    async () => (await api.get<ProjectStatusResponse>(`/platform/projects/${project.ref}/status`)).body,
    (s) => s.status === 'ACTIVE_HEALTHY',
    90_000,
  )
  const metaBase = `/platform/pg-meta/${project.ref}`
  const setup = await api.post<{ results: { rows: unknown[][] }[] }>(`${metaBase}/query`, {
    query: `create table big (id bigint primary key, name text not null, score int, flag boolean not null default false,
      created_at timestamptz not null default now());
    insert into big (id, name, score, flag) select g, 'name ' || g, g % 1000, g % 2 = 0 from generate_series(1, ${BIG_TABLE_ROWS}) g;
    analyze big;
    select 'big'::regclass::oid::int;`,
  })
  const tableId = setup.body.results[3]?.rows[0]?.[0] as number
  return { platform, ref: project.ref, tableId, metaBase }
}

export async function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.PGFLEET_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  })
}

/** A desktop-sized context whose session is the bench user's, signed in through the page as a user would. */
export async function signedInContext(browser: Browser, baseURL: string, initScript: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } })
  await context.addInitScript({ content: initScript })
  const page = await context.newPage()
  await page.goto('/sign-in')
  await page.getByLabel('Email').fill(BENCH_USER.email)
  await page.getByLabel('Password').fill(BENCH_USER.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/\/projects/)
  return context
}
