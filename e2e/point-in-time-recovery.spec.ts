import { expect, type Page, test } from '@playwright/test'
import { setPlanAsOperator } from './support/operator'
import { send, signUpWithProject } from './support/project-session'

async function sql(page: Page, ref: string, query: string): Promise<string> {
  const answer = await send(page, 'POST', `/platform/pg-meta/${ref}/query`, { query })
  expect(answer.status(), await answer.text()).toBe(200)
  return answer.text()
}

test('point-in-time recovery: turn the add-on on, then restore to a second between two writes', async ({ page }) => {
  test.setTimeout(300_000)
  const { ref } = await signUpWithProject(page, 'pitr')
  await sql(page, ref, 'create table public.e2e_events (id int primary key)')

  // the free plan cannot have the add-on
  await page.goto(`/project/${ref}/addons`)
  await expect(page).toHaveTitle(/^Add-ons \| /)
  await expect(page.getByTestId('pitr-addon-paid-only')).toContainText('Point-in-time recovery needs a paid plan.')
  await expect(page.getByTestId('pitr-addon-change')).toBeDisabled()
  const organizations = (await (await page.request.get('/platform/organizations')).json()) as { slug: string }[]
  await setPlanAsOperator(page, organizations[0]?.slug ?? '', 'pro')

  // ?panel=pitr opens the add-on's panel
  await page.goto(`/project/${ref}/addons?panel=pitr`)
  const panel = page.getByTestId('pitr-addon-panel')
  await expect(panel).toBeVisible()
  await panel.getByLabel('7 days').check()
  await panel.getByTestId('pitr-addon-confirm').click()
  await expect(page.getByText('Point-in-time recovery updated')).toBeVisible()
  // the restart that turns archiving on passes, and the add-on says it is on
  await expect(page.getByTestId('pitr-addon-state')).toHaveText('7 days of recovery', { timeout: 60_000 })

  await page.goto(`/project/${ref}/database/backups/pitr`)
  await expect(page).toHaveTitle(/^Point-in-time recovery \| /)
  await expect(page.getByTestId('pitr-earliest')).toBeVisible({ timeout: 60_000 })
  await page.waitForTimeout(1100)

  // one write, an instant, another write
  await sql(page, ref, 'insert into public.e2e_events values (1)')
  await page.waitForTimeout(1000 - (Date.now() % 1000) + 300)
  const target = Math.floor(Date.now() / 1000) * 1000
  await page.waitForTimeout(1300)
  await sql(page, ref, 'insert into public.e2e_events values (2)')

  // the picker is in the browser's time zone
  const local = await page.evaluate((ms) => {
    const d = new Date(ms)
    const p = (n: number) => String(n).padStart(2, '0')
    return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
  }, target)
  await page.getByTestId('pitr-target').fill(local)
  await page.getByTestId('pitr-start').click()
  const dialog = page.getByTestId('pitr-confirm-dialog')
  await expect(dialog).toContainText(`Restore the database to ${local.replace('T', ' ')}?`)
  await expect(dialog).toContainText(new Date(target).toISOString().slice(0, 19).replace('T', ' '))
  await dialog.getByRole('button', { name: 'Restore to this instant' }).click()
  await expect(page.getByRole('heading', { name: 'Restoration complete!' })).toBeVisible({ timeout: 120_000 })
  await page.getByRole('button', { name: 'Return to project' }).click()

  // the SQL API answers rows as arrays of values
  const answer = JSON.parse(await sql(page, ref, 'select id from public.e2e_events order by id')) as {
    results: { rows: unknown[][] }[]
  }
  expect(answer.results[0]?.rows).toEqual([[1]])
})
