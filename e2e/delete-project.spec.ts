import { type APIResponse, expect, type Page, test } from '@playwright/test'
import { setPlanAsOperator } from './support/operator'

const stamp = Date.now()
const email = `e2e-delete-${stamp}@example.com`
const password = 'e2e-account-password'
const dbPassword = 'e2e-database-password'

/** A cookie-authenticated mutation, as the dashboard sends it: csrf header and same-origin Origin. */
async function mutate(page: Page, method: string, path: string, data?: unknown): Promise<APIResponse> {
  const baseURL = test.info().project.use.baseURL ?? ''
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf')?.value ?? ''
  return page.request.fetch(path, {
    method,
    data,
    headers: { 'x-csrf-token': csrf, origin: new URL(baseURL).origin },
  })
}

async function createHealthyProject(page: Page, slug: string, name: string): Promise<string> {
  const response = await mutate(page, 'POST', '/v1/projects', { name, organization_slug: slug, db_pass: dbPassword })
  expect(response.status(), await response.text()).toBe(201)
  const { ref } = (await response.json()) as { ref: string }
  await expect
    .poll(
      async () => ((await (await page.request.get(`/platform/projects/${ref}`)).json()) as { status: string }).status,
      {
        timeout: 60_000,
      },
    )
    .toBe('ACTIVE_HEALTHY')
  return ref
}

async function openDeletionDialog(page: Page, ref: string, name: string) {
  await page.goto(`/project/${ref}/settings/general`)
  await page.getByTestId('delete-project-button').click()
  const dialog = page.getByTestId('delete-project-dialog')
  await expect(dialog.getByRole('heading', { name: `Confirm deletion of ${name}` })).toBeVisible()
  return dialog
}

async function expectGone(page: Page, ref: string, name: string) {
  await expect
    .poll(async () => (await page.request.get(`/platform/projects/${ref}`)).status(), { timeout: 30_000 })
    .toBe(404)
  await expect(page.getByText(name, { exact: true })).toHaveCount(0, { timeout: 15_000 })
}

test('deleting a project needs its exact name, and on a paid plan at least one reason', async ({ page }) => {
  test.setTimeout(180_000)

  const signup = await page.request.post('/platform/auth/signup', { data: { email, password } })
  expect(signup.status(), await signup.text()).toBe(201)
  const [organization] = (await (await page.request.get('/platform/organizations')).json()) as { slug: string }[]
  const slug = organization?.slug ?? ''

  // Free plan: only the name is asked.
  const freeName = `E2E free ${stamp}`
  const freeRef = await createHealthyProject(page, slug, freeName)
  let dialog = await openDeletionDialog(page, freeRef, freeName)
  await expect(dialog.getByTestId('delete-project-reasons')).toHaveCount(0)
  await expect(dialog.getByLabel('Anything else that we can improve on?')).toHaveCount(0)

  const nameInput = dialog.getByLabel('Type the project name to confirm')
  const confirm = dialog.getByRole('button', { name: 'I understand, delete this project' })
  await nameInput.fill(freeName.toLowerCase())
  await confirm.click()
  await expect(dialog.getByText('Value entered does not match')).toBeVisible()
  await nameInput.fill(`${freeName} `)
  await confirm.click()
  await expect(dialog.getByText('Value entered does not match')).toBeVisible()
  expect((await page.request.get(`/platform/projects/${freeRef}`)).status()).toBe(200)

  await nameInput.fill(freeName)
  await expect(dialog.getByText('Value entered does not match')).toHaveCount(0)
  await confirm.click()
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.locator('[data-sonner-toast]', { hasText: `Successfully deleted ${freeName}` })).toBeVisible()
  await expectGone(page, freeRef, freeName)

  // Paid plan: a reason is required, and the feedback is sent after the deletion.
  await setPlanAsOperator(page, slug, 'pro')
  const paidName = `E2E pro ${stamp}`
  const paidRef = await createHealthyProject(page, slug, paidName)
  dialog = await openDeletionDialog(page, paidRef, paidName)
  await expect(dialog.getByTestId('delete-project-reasons')).toBeVisible()

  await dialog.getByLabel('Type the project name to confirm').fill(paidName)
  await dialog.getByRole('button', { name: 'I understand, delete this project' }).click()
  await expect(dialog.getByText('Please select at least one reason for deleting your project')).toBeVisible()
  expect((await page.request.get(`/platform/projects/${paidRef}`)).status()).toBe(200)

  await dialog.getByLabel('It costs too much').check()
  await expect(dialog.getByText('Please select at least one reason for deleting your project')).toHaveCount(0)
  await dialog.getByLabel('Anything else that we can improve on?').fill('Cheaper compute, please.')
  const feedbackResponse = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/platform/feedback/exit'),
  )
  await dialog.getByRole('button', { name: 'I understand, delete this project' }).click()
  const feedback = await feedbackResponse
  expect(feedback.status()).toBe(201)
  expect(feedback.request().postDataJSON()).toEqual({
    project_ref: paidRef,
    organization_slug: slug,
    message: 'Cheaper compute, please.',
    reasons: ['It costs too much'],
    exitAction: 'delete',
  })
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.locator('[data-sonner-toast]', { hasText: `Successfully deleted ${paidName}` })).toBeVisible()
  await expectGone(page, paidRef, paidName)
})
