import { expect, test } from '@playwright/test'
import { send, signUpWithProject, typeSql } from './support/project-session'

/** The dashboard's default staleTime for cached answers (apps/studio/src/data/query-client.ts). */
const QUERY_STALE_TIME_MS = 10_000

test('a table created in the SQL editor shows in the API docs without a reload', async ({ page }) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'api-docs-ddl')

  await page.goto(`/project/${ref}/sql`)
  await page.getByTestId('landing-new-query').click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/sql/[0-9a-f-]{36}$`))

  // first opening: no tables yet; the modal stays mounted once closed
  await page.getByTestId('api-docs-button').click()
  const modal = page.getByTestId('api-docs-modal')
  await modal.getByTestId('api-docs-section-entities').click()
  const content = modal.getByTestId('api-docs-content')
  await expect(content).toContainText('No tables or views in the public schema yet')
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()

  // DDL from the editor
  await typeSql(page, 'create table public.e2e_after_ddl (id bigint primary key, note text)')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await page.getByTestId('run-confirm-dialog').getByRole('button', { name: 'Run' }).click()
  await expect(page.getByTestId('no-rows-message')).toBeVisible()

  // reopened in the same page: the new table is listed, with its columns
  await page.getByTestId('api-docs-button').click()
  await expect(modal).toBeVisible()
  const item = modal.getByTestId('api-docs-item-e2e_after_ddl')
  await expect(item).toBeVisible({ timeout: 10_000 })
  await item.click()
  await expect(content.getByTestId('api-docs-columns').getByRole('row', { name: /note/ })).toBeVisible()
  await expect(content.getByTestId('api-docs-snippet').first()).toContainText('e2e_after_ddl')
  await page.keyboard.press('Escape')
  await expect(modal).toBeHidden()

  // DDL from elsewhere (the API here) refreshes nothing in the page; reopening once the cached
  // description is stale fetches it again
  const created = await send(page, 'POST', `/platform/pg-meta/${ref}/query`, {
    query: 'create view public.e2e_notes as select note from public.e2e_after_ddl',
  })
  expect(created.ok(), await created.text()).toBe(true)
  await page.waitForTimeout(QUERY_STALE_TIME_MS + 500)
  await page.getByTestId('api-docs-button').click()
  await expect(modal.getByTestId('api-docs-item-e2e_notes')).toBeVisible({ timeout: 10_000 })
})
