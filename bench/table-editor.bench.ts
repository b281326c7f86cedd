// The table editor on a 1,000,000-row table. Through the API (session cookie, as the dashboard calls it): the
// first page, a page deep in the table, sorted pages, a filtered page, the count and a cell edit round trip.
// In Debian Chromium: the page opening to the first rows painted, the next page painted after scrolling to the
// end, and a cell saved and shown.
// Run after `npm run build`: npx tsx bench/table-editor.bench.ts [runs] [--short]
import { Agent, request } from 'undici'
import { BenchRecord, numberArg, SHORT } from './record'
import { percentile } from './stats'
import {
  BENCH_USER,
  FIRST_ROWS_PAINTED,
  launchChromium,
  BIG_TABLE_ROWS as ROWS,
  signedInContext,
  startBigTableProject,
} from './table-editor-setup'

/** The grid's scrolling element, as the page sees it (the test code has no DOM types). */
type Scrollable = { scrollTo(options: { top: number }): void; scrollHeight: number }

const RUNS = numberArg(0, 30, 1)
const BROWSER_RUNS = SHORT ? 1 : 5
const BUDGETS = { firstRows: 500, page: 300, cellEdit: 100 }

// In-page code is installed as text (see sql-editor-grid.bench.ts for why).
const IN_PAGE_HELPERS = `window.__tableBench = {
  // ms from navigation start to the frame that shows the first data row
  firstRows: ${FIRST_ROWS_PAINTED},
  // ms from scrolling to the end of the loaded rows to the frame that shows the next page loaded
  nextPage: (grid) => new Promise((resolve, reject) => {
    const loaded = () => document.querySelector('[data-testid="rows-loaded"]')?.textContent ?? ''
    const before = loaded()
    const started = performance.now()
    const observer = new MutationObserver(() => {
      if (loaded() === before) return
      observer.disconnect()
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - started)))
    })
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    grid.scrollTo({ top: grid.scrollHeight })
    setTimeout(() => reject(new Error('no next page within 30 s')), 30000)
  }),
  // ms from the click on Save to the frame that shows the new value in the grid
  cellEdit: (button, value) => new Promise((resolve, reject) => {
    const shown = () => [...document.querySelectorAll('[data-testid="rows-grid"] [role="gridcell"]')].some((c) => c.textContent === value)
    const started = performance.now()
    const observer = new MutationObserver(() => {
      if (!shown()) return
      observer.disconnect()
      requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now() - started)))
    })
    observer.observe(document.body, { childList: true, subtree: true, characterData: true })
    button.click()
    setTimeout(() => reject(new Error('cell not shown within 30 s')), 30000)
  }),
}`
type TableBench = {
  firstRows: () => Promise<number>
  nextPage: (grid: unknown) => Promise<number>
  cellEdit: (button: unknown, value: string) => Promise<number>
}
type BenchWindow = { __tableBench: TableBench }

const agent = new Agent({ keepAliveTimeout: 30_000, connections: 4 })
const summary = (times: number[]) =>
  `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`
const verdict = (times: number[], budget: number) => (percentile(times, 50) <= budget ? 'met' : 'NOT met')

