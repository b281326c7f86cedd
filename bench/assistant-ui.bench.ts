// The assistant panel in Debian Chromium: a 200-message conversation opened and scrolled to its first message and
// back (frame times), and how long a streamed token takes from the model server's write to the page's DOM.
// Run after `npm run build`: npx tsx bench/assistant-ui.bench.ts [replies] [--short]
import { randomUUID } from 'node:crypto'
import type { Organization, Project, ProjectStatusResponse } from '@pgfleet/contracts'
import { testPortRangeSetting } from '@pgfleet/engine/testing/ports'
import { chromium } from '@playwright/test'
import { ApiClient, startTestPlatform, waitFor } from '../apps/platform/src/testing/harness'
import { startScriptedModelServer } from '../apps/platform/src/testing/scripted-model-server'
import { BenchRecord, numberArg, SHORT } from './record'
import { percentile } from './stats'

const REPLIES = numberArg(0, 10, 1)
const MESSAGES = SHORT ? 10 : 200
const FRAME_BUDGET_MS = 50
const TOKEN_BUDGET_MS = 50

// In-page code is installed as text (see sql-editor-grid.bench.ts for why).
const SCROLL_FRAMES = `(list) => new Promise((resolve) => {
  const deltas = []
  let last = performance.now()
  let direction = -1
  let frames = 0
  const step = () => {
    const now = performance.now()
    deltas.push(now - last)
    last = now
    list.scrollTop += direction * 150
    if (direction < 0 && list.scrollTop <= 0 && list.querySelectorAll('[data-testid="assistant-message"]').length >= ${MESSAGES}) direction = 1
    if (++frames < 600 && !(direction > 0 && list.scrollTop + list.clientHeight >= list.scrollHeight - 1)) requestAnimationFrame(step)
    else resolve({ deltas: deltas.slice(1), rows: list.querySelectorAll('[data-testid="assistant-message"]').length })
  }
  requestAnimationFrame(step)
})`
// resolves with the wall-clock time at which the reply's text first reached the DOM
const FIRST_TEXT_AT = `(marker) => new Promise((resolve, reject) => {
  const seen = () => [...document.querySelectorAll('[data-testid="assistant-message"]')].some((node) => node.textContent.includes(marker))
  const observer = new MutationObserver(() => {
    if (!seen()) return
    observer.disconnect()
    resolve(Date.now())
  })
  observer.observe(document.body, { childList: true, subtree: true, characterData: true })
  setTimeout(() => reject(new Error('no reply within 30 s')), 30000)
})`
type Bench = {
  scrollFrames: (list: unknown) => Promise<{ deltas: number[]; rows: number }>
  firstTextAt: (marker: string) => Promise<number>
}
type BenchWindow = { __assistantBench: Bench }

