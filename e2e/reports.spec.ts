import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { send, signUpWithProject } from './support/project-session'

// The platform runs these with reportsV2 on (playwright.config.ts sets PGFLEET_FEATURE_FLAGS).

test('a user creates a report, drops a saved query card into it, and finds it charted after a reload', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'reports')
  const saved = await send(page, 'PUT', `/platform/projects/${ref}/content/${randomUUID()}`, {
    name: 'Signups per day',
    content: { sql: "select day, signups from (values ('mon', 3), ('tue', 5), ('wed', 2)) as t(day, signups)" },
  })
  expect(saved.status(), await saved.text()).toBe(201)

  await page.goto(`/project/${ref}/reports`)
  await expect(page.getByText('No reports yet.')).toBeVisible()
  await page.getByRole('button', { name: 'New report' }).click()
  // the report is named first, then opens
  await page.getByTestId('new-report-dialog').getByRole('button', { name: 'Create report' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/reports/[0-9a-f-]{36}$`))
  const reportId = page.url().split('/').pop() ?? ''
  const report = page.getByTestId('report-cards')
  await expect(report).toContainText('This report has no cards yet.')

  await page.getByLabel('Report name').fill('Growth')
  await page.getByLabel('Report name').press('Enter')
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/platform/projects/${ref}/content/${reportId}`)).json()) as { name: string })
          .name,
    )
    .toBe('Growth')

  // show the saved query as a chart, then drag it into the report
  const savedCard = page
    .getByRole('region', { name: 'Saved queries' })
    .getByTestId('query-card')
    .filter({ hasText: 'Signups per day' })
  await savedCard.getByRole('button', { name: 'Chart' }).click()
  await savedCard.dragTo(report)
  await expect(page.getByText('Added to Growth')).toBeVisible()
  await expect(report.getByTestId('query-card')).toHaveCount(1)

  // the layout is on the server: a reload shows the card, which runs its (read-only) query and draws the chart
  await page.reload()
  await expect(page.getByLabel('Report name')).toHaveValue('Growth')
  const card = page.getByTestId('report-cards').getByTestId('query-card')
  await expect(card).toHaveCount(1)
  await expect(card).toHaveAttribute('data-title', 'Signups per day')
  const chart = card.getByTestId('query-chart')
  await expect(chart).toHaveAttribute('data-chart-type', 'bar')
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(3)

  // switching the card to a table is saved too
  await card.getByRole('button', { name: 'Table' }).click()
  await expect(card.getByRole('gridcell', { name: 'tue' })).toBeVisible()
  await expect
    .poll(async () => {
      const stored = (await (await page.request.get(`/platform/projects/${ref}/content/${reportId}`)).json()) as {
        content: { layout: { chart: { view: string } }[] }
      }
      return stored.content.layout[0]?.chart.view
    })
    .toBe('table')
  await page.reload()
  await expect(page.getByTestId('report-cards').getByRole('gridcell', { name: 'tue' })).toBeVisible()

  // the reports list counts it, and the snippets list does not show it
  await page.goto(`/project/${ref}/reports`)
  await expect(page.getByTestId('report-drop-target').filter({ hasText: 'Growth' })).toContainText('1 card')
  const snippets = (await (await page.request.get(`/platform/projects/${ref}/content`)).json()) as {
    data: { name: string }[]
  }
  expect(snippets.data.map((snippet) => snippet.name)).toEqual(['Signups per day'])
})

test('reports an earlier version kept in the browser move to the server on first load', async ({ page }) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'reports-move')
  const id = randomUUID()
  const legacy = {
    state: {
      reports: {
        [id]: {
          id,
          projectRef: ref,
          name: 'Kept in the browser',
          createdAt: new Date().toISOString(),
          cards: [
            {
              id: randomUUID(),
              title: 'Answer',
              sql: 'select 42 as answer',
              config: {
                type: 'bar',
                cumulative: false,
                xKey: '',
                yKey: '',
                showLabels: false,
                showGrid: true,
                view: 'table',
              },
            },
          ],
        },
      },
    },
    version: 0,
  }
  await page.goto(`/project/${ref}`)
  // (as source text: the e2e code is type-checked without the DOM library)
  await page.evaluate(`localStorage.setItem('pgfleet.reports', ${JSON.stringify(JSON.stringify(legacy))})`)

  await page.goto(`/project/${ref}/reports`)
  await expect(page.getByTestId('report-drop-target').filter({ hasText: 'Kept in the browser' })).toContainText(
    '1 card',
  )
  expect(await page.evaluate("localStorage.getItem('pgfleet.reports')")).toBeNull()
  const stored = await page.request.get(`/platform/projects/${ref}/content/${id}`)
  expect(await stored.json()).toMatchObject({ type: 'report', name: 'Kept in the browser' })

  await page.getByRole('link', { name: 'Kept in the browser' }).click()
  await expect(page.getByTestId('report-cards').getByRole('gridcell', { name: '42' })).toBeVisible()
})

test('query performance: off until pg_stat_statements is enabled, then the slowest and most frequent statements', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'query-performance')
  await page.goto(`/project/${ref}/reports`)
  const performance = page.getByTestId('query-performance')
  await expect(performance.getByTestId('query-performance-disabled')).toBeVisible()

  // the notice leads to the extensions page, where the extension is turned on
  await performance.getByRole('link', { name: 'Open Extensions' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/database/extensions$`))
  await page.getByTestId('extensions-search').fill('pg_stat_statements')
  await page
    .getByTestId('extension-row-pg_stat_statements')
    .getByRole('switch', { name: 'Enable pg_stat_statements' })
    .click()
  await expect(page.getByText('Extension pg_stat_statements enabled')).toBeVisible()

  // a slow statement and a frequent one, run as the tenant through the SQL editor's route
  const slow = await send(page, 'POST', `/platform/pg-meta/${ref}/query`, { query: 'select pg_sleep(0.3)' })
  expect(slow.ok(), await slow.text()).toBe(true)
  for (let i = 0; i < 5; i++) {
    const frequent = await send(page, 'POST', `/platform/pg-meta/${ref}/query`, { query: `select ${i} as perf_marker` })
    expect(frequent.ok()).toBe(true)
  }

  await page.goto(`/project/${ref}/reports`)
  await performance.getByRole('button', { name: 'Refresh' }).click()
  await expect(performance.getByTestId('slowest-queries').locator('tr').nth(1)).toContainText('pg_sleep')
  await expect(performance.getByTestId('most-frequent-queries')).toContainText('perf_marker')
})
