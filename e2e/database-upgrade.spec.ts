import { expect, test } from '@playwright/test'
import { E2E_PASSWORD, send } from './support/project-session'

test('database upgrade: a Postgres 15 project moves to 17 step by step and returns to the project by itself', async ({
  page,
}) => {
  test.setTimeout(300_000)
  const email = `e2e-upgrade-${Date.now()}@example.com`
  await page.goto('/sign-in')
  expect((await page.request.post('/platform/auth/signup', { data: { email, password: E2E_PASSWORD } })).status()).toBe(
    201,
  )
  const organizations = (await (await page.request.get('/platform/organizations')).json()) as { slug: string }[]
  const created = await send(page, 'POST', '/v1/projects', {
    name: 'E2E upgrade',
    organization_slug: organizations[0]?.slug,
    db_pass: 'e2e-upgrade-db-password',
    postgres_major: 15,
  })
  expect(created.status(), await created.text()).toBe(201)
  const { ref } = (await created.json()) as { ref: string }
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/platform/projects/${ref}/status`)).json()) as { status: string }).status,
      { timeout: 90_000 },
    )
    .toBe('ACTIVE_HEALTHY')
  const insert = await send(page, 'POST', `/platform/pg-meta/${ref}/query`, {
    query:
      'create table public.e2e_kept (id int primary key); insert into public.e2e_kept select generate_series(1, 50)',
  })
  expect(insert.status()).toBe(200)

  await page.goto(`/project/${ref}/settings/infrastructure`)
  const panel = page.getByTestId('upgrade-panel')
  await expect(panel.getByTestId('upgrade-current')).toContainText('pgfleet-postgres-15.')
  await expect(panel.getByLabel('Upgrade to')).toHaveValue('17')
  await panel.getByTestId('upgrade-start').click()
  const dialog = page.getByTestId('upgrade-confirm-dialog')
  await expect(dialog).toContainText('Upgrade this project to Postgres 17?')
  await dialog.getByRole('button', { name: 'Start the upgrade' }).click()

  // the upgrading screen lists the eight steps and follows them
  const screen = page.locator('[data-testid="project-status-screen"][data-screen="upgrading"]')
  await expect(screen).toBeVisible()
  await expect(screen.getByTestId('upgrade-step')).toHaveCount(8, { timeout: 15_000 })
  await expect(screen.getByTestId('upgrade-step').first()).toContainText('Prepare new server')
  await expect(screen.getByTestId('upgrade-step').last()).toContainText('Optimize database')

  // on Upgraded the project page is back without a click, on the new version
  await expect(page.getByTestId('upgrade-last-done')).toContainText('Upgraded to Postgres 17', { timeout: 120_000 })
  await expect(page.getByTestId('upgrade-no-targets')).toBeVisible()
  await expect(page.getByTestId('infrastructure-db-version')).toContainText('17.')
  const count = await send(page, 'POST', `/platform/pg-meta/${ref}/query`, {
    query: 'select count(*)::int from public.e2e_kept',
  })
  expect(((await count.json()) as { results: { rows: unknown[][] }[] }).results[0]?.rows).toEqual([[50]])
})