const model = await startScriptedModelServer({
  builtIn: [{ match: 'stream please', turns: [{ text: 'Streaming tokens one after another. '.repeat(10) }] }],
})
model.chunkDelayMs = 10
const platform = await startTestPlatform({
  PGFLEET_PORT_RANGE: process.env.PGFLEET_BENCH_PORT_RANGE ?? testPortRangeSetting(100),
  OPENAI_API_KEY: model.apiKey,
  OPENAI_BASE_URL: model.baseUrl,
  PGFLEET_AI_MODEL: 'scripted-model',
  PGFLEET_AI_RATE_LIMIT_PER_MINUTE: '1000',
})
const browser = await chromium.launch({
  executablePath: process.env.PGFLEET_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
})
const record = new BenchRecord('assistant-ui')
try {
  const api = new ApiClient(() => platform.baseUrl)
  await api.post('/platform/auth/signup', { email: 'chat@example.com', password: 'chat-password' })
  const slug = (await api.get<Organization[]>('/platform/organizations')).body[0]?.slug
  const project = (
    await api.post<Project>('/v1/projects', { name: 'chat', organization_slug: slug, db_pass: 'chat-db-password' })
  ).body
  await waitFor(
    async () => (await api.get<ProjectStatusResponse>(`/platform/projects/${project.ref}/status`)).body,
    (s) => s.status === 'ACTIVE_HEALTHY',
    90_000,
  )

  // a long conversation as the assistant leaves them: questions, prose, lists and SQL blocks
  const db = platform.platform.ctx.db
  const owner = await db
    .selectFrom('projects')
    .innerJoin('members', 'members.organization_id', 'projects.organization_id')
    .select(['projects.id as projectId', 'members.user_id as userId'])
    .where('projects.ref', '=', project.ref)
    .executeTakeFirstOrThrow()
  const messages = Array.from({ length: MESSAGES }, (_, i) =>
    i % 2 === 0
      ? {
          id: randomUUID(),
          role: 'user',
          parts: [{ type: 'text', text: `Question ${i / 2 + 1}: how do I count rows per day?` }],
        }
      : {
          id: randomUUID(),
          role: 'assistant',
          parts: [
            {
              type: 'text',
              text: `Here is one way (answer ${i}):\n\n- group by the day\n- count the rows\n\n\`\`\`sql\n-- title: Rows per day ${i}\nselect date_trunc('day', created_at) as day, count(*) from public.events group by 1 order by 1;\n\`\`\`\n\nRun it from the block above.`,
            },
          ],
        },
  )
  await db
    .insertInto('assistant_conversations')
    .values({
      id: randomUUID(),
      project_id: owner.projectId,
      user_id: owner.userId,
      name: 'A long conversation',
      messages: JSON.stringify(messages),
    })
    .execute()

  const context = await browser.newContext({ baseURL: platform.baseUrl, viewport: { width: 1440, height: 900 } })
  await context.addInitScript({
    content: `window.__assistantBench = { scrollFrames: ${SCROLL_FRAMES}, firstTextAt: ${FIRST_TEXT_AT} }`,
  })
  const page = await context.newPage()
  await page.goto('/sign-in')
  await page.getByLabel('Email').fill('chat@example.com')
  await page.getByLabel('Password').fill('chat-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/\/projects/)
  await page.goto(`/project/${project.ref}`)
  const opened = performance.now()
  await page.getByTestId('toggle-assistant').click()
  await page.getByTestId('assistant-message').last().waitFor()
  const openMs = performance.now() - opened

  const list = page.getByTestId('assistant-messages')
  const scrolled = await list.evaluate((element) =>
    (globalThis as unknown as BenchWindow).__assistantBench.scrollFrames(element),
  )
  const deltas = scrolled.deltas
  console.log(`assistant panel, ${MESSAGES}-message conversation (Chromium, 1440×900):`)
  console.log(`  open → last message shown: ${openMs.toFixed(0)} ms`)
  console.log(
    `  scroll to the first message and back (${deltas.length} frames, ${scrolled.rows} rows rendered): frame p50 ${percentile(deltas, 50).toFixed(1)} ms, p95 ${percentile(deltas, 95).toFixed(1)} ms, max ${Math.max(...deltas).toFixed(1)} ms; frames over ${FRAME_BUDGET_MS} ms: ${deltas.filter((d) => d > FRAME_BUDGET_MS).length}`,
  )

  // first token: the model server's write of the first text piece against its arrival in the page's DOM
  const latencies: number[] = []
  for (let i = 0; i < REPLIES; i++) {
    model.textSentAt.length = 0
    const arrival = page.evaluate(
      (marker) => (globalThis as unknown as BenchWindow).__assistantBench.firstTextAt(marker),
      'Streaming',
    )
    await page.getByTestId('assistant-input').fill('stream please')
    await page.getByTestId('assistant-input').press('Enter')
    const arrivedAt = await arrival
    const sentAt = performance.timeOrigin + (model.textSentAt[0] ?? Number.NaN)
    latencies.push(arrivedAt - sentAt)
    await page.getByTestId('assistant-send').waitFor({ state: 'visible' })
    await page.waitForTimeout(500)
    await page.getByTestId('assistant-reset').click()
    await page.waitForTimeout(300)
  }
  console.log(
    `  first token, model server → page DOM (${REPLIES} replies): p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms (target ≤ ${TOKEN_BUDGET_MS} ms)`,
  )
  record.figure('open → last message shown', openMs, { unit: 'ms', better: 'lower' })
  record.figure('scrolling, frame p95', percentile(deltas, 95), { unit: 'ms', better: 'lower', digits: 1 })
  record.figure('first token → page DOM, p50', percentile(latencies, 50), { unit: 'ms', better: 'lower', digits: 1 })
  record.save()
} finally {
  await browser.close()
  await platform.destroy()
  await model.close()
}
