import { expect, test } from '@playwright/test'
import { TestRepository } from '../apps/platform/src/control/branching/testing'
import { setPlanAsOperator } from './support/operator'
import { send, signUpWithProject } from './support/project-session'

test('branching: enable it with a wrong then a right branch name, then watch a preview branch pass its migrations', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const repo = new TestRepository()
  try {
    repo.commit('main', { 'README.md': 'shop' })
    repo.commit('feature', {
      'supabase/migrations/20240101000000_products.sql':
        'create table public.products (id int primary key, name text);',
      'supabase/migrations/20240102000000_more.sql': 'alter table public.products add column price int default 0;',
      'supabase/seed.sql': "insert into public.products (id, name) values (1, 'lamp');",
    })
    const { ref } = await signUpWithProject(page, 'branching')

    // the page is in the menu; on the free plan the dialog offers the upgrade
    await page.goto(`/project/${ref}/branches`)
    await expect(page).toHaveTitle(/^Branches \| /)
    await page.getByRole('button', { name: 'Enable branching' }).click()
    const dialog = page.getByTestId('enable-branching-dialog')
    await expect(dialog.getByTestId('branching-paid-plan')).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'Upgrade to Pro' })).toHaveAttribute(
      'href',
      /\/billing\?panel=subscriptionPlan&source=enableBranchingButton$/,
    )
    await expect(dialog.getByText('$0.32 per day')).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    const organizations = (await (await page.request.get('/platform/organizations')).json()) as { slug: string }[]
    await setPlanAsOperator(page, organizations[0]?.slug ?? '', 'pro')
    await page.reload()
    await page.getByRole('button', { name: 'Enable branching' }).click()
    await expect(dialog.getByTestId('branching-paid-plan')).toHaveCount(0)

    // connect the repository from the dialog
    await dialog.getByLabel('Repository URL').fill(repo.url)
    await dialog.getByRole('button', { name: 'Connect repository' }).click()
    await expect(dialog.getByLabel('Repository', { exact: true })).toHaveValue(/\d+/)

    const confirm = dialog.getByRole('button', { name: 'I understand, enable branching' })
    const input = dialog.getByTestId('production-branch-input')
    await input.fill('mian')
    await expect(dialog.getByText('Unable to find branch from acme/shop')).toBeVisible()
    await expect(confirm).toBeDisabled()
    await input.fill('')
    await input.blur()
    await expect(dialog.getByText('Please enter a branch name from acme/shop')).toBeVisible()
    await input.fill('main')
    await expect(dialog.getByTestId('branch-found')).toBeVisible()
    await expect(confirm).toBeEnabled()
    await confirm.click()
    await expect(page.getByText('Branching enabled')).toBeVisible()
    await expect(page.getByTestId('production-branch')).toHaveText('Production branch main of acme/shop')

    // a branch from a git branch that does not exist fails with the toast's wording
    await page.getByLabel('Branch name').fill('broken')
    await page.getByLabel('Git branch').fill('no-such-branch')
    await page.getByRole('button', { name: 'Create branch' }).click()
    await expect(page.getByText('Failed to create branch: Unable to find branch from acme/shop')).toBeVisible()

    await page.getByLabel('Branch name').fill('preview')
    await page.getByLabel('Git branch').fill('feature')
    await page.getByRole('button', { name: 'Create branch' }).click()
    await expect(page.getByText('Successfully created new branch')).toBeVisible()
    const row = page.getByTestId('branch-row-preview')
    await expect(row.getByTestId('branch-status')).toHaveText(/Creating project|Running migrations|Migrations passed/)
    await expect(row.getByTestId('branch-status')).toHaveText('Migrations passed', { timeout: 90_000 })
    await expect(row).toContainText('feature')
    await expect(row).toContainText('$0.32')

    // a branch with data: the parent's rows, copied as they are now
    const parentRows = await send(page, 'POST', `/platform/pg-meta/${ref}/query`, {
      query:
        'create table public.e2e_customers (id int primary key); insert into public.e2e_customers values (1), (2), (3)',
    })
    expect(parentRows.ok(), await parentRows.text()).toBe(true)
    await page.getByLabel('Branch name').fill('with-data')
    await page.getByLabel('Git branch').fill('main')
    await page.getByLabel("Copy the parent's data").check()
    await page.getByRole('button', { name: 'Create branch' }).click()
    // the first branch's toast may still be on screen: the newest one is last
    await expect(page.getByText('Successfully created new branch').last()).toBeVisible()
    const dataRow = page.getByTestId('branch-row-with-data')
    await expect(dataRow.getByTestId('branch-status')).toHaveText('Migrations passed', { timeout: 90_000 })
    await expect(dataRow.getByTestId('branch-data-copy')).toHaveText(/data \((copy-on-write|full copy)\)/)
  } finally {
    repo.remove()
  }
})
