import { expect, type Page, test } from '@playwright/test'
import pg from 'pg'

const email = `e2e-pause-${Date.now()}@example.com`
const password = 'e2e-account-password'
const dbPassword = 'e2e-database-password'
const projectName = 'E2E pause shop'

async function projectStatus(page: Page, ref: string): Promise<string> {
  const response = await page.request.get(`/platform/projects/${ref}/status`)
  return response.ok() ? ((await response.json()) as { status: string }).status : `HTTP ${response.status()}`
}

async function queryPets(connectionString: string): Promise<string[]> {
  const client = new pg.Client({ connectionString })
  await client.connect()
  try {
    const result = await client.query<{ name: string }>('select name from pets order by id')
    return result.rows.map((row) => row.name)
  } finally {
    await client.end()
  }
}

test('a user pauses a project from its settings, restores it from the paused page, and the data is still there', async ({
  page,
}) => {
  test.setTimeout(180_000)

  await page.goto('/sign-up')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/projects$/)

  await page
    .getByRole('link', { name: 'New project' })
    .or(page.getByRole('button', { name: 'New project' }))
    .first()
    .click()
  await page.getByLabel('Project name').fill(projectName)
  await page.getByLabel('Database password').fill(dbPassword)
  await page.getByRole('button', { name: 'Create project' }).click()
  await expect(page).toHaveURL(/\/project\/[a-z]{20}$/)
  const ref = page.url().split('/').pop() ?? ''

  const connection = page.getByTestId('connection-string')
  await expect(connection).toBeVisible({ timeout: 60_000 })
  const shown = (await connection.textContent()) ?? ''
  const client = new pg.Client({ connectionString: shown.replace('[YOUR-PASSWORD]', dbPassword) })
  await client.connect()
  await client.query('create table pets (id int primary key, name text not null)')
  await client.query("insert into pets values (1, 'Rex'), (2, 'Tom')")
  await client.end()

  // Pause from the general settings: the pausing screen takes over the main area.
  await page.goto(`/project/${ref}/settings/general`)
  await page.getByTestId('pause-project-button').click()
  const pauseDialog = page.getByTestId('pause-project-dialog')
  await expect(pauseDialog.getByRole('heading', { name: 'Pause this project?' })).toBeVisible()
  await pauseDialog.getByRole('button', { name: 'Pause project' }).click()
  const pausing = page.locator('[data-screen="pausing"]')
  await expect(pausing).toBeVisible()
  await expect(pausing.getByRole('heading', { name: 'Pausing project' })).toBeVisible()

  // Settings stay reachable while paused, with a restore prompt above them.
  await expect(page.getByTestId('paused-banner')).toBeVisible({ timeout: 60_000 })
  await expect(page.getByTestId('project-general-settings')).toBeVisible()
  expect(await projectStatus(page, ref)).toBe('INACTIVE')

  // Any other page shows the paused page.
  await page.getByTestId('product-menu-sql').click()
  const paused = page.getByTestId('project-paused-state')
  await expect(paused.getByRole('heading', { name: `The project "${projectName}" is paused` })).toBeVisible()
  await expect(paused).toContainText('data is intact')
  await expect(paused).toContainText('inaccessible')
  await expect(paused.getByTestId('restore-days-remaining')).toHaveText('90 days left to restore this project.')
  await expect(paused.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
    'href',
    /\/org\/[^/]+\/billing\?panel=subscriptionPlan&source=projectPausedStateRestore$/,
  )

  await paused.getByRole('button', { name: 'Restore project' }).click()
  const restoreDialog = page.getByTestId('restore-project-dialog')
  await expect(restoreDialog.getByRole('heading', { name: 'Restore this project' })).toBeVisible()
  const versionSelect = restoreDialog.getByLabel('Postgres version')
  await expect(versionSelect).toBeVisible()
  // the platform offers only the project's own major until upgrades land: nothing to choose
  await expect(versionSelect).toBeDisabled()
  await expect(versionSelect).toHaveValue(/^\d+\|ga\|/)

  const restoreRequest = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith(`/platform/projects/${ref}/restore`),
  )
  await restoreDialog.getByRole('button', { name: 'Confirm restore' }).click()
  const body = (await restoreRequest).postDataJSON() as Record<string, string>
  expect(body.release_channel).toBe('ga')
  expect(body.postgres_engine).toMatch(/^\d+$/)
  await expect(page.locator('[data-sonner-toast]', { hasText: 'Restoring project' })).toBeVisible()
  await expect(page.locator('[data-screen="restoring"], [data-screen="restore-complete"]')).toBeVisible()

  await expect(page.getByRole('heading', { name: 'Restoration complete!' })).toBeVisible({ timeout: 60_000 })
  expect(await projectStatus(page, ref)).toBe('ACTIVE_HEALTHY')
  await page.getByRole('button', { name: 'Return to project' }).click()
  // back on the page the user was on (the SQL editor), no status screen any more
  await expect(page.getByTestId('project-status-screen')).toHaveCount(0)
  await expect(page.getByTestId('project-status')).toHaveAttribute('data-status', 'ACTIVE_HEALTHY')

  // The restored project serves the data written before the pause (its port may have changed).
  const detail = (await (await page.request.get(`/platform/projects/${ref}`)).json()) as { connectionString: string }
  expect(await queryPets(detail.connectionString.replace('[YOUR-PASSWORD]', dbPassword))).toEqual(['Rex', 'Tom'])
})
