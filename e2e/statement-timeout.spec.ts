import { expect, test } from '@playwright/test'
import { E2E_PASSWORD, send, signUpWithProject, typeSql } from './support/project-session'

test('the statement timeout is set in Database settings, kept, and cancels longer queries', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const { ref } = await signUpWithProject(page, 'statement-timeout')

  await page.goto(`/project/${ref}/settings/database`)
  const input = page.getByTestId('statement-timeout-input')
  const save = page.getByTestId('statement-timeout-save')
  await expect(input).toHaveValue('60000')
  await expect(save).toBeDisabled()

  // the contract's range is checked before anything is sent
  await input.fill('50')
  await save.click()
  await expect(page.getByTestId('statement-timeout-section')).toContainText(
    'The statement timeout must be at least 100 ms',
  )

  await input.fill('1000')
  await save.click()
  await expect(page.getByText('Statement timeout set to 1,000 ms')).toBeVisible()
  await expect(save).toBeDisabled()
  await page.reload()
  await expect(page.getByTestId('statement-timeout-input')).toHaveValue('1000')

  // a query running longer is cancelled by Postgres
  await page.goto(`/project/${ref}/sql`)
  await page.getByTestId('landing-new-query').click()
  await typeSql(page, 'select pg_sleep(3)')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  // pg_sleep is a function call: the editor asks first
  await page.getByTestId('run-confirm-dialog').getByRole('button', { name: 'Run' }).click()
  await expect(page.getByTestId('query-error')).toContainText('canceling statement due to statement timeout')

  // a Read-only member sees the value but cannot change it, and the tooltip says why
  const organizations = (await (await page.request.get('/platform/organizations')).json()) as { slug: string }[]
  const readerEmail = `e2e-timeout-reader-${Date.now()}@example.com`
  const reader = await browser.newContext()
  const readerPage = await reader.newPage()
  await readerPage.goto('/sign-in')
  const signup = await readerPage.request.post('/platform/auth/signup', {
    data: { email: readerEmail, password: E2E_PASSWORD },
  })
  expect(signup.status(), await signup.text()).toBe(201)
  const added = await send(page, 'POST', `/platform/organizations/${organizations[0]?.slug}/members`, {
    email: readerEmail,
    role_name: 'Read-only',
  })
  expect(added.ok(), await added.text()).toBe(true)
  await readerPage.goto(`/project/${ref}/settings/database`)
  await expect(readerPage.getByTestId('statement-timeout-input')).toHaveValue('1000')
  await expect(readerPage.getByTestId('statement-timeout-input')).toBeDisabled()
  const readerSave = readerPage.getByTestId('statement-timeout-save')
  await expect(readerSave).toBeDisabled()
  await readerSave.locator('..').hover()
  await expect(readerPage.getByRole('tooltip')).toContainText(
    "You need additional permissions to change this project's SQL settings",
  )
  await reader.close()
})
