import { LOAD_SCHEMAS_ERROR, RELOAD_SCHEMAS_LABEL } from '@pgfleet/contracts'
import { expect, test } from '@playwright/test'
import { send, signUpWithProject } from './support/project-session'

const SCHEMAS_FAILURE = 'e2e: the project database did not answer'

test("the database page says 'Failed to load schemas' and 'Reload schemas' loads them", async ({ page }) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'schemas-reload')
  const created = await send(page, 'POST', `/platform/pg-meta/${ref}/query`, { query: 'create schema e2e_extra' })
  expect(created.ok(), await created.text()).toBe(true)

  // the schema list fails (a 4xx is not retried) until the test lets it through
  let failing = true
  let schemaRequests = 0
  await page.route(`**/platform/pg-meta/${ref}/schemas*`, async (route) => {
    schemaRequests += 1
    if (failing) await route.fulfill({ status: 400, json: { message: SCHEMAS_FAILURE } })
    else await route.fallback()
  })

  await page.goto(`/project/${ref}/database`)
  const panel = page.getByTestId('schemas-error')
  await expect(panel).toContainText(LOAD_SCHEMAS_ERROR)
  await expect(panel).toContainText('Failed to load schemas')
  await expect(panel).toContainText(SCHEMAS_FAILURE)

  failing = false
  const before = schemaRequests
  await panel.getByRole('button', { name: RELOAD_SCHEMAS_LABEL }).click()
  await expect(panel).toBeHidden()
  expect(schemaRequests).toBeGreaterThan(before)
  // the schema picker now offers the loaded schemas, not only the default one
  await expect(page.getByTestId('schema-select').locator('option', { hasText: 'e2e_extra' })).toHaveCount(1)
})