const { platform, ref, tableId, metaBase: base } = await startBigTableProject()
const browser = await launchChromium()
try {
  const login = await request(`${platform.baseUrl}/platform/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_USER),
    dispatcher: agent,
  })
  await login.body.text()
  const cookies = ([] as string[]).concat(login.headers['set-cookie'] ?? []).map((c) => c.split(';')[0] ?? '')
  const csrf = cookies.find((c) => c.startsWith('csrf='))?.slice('csrf='.length) ?? ''
  const headers = { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-csrf-token': csrf }
  const rowsUrl = `${platform.baseUrl}${base}/tables/${tableId}/rows`

  async function call(method: string, url: string, body: unknown): Promise<number> {
    const started = performance.now()
    const response = await request(url, { method, headers, body: JSON.stringify(body), dispatcher: agent })
    const text = await response.body.text()
    if (response.statusCode !== 200) throw new Error(`${method} ${url} answered ${response.statusCode}: ${text}`)
    return performance.now() - started
  }
  async function time(body: () => { method: string; url: string; body: unknown }): Promise<number[]> {
    for (let i = 0; i < 5; i++) {
      const { method, url, body: payload } = body()
      await call(method, url, payload)
    }
    const times: number[] = []
    for (let i = 0; i < RUNS; i++) {
      const { method, url, body: payload } = body()
      times.push(await call(method, url, payload))
    }
    return times
  }
  const read = (payload: unknown) => () => ({ method: 'POST', url: `${rowsUrl}/query`, body: payload })

  let flip = false
  const api100 = {
    first: await time(read({})),
    later: await time(read({ after: { key: [String(Math.round(ROWS * 0.9))] } })),
    sortedFirst: await time(read({ sort: { column: 'score', direction: 'desc' } })),
    sortedLater: await time(
      read({ sort: { column: 'score', direction: 'asc' }, after: { sort: '500', key: ['500500'] } }),
    ),
    filtered: await time(read({ filters: [{ column: 'name', operator: 'like', value: 'name 77777%' }] })),
    count: await time(() => ({ method: 'POST', url: `${rowsUrl}/count`, body: {} })),
    edit: await time(() => {
      flip = !flip
      return {
        method: 'PATCH',
        url: rowsUrl,
        body: { key: { id: '42' }, values: { name: flip ? 'edited' : 'name 42' } },
      }
    }),
  }

  const context = await signedInContext(browser, platform.baseUrl, IN_PAGE_HELPERS)
  const page = context.pages()[0] ?? (await context.newPage())

  const firstRows: number[] = []
  const nextPage: number[] = []
  const cellEdit: number[] = []
  for (let run = 0; run <= BROWSER_RUNS; run++) {
    await page.goto(`/project/${ref}/editor/${tableId}`)
    const painted = await page.evaluate(() => (globalThis as unknown as BenchWindow).__tableBench.firstRows())
    const grid = page.getByTestId('rows-grid')
    const paged = await grid.evaluate((element) =>
      (globalThis as unknown as BenchWindow).__tableBench.nextPage(element),
    )
    await grid.evaluate((element) => (element as unknown as Scrollable).scrollTo({ top: 0 }))
    await grid.getByRole('row').nth(1).getByRole('gridcell').nth(2).dblclick()
    const value = `edited in run ${run}`
    await page.getByTestId('edit-cell-dialog').getByRole('textbox', { name: 'name' }).fill(value)
    const save = page.getByTestId('edit-cell-dialog').getByRole('button', { name: 'Save' })
    const edited = await save.evaluate(
      (element, text) => (globalThis as unknown as BenchWindow).__tableBench.cellEdit(element, text),
      value,
    )
    // the first run loads the page's code; the others are a returning visit
    if (run > 0) {
      firstRows.push(painted)
      nextPage.push(paged)
      cellEdit.push(edited)
    } else {
      console.log(`warm-up run: first rows ${painted.toFixed(0)} ms, next page ${paged.toFixed(0)} ms`)
    }
  }

  console.log(`Table editor, ${ROWS.toLocaleString('en-US')} rows, pages of 100`)
  console.log(`  API (${RUNS} runs each after a warm-up):`)
  console.log(`    first page:                 ${summary(api100.first)}`)
  console.log(`    page after id ${Math.round(ROWS * 0.9).toLocaleString('en-US')}:      ${summary(api100.later)}`)
  console.log(`    sorted by score, first:     ${summary(api100.sortedFirst)}`)
  console.log(`    sorted by score, deep page: ${summary(api100.sortedLater)}`)
  console.log(`    filtered (like, no index):  ${summary(api100.filtered)}`)
  console.log(`    row count (estimate):       ${summary(api100.count)}`)
  console.log(`    cell edit round trip:       ${summary(api100.edit)}`)
  console.log(`  Browser (${BROWSER_RUNS} runs after a warm-up):`)
  console.log(
    `    page opening → first rows painted: ${summary(firstRows)} (budget ${BUDGETS.firstRows} ms: ${verdict(firstRows, BUDGETS.firstRows)})`,
  )
  console.log(
    `    scroll to end → next page painted: ${summary(nextPage)} (budget ${BUDGETS.page} ms: ${verdict(nextPage, BUDGETS.page)})`,
  )
  console.log(
    `    Save → cell shown:                  ${summary(cellEdit)} (budget ${BUDGETS.cellEdit} ms: ${verdict(cellEdit, BUDGETS.cellEdit)})`,
  )
  const record = new BenchRecord('table-editor')
  record.figure('API first page, p50', percentile(api100.first, 50), { unit: 'ms', better: 'lower', digits: 1 })
  record.figure('API deep page, p50', percentile(api100.later, 50), { unit: 'ms', better: 'lower', digits: 1 })
  record.figure('page opening → first rows painted, p50', percentile(firstRows, 50), { unit: 'ms', better: 'lower' })
  record.figure('Save → cell shown, p50', percentile(cellEdit, 50), { unit: 'ms', better: 'lower' })
  record.save()
} finally {
  await browser.close()
  await platform.destroy()
  await agent.close()
}
