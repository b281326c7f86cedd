import { type BrowserContext, expect, type Page, test } from '@playwright/test'
import { signUpWithProject, typeSql } from './support/project-session'

const OUTAGE_MESSAGE = 'The content store is unavailable'

/** Answers 500 to the dashboard's requests of `method` on URLs matching `pattern`; others go through. */
async function failRequests(target: Page | BrowserContext, pattern: string, method: string) {
  await target.route(pattern, (route) =>
    route.request().method() === method
      ? route.fulfill({ status: 500, json: { message: OUTAGE_MESSAGE } })
      : route.fallback(),
  )
}

test('a save that keeps failing loses no text: it survives a reload and lands once saves get through', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'sql-save-failure')
  const snippetSaves = `**/platform/projects/${ref}/content/*`
  const context = page.context()

  await page.goto(`/project/${ref}/sql`)
  const sidebar = page.getByTestId('snippets-sidebar')
  await expect(sidebar.getByTestId('snippets-empty')).toBeVisible()
  // every page of the browser sees the outage
  await failRequests(context, snippetSaves, 'PUT')

  await sidebar.getByTestId('new-query').click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/sql/[0-9a-f-]{36}$`))
  const snippetUrl = page.url()
  const snippetId = snippetUrl.split('/').pop() ?? ''
  await typeSql(page, 'select 42 as kept_through_outage')

  // the first save inserts the query: its failure is said once, then the editor shows it and retries
  await expect(page.getByText(`Failed to insert content: ${OUTAGE_MESSAGE}`)).toBeVisible()
  const status = page.getByTestId('save-status')
  await expect(status).toHaveAttribute('data-state', 'failed')
  await expect(status).toHaveAttribute('data-status', 'UPDATING_FAILED')
  await expect(status).toContainText('Failed to save: retrying')
  await expect(status).toHaveAttribute('title', OUTAGE_MESSAGE)
  expect((await page.request.get(`/platform/projects/${ref}/content/${snippetId}`)).status()).toBe(404)

  // a fresh page (as after a crash: nothing was flushed) finds the text in this browser's safety net alone
  const fresh = await context.newPage()
  await fresh.goto(snippetUrl)
  await expect(fresh.getByRole('textbox', { name: 'SQL' })).toHaveText('select 42 as kept_through_outage')
  await expect(fresh.getByTestId('save-status')).toHaveAttribute('data-state', 'failed')
  await expect(fresh.getByTestId('snippets-sidebar').locator(`[data-snippet-id="${snippetId}"]`)).toBeVisible()
  expect((await page.request.get(`/platform/projects/${ref}/content/${snippetId}`)).status()).toBe(404)
  await fresh.close()

  // and a reload while saves still fail keeps it too (Chromium may let the save flushed on unload through:
  // keepalive requests pass request interception, so only the text is asserted here)
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'SQL' })).toHaveText('select 42 as kept_through_outage')

  // saves get through again: the retry lands and the server has the text
  await context.unroute(snippetSaves)
  // 'Retry now' skips the backoff wait; a retry already under way may land first and hide it
  await page
    .getByTestId('save-status')
    .getByRole('button', { name: 'Retry now' })
    .click({ timeout: 2_000 })
    .catch(() => {})
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved', { timeout: 45_000 })
  const stored = await page.request.get(`/platform/projects/${ref}/content/${snippetId}`)
  expect(stored.status()).toBe(200)
  expect(((await stored.json()) as { content: { sql: string } }).content.sql).toBe('select 42 as kept_through_outage')

  // and a page without the safety net lists it from the server, with nothing left to save
  await page.evaluate('localStorage.clear()')
  await page.reload()
  await expect(page.getByTestId('snippets-sidebar').locator(`[data-snippet-id="${snippetId}"]`)).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'SQL' })).toHaveText('select 42 as kept_through_outage')
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved')
})

test('a folder that fails to be created goes away; a rename that fails brings the old name back', async ({ page }) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'sql-folder-failure')
  const folderCreate = `**/platform/projects/${ref}/content/folders`
  const folderUpdate = `**/platform/projects/${ref}/content/folders/*`

  await page.goto(`/project/${ref}/sql`)
  const sidebar = page.getByTestId('snippets-sidebar')
  await expect(sidebar.getByTestId('snippets-empty')).toBeVisible()

  // creating fails: the toast says why and the new folder row disappears
  await failRequests(page, folderCreate, 'POST')
  await sidebar.getByTestId('new-folder').click()
  await sidebar.getByTestId('folder-name-input').fill('Broken')
  await sidebar.getByTestId('folder-name-input').press('Enter')
  await expect(page.getByText(`Failed to create folder: ${OUTAGE_MESSAGE}`)).toBeVisible()
  await expect(sidebar.getByTestId('folder-name-input')).toHaveCount(0)
  await expect(sidebar.getByTestId('folder-item')).toHaveCount(0)
  await page.unroute(folderCreate)

  await sidebar.getByTestId('new-folder').click()
  await sidebar.getByTestId('folder-name-input').fill('Reports')
  await sidebar.getByTestId('folder-name-input').press('Enter')
  await expect(page.getByText('Successfully created folder')).toBeVisible()
  const folder = sidebar.getByTestId('folder-item')
  await expect(folder).toHaveCount(1)
  await expect(folder.getByTestId('folder-name')).toContainText('Reports')

  // renaming fails: the toast says why and the old name is back
  await failRequests(page, folderUpdate, 'PATCH')
  await folder.getByRole('button', { name: /Folder actions/ }).click()
  await page.getByRole('menuitem', { name: 'Rename' }).click()
  await sidebar.getByTestId('folder-name-input').fill('Renamed')
  await sidebar.getByTestId('folder-name-input').press('Enter')
  await expect(page.getByText(`Failed to save folder: ${OUTAGE_MESSAGE}`)).toBeVisible()
  await expect(sidebar.getByTestId('folder-name-input')).toHaveCount(0)
  await expect(folder.getByTestId('folder-name')).toContainText('Reports')
  await expect(sidebar.getByText('Renamed')).toHaveCount(0)

  // the server still has the old name
  const folders = await page.request.get(`/platform/projects/${ref}/content/folders`)
  expect(JSON.stringify(await folders.json())).toContain('"name":"Reports"')
})
