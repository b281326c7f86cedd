import { expect, test } from '@playwright/test'
import { send, signUpWithProject, typeSql } from './support/project-session'

test('a user saves a snippet into a folder, renames the folder, and finds both after a reload', async ({ page }) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'snippets')

  await page.goto(`/project/${ref}/sql`)
  const sidebar = page.getByTestId('snippets-sidebar')
  await expect(sidebar.getByTestId('snippets-empty')).toContainText('No queries created yet')

  // a new query is saved as the user types ('Unsaved' until the save lands)
  await sidebar.getByTestId('new-query').click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/sql/[0-9a-f-]{36}$`))
  const snippetId = page.url().split('/').pop() ?? ''
  await typeSql(page, 'select 1 as monthly')
  const status = page.getByTestId('save-status')
  await expect(status).toHaveAttribute('data-state', 'unsaved')
  await page.getByLabel('Query name').fill('Monthly report')
  await page.getByLabel('Query name').press('Enter')
  await expect(status).toHaveAttribute('data-state', 'saved', { timeout: 10_000 })
  const snippet = sidebar.locator(`[data-snippet-id="${snippetId}"]`)
  await expect(snippet).toContainText('Monthly report')

  // a new folder starts empty in editing state and is created on save
  await sidebar.getByTestId('new-folder').click()
  const folderInput = sidebar.getByTestId('folder-name-input')
  await expect(folderInput).toHaveValue('')
  await folderInput.fill('Reports')
  await folderInput.press('Enter')
  await expect(page.getByText('Successfully created folder')).toBeVisible()
  const folder = sidebar.getByTestId('folder-item').filter({ hasText: 'Reports' })
  await expect(folder).toBeVisible()

  // a duplicate name is refused and the new folder goes away
  await sidebar.getByTestId('new-folder').click()
  await sidebar.getByTestId('folder-name-input').fill('reports ')
  await sidebar.getByTestId('folder-name-input').press('Enter')
  await expect(page.getByText('This folder name already exists')).toBeVisible()
  await expect(sidebar.getByTestId('folder-name-input')).toHaveCount(0)
  await expect(sidebar.getByTestId('folder-item')).toHaveCount(1)

  // move the snippet into the folder
  await snippet.getByRole('button', { name: /Query actions/ }).click()
  await page.getByRole('menuitem', { name: 'Move to Reports' }).click()
  await expect(folder.locator(`[data-snippet-id="${snippetId}"]`)).toBeVisible()
  await expect(status).toHaveAttribute('data-state', 'saved', { timeout: 10_000 })

  // rename the folder inline
  await folder.getByRole('button', { name: /Folder actions/ }).click()
  await page.getByRole('menuitem', { name: 'Rename' }).click()
  const renameInput = sidebar.getByTestId('folder-name-input')
  await expect(renameInput).toHaveValue('Reports')
  await renameInput.fill('Quarterly')
  await renameInput.press('Enter')
  await expect(page.getByText('Successfully updated folder')).toBeVisible()
  const renamed = sidebar.getByTestId('folder-item').filter({ hasText: 'Quarterly' })
  await expect(renamed).toBeVisible()

  // after a reload both are there, the snippet inside the renamed folder, with its SQL
  await page.reload()
  const reloaded = page.getByTestId('snippets-sidebar').getByTestId('folder-item').filter({ hasText: 'Quarterly' })
  await expect(reloaded).toBeVisible()
  await expect(reloaded.locator(`[data-snippet-id="${snippetId}"]`)).toContainText('Monthly report')
  await expect(page.getByRole('textbox', { name: 'SQL' })).toHaveText('select 1 as monthly')
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved')

  // text typed right before a reload is not lost: it is flushed as the page goes, and kept locally until saved
  await typeSql(page, 'select 2 as monthly')
  await page.reload()
  await expect(page.getByRole('textbox', { name: 'SQL' })).toHaveText('select 2 as monthly')
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved', { timeout: 10_000 })
  const stored = await page.request.get(`/platform/projects/${ref}/content/${snippetId}`)
  const current = (await stored.json()) as { version: number; content: { sql: string } }
  expect(current.content.sql).toBe('select 2 as monthly')

  // someone else saves the query meanwhile: the next save asks instead of overwriting theirs
  const theirs = await send(page, 'PATCH', `/platform/projects/${ref}/content/${snippetId}`, {
    content: { sql: 'select 99 as theirs' },
    version: current.version,
  })
  expect(theirs.status(), await theirs.text()).toBe(200)
  await typeSql(page, 'select 3 as mine')
  const conflict = page.getByTestId('snippet-conflict-dialog')
  await expect(conflict).toContainText('select 99 as theirs')
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'conflict')
  await conflict.getByRole('button', { name: 'Keep my version' }).click()
  await expect(page.getByTestId('save-status')).toHaveAttribute('data-state', 'saved', { timeout: 10_000 })
  const kept = await page.request.get(`/platform/projects/${ref}/content/${snippetId}`)
  expect(((await kept.json()) as { content: { sql: string } }).content.sql).toBe('select 3 as mine')

  // the same editor in the right-hand panel: a scratch query until 'Save as snippet'
  await page.getByTestId('toggle-sql-editor').click()
  const panel = page.getByTestId('sql-editor-panel')
  await expect(panel.getByTestId('snippet-name')).toHaveText('Untitled query')
  await panel.getByRole('textbox', { name: 'SQL' }).fill('select 3 as from_panel')
  await panel.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(panel.getByTestId('results-grid').getByRole('gridcell', { name: '3' })).toBeVisible()
  await panel.getByRole('button', { name: 'Save as snippet' }).click()
  await expect(page.getByText('Saved snippet!')).toBeVisible()
  await page.getByRole('button', { name: 'View it here' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/sql/[0-9a-f-]{36}$`))
  await expect(page.getByTestId('sql-editor-page').getByRole('textbox', { name: 'SQL' })).toHaveText(
    'select 3 as from_panel',
  )
  // one editor per query: the panel steps aside while the page shows it
  await expect(panel).toContainText('This query is open in the editor.')
})
