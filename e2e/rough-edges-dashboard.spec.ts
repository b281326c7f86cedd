import { randomUUID } from 'node:crypto'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { send, signUpWithProject } from './support/project-session'

// Rough edges of the dashboard found in review, each with its own assertion, on one project that ends paused,
// restored and deleted.

const LABEL = 'rough-edges'
const PROJECT_NAME = `E2E ${LABEL}`
/** a plain read (no function calls), so a report card runs it as it opens */
const FIFTY_ROWS = Array.from({ length: 50 }, (_, index) => `(${index + 1}, 'row ${index + 1}')`).join(', ')

async function box(locator: Locator) {
  const found = await locator.boundingBox()
  expect(found, 'element has a box').not.toBeNull()
  return found as { x: number; y: number; width: number; height: number }
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

async function runSql(page: Page, ref: string, query: string) {
  const answer = await send(page, 'POST', `/platform/pg-meta/${ref}/query`, { query })
  expect(answer.ok(), await answer.text()).toBe(true)
}

async function projectStatus(page: Page, ref: string) {
  const response = await page.request.get(`/platform/projects/${ref}/status`)
  return response.ok() ? ((await response.json()) as { status: string }).status : `HTTP ${response.status()}`
}

test('the rough edges found in review stay fixed', async ({ page }) => {
  test.setTimeout(300_000)
  const { ref } = await signUpWithProject(page, LABEL)

  await test.step('every product menu destination has an icon', async () => {
    await page.goto(`/project/${ref}`)
    const menu = page.getByTestId('product-menu')
    const links = menu.getByRole('link')
    await expect(links.first()).toBeVisible()
    const count = await links.count()
    expect(count).toBeGreaterThan(5)
    await expect(menu.locator('a svg[data-testid="product-menu-icon"]')).toHaveCount(count)
  })

  await test.step('project pages share one width', async () => {
    const widths = new Map<string, number>()
    for (const path of ['', '/reports', '/settings/general', '/settings/database', '/database/extensions']) {
      await page.goto(`/project/${ref}${path}`)
      const container = page.getByTestId('project-main').locator('[data-page-container]').first()
      await expect(container).toBeVisible()
      widths.set(path || '/', Math.round((await box(container)).width))
    }
    expect(new Set(widths.values()).size, JSON.stringify(Object.fromEntries(widths))).toBe(1)
  })

  await test.step('the snippet folder icon is an icon, not an emoji', async () => {
    const folder = await send(page, 'POST', `/platform/projects/${ref}/content/folders`, { name: 'Reports folder' })
    expect(folder.ok(), await folder.text()).toBe(true)
    await page.goto(`/project/${ref}/sql`)
    const row = page.getByTestId('snippets-sidebar').getByTestId('folder-item').filter({ hasText: 'Reports folder' })
    await expect(row.locator('svg[data-testid="folder-icon"]')).toBeVisible()
    await expect(row.getByTestId('folder-name')).toHaveText('Reports folder')
  })

  await test.step('the API docs show a primary key as a badge, not as markup', async () => {
    await runSql(page, ref, 'create table public.rough_items (id bigint primary key, label text)')
    await page.goto(`/project/${ref}`)
    await page.getByTestId('api-docs-button').click()
    const modal = page.getByTestId('api-docs-modal')
    await modal.getByTestId('api-docs-section-entities').click()
    await modal.getByTestId('api-docs-item-rough_items').click()
    const columns = modal.getByTestId('api-docs-columns')
    const idRow = columns.getByRole('row').filter({ hasText: 'bigint' }).first()
    await expect(idRow.getByTestId('primary-key-badge')).toHaveText('Primary key')
    await expect(columns).not.toContainText('<pk')
    await expect(columns).not.toContainText('Note:')
    await page.keyboard.press('Escape')
    await expect(modal).toBeHidden()
  })

  await test.step('reports: a new report is named, opens, and its card keeps its table inside', async () => {
    const saved = await send(page, 'PUT', `/platform/projects/${ref}/content/${randomUUID()}`, {
      name: 'Fifty rows',
      content: { sql: `select n, label from (values ${FIFTY_ROWS}) as t(n, label)` },
    })
    expect(saved.status(), await saved.text()).toBe(201)

    await page.goto(`/project/${ref}/reports`)
    await page.getByRole('button', { name: 'New report' }).click()
    const dialog = page.getByTestId('new-report-dialog')
    await dialog.getByLabel('Name').fill('Rough edges')
    await dialog.getByRole('button', { name: 'Create report' }).click()
    await expect(page).toHaveURL(new RegExp(`/project/${ref}/reports/[0-9a-f-]{36}$`))
    await expect(page.getByLabel('Report name')).toHaveValue('Rough edges')
    await expect(page.getByTestId('report-not-found')).toHaveCount(0)

    const savedCard = page
      .getByRole('region', { name: 'Saved queries' })
      .getByTestId('query-card')
      .filter({ hasText: 'Fifty rows' })
    await savedCard.getByRole('button', { name: 'Add to report' }).click()
    const card = page.getByTestId('report-cards').getByTestId('query-card')
    await expect(card).toHaveCount(1)
    const grid = card.getByTestId('results-grid')
    await expect(grid.getByRole('gridcell', { name: '1', exact: true })).toBeVisible()
    // the 50 rows scroll inside the card instead of running over what is below it
    const cardBox = await box(card)
    const gridBox = await box(grid)
    expect(gridBox.y + gridBox.height).toBeLessThanOrEqual(cardBox.y + cardBox.height + 1)
    const scrolls = await grid.evaluate((element) => {
      // the root project has no DOM lib: read the two sizes off the grid's element
      const sizes = element as unknown as { scrollHeight: number; clientHeight: number }
      return sizes.scrollHeight > sizes.clientHeight
    })
    expect(scrolls).toBe(true)
  })

  await test.step('an unknown report id says so, with a way back', async () => {
    await page.goto(`/project/${ref}/reports/${randomUUID()}`)
    const notFound = page.getByTestId('report-not-found')
    await expect(notFound.getByRole('heading', { name: 'Report not found' })).toBeVisible()
    await notFound.getByRole('link', { name: 'All reports' }).click()
    await expect(page).toHaveURL(new RegExp(`/project/${ref}/reports$`))
    await expect(page.getByTestId('report-drop-target').filter({ hasText: 'Rough edges' })).toBeVisible()
  })

  await test.step('a paused project shows no connection string, never a made-up port', async () => {
    const paused = await send(page, 'POST', `/platform/projects/${ref}/pause`)
    expect(paused.ok(), await paused.text()).toBe(true)
    await expect.poll(() => projectStatus(page, ref), { timeout: 60_000, intervals: [500, 1000] }).toBe('INACTIVE')
    await page.goto(`/project/${ref}`)
    await expect(page.getByTestId('paused-banner')).toBeVisible()
    await expect(page.getByTestId('connection-string-unavailable')).toContainText('This project is paused')
    await expect(page.getByTestId('connection-string')).toHaveCount(0)
    await expect(page.getByTestId('project-main')).not.toContainText(':5432')
  })

  await test.step('toasts stay clear of the header controls, and the header badge follows the restore', async () => {
    await page.getByTestId('paused-banner').getByRole('button', { name: 'Restore project' }).click()
    await page.getByTestId('restore-project-dialog').getByRole('button', { name: 'Confirm restore' }).click()
    const toast = page.locator('[data-sonner-toast]', { hasText: 'Restoring project' })
    await expect(toast).toBeVisible()
    const toastBox = await box(toast)
    for (const control of [page.getByTestId('api-docs-button'), page.getByTestId('toggle-sql-editor')]) {
      expect(overlaps(toastBox, await box(control))).toBe(false)
    }
    const header = page.locator('header').first()
    expect(overlaps(toastBox, await box(header))).toBe(false)

    await expect(page.getByRole('heading', { name: 'Restoration complete!' })).toBeVisible({ timeout: 90_000 })
    // still on the completion screen: the header already says the project is healthy
    await expect(page.getByTestId('header-project-status').getByTestId('project-status')).toHaveAttribute(
      'data-status',
      'ACTIVE_HEALTHY',
    )
    await page.getByRole('button', { name: 'Return to project' }).click()
    await expect(page.getByTestId('connection-string')).toBeVisible()
  })

  await test.step('a deleted project leaves the project list at once', async () => {
    await page.goto(`/project/${ref}/settings/general`)
    await page.getByTestId('delete-project-button').click()
    const dialog = page.getByTestId('delete-project-dialog')
    await dialog.getByLabel('Type the project name to confirm').fill(PROJECT_NAME)
    await dialog.getByRole('button', { name: 'I understand, delete this project' }).click()
    await expect(page).toHaveURL(/\/projects$/)
    await expect(page.getByRole('heading', { name: 'Projects', exact: true })).toBeVisible()
    // not lingering as 'Going down' until the deletion job ends
    await expect(page.getByText(PROJECT_NAME, { exact: true })).toHaveCount(0, { timeout: 1_000 })
    await expect(page.locator('[data-status="GOING_DOWN"]')).toHaveCount(0)
    await expect
      .poll(async () => (await page.request.get(`/platform/projects/${ref}`)).status(), { timeout: 60_000 })
      .toBe(404)
  })
})
