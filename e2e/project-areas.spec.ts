import { expect, test } from '@playwright/test'
import pg from 'pg'
import { send, signUpWithProject } from './support/project-session'

const DB_PASSWORD = 'e2e-project-areas-db-password'

test('Auth, Vault and Infrastructure show what the platform knows about the project', async ({ page }) => {
  test.setTimeout(240_000)
  const { ref } = await signUpWithProject(page, 'areas')

  // a table with row-level security and a policy, and one without, created over the connection string
  const reset = await send(page, 'POST', `/platform/projects/${ref}/db-password`, { password: DB_PASSWORD })
  expect(reset.status(), await reset.text()).toBe(200)
  const settings = (await (await page.request.get(`/platform/projects/${ref}/settings`)).json()) as {
    db_connection_string: string
  }
  const client = new pg.Client({
    connectionString: settings.db_connection_string.replace('[YOUR-PASSWORD]', DB_PASSWORD),
  })
  await client.connect()
  try {
    await client.query(`
      create table public.e2e_notes (id bigint primary key, owner text not null, body text);
      alter table public.e2e_notes enable row level security;
      create policy "owners read their notes" on public.e2e_notes for select to authenticated
        using (owner = current_setting('request.jwt.claim.sub', true));
      create table public.e2e_open (id int primary key);
    `)
  } finally {
    await client.end()
  }

  // Auth's Policies: the policy under its table, the tables without RLS, the data API's roles
  await page.goto(`/project/${ref}/auth/policies`)
  await expect(page).toHaveTitle(/^Policies \| /)
  const notes = page.getByTestId('policy-table-public.e2e_notes')
  const policy = notes.getByTestId('policy-owners read their notes')
  await expect(policy).toContainText('SELECT')
  await expect(policy).toContainText('authenticated')
  await expect(policy).toContainText('PERMISSIVE')
  await expect(policy).toContainText("current_setting('request.jwt.claim.sub'::text, true)")
  await expect(page.getByTestId('rls-disabled-e2e_open')).toContainText(
    'alter table public.e2e_open enable row level security;',
  )
  await expect(page.getByTestId('rls-disabled-e2e_notes')).toHaveCount(0)
  for (const role of ['anon', 'authenticated', 'service_role']) {
    await expect(page.getByTestId(`role-${role}`)).toBeVisible()
  }
  // service_role bypasses RLS, anon does not; neither logs in
  await expect(page.getByTestId('role-service_role').getByRole('cell')).toHaveText([
    'service_role',
    /service_role key/,
    'No',
    'Yes',
    'No limit',
  ])
  await expect(page.getByTestId('role-anon').getByRole('cell').nth(3)).toHaveText('No')
  await expect(page.getByTestId('api-settings-link')).toHaveAttribute('href', `/project/${ref}/settings/api`)

  // SQL run from the editor panel beside the page refreshes the cached policy list in place
  await page.getByTestId('toggle-sql-editor').click()
  const panel = page.getByTestId('sql-editor-panel')
  await panel
    .getByRole('textbox', { name: 'SQL' })
    .fill(
      'create policy "service writes" on public.e2e_notes as restrictive for insert to service_role with check (true)',
    )
  await panel.getByRole('button', { name: 'Run', exact: true }).click()
  await page.getByTestId('run-confirm-dialog').getByRole('button', { name: 'Run' }).click()
  await expect(panel.getByTestId('no-rows-message')).toBeVisible()
  const added = notes.getByTestId('policy-service writes')
  await expect(added).toContainText('RESTRICTIVE')
  await expect(added).toContainText('INSERT')
  await expect(added).toContainText('true')
  await expect(notes).toContainText('2 policies')
  await page.getByRole('button', { name: 'Close panel' }).click()

  // Vault: the embedded Postgres builds do not ship supabase_vault; pgcrypto is offered instead
  await page.goto(`/project/${ref}/vault`)
  await expect(page).toHaveTitle(/^Vault \| /)
  await expect(page.getByTestId('vault-status')).toContainText('Vault is not available for this project')
  await expect(page.getByTestId('extension-supabase_vault')).toContainText('Not available on this server')
  await expect(page.getByTestId('extension-pgcrypto')).toContainText('Available, not enabled')
  await expect(page.getByTestId('pgcrypto-alternative')).toContainText('create extension if not exists pgcrypto;')

  // Infrastructure: version, compute size with its link, live size, the platform's engines, no upgrade button
  const project = (await (await page.request.get(`/platform/projects/${ref}`)).json()) as {
    database: { version: string }
    compute_size: string
  }
  await page.goto(`/project/${ref}/infrastructure`)
  await expect(page).toHaveTitle(/^Infrastructure \| /)
  await expect(page.getByTestId('infrastructure-db-version')).toHaveText(project.database.version)
  await expect(page.getByTestId('infrastructure-compute-size')).toContainText(/nano|micro|small|medium|large/i)
  await expect(page.getByTestId('infrastructure-status')).toContainText(/healthy/i)
  await expect(page.getByTestId('infrastructure-database-size')).toHaveText(/^\d+ (kB|MB)$/)
  await expect(page.getByTestId('infrastructure-connections')).toHaveText(/^\d+ of \d+$/)
  // the platform's own pools, within a budget that leaves a quarter to the tenant's clients (micro: 40 of 60)
  await expect(page.getByTestId('platform-connections-budget')).toHaveText(
    'The dashboard, data API, storage and auth share at most 40 of the 60 connections; 15 always stay free for your own clients.',
  )
  const metadataPool = page.getByTestId('pool-meta').getByRole('cell')
  await expect(metadataPool.first()).toHaveText('Dashboard metadata')
  await expect(metadataPool.last()).toHaveText('3')
  await expect(page.getByTestId('pool-rest').getByRole('cell').first()).toHaveText('Data API')
  await expect(page.getByTestId('engines-table').getByText('This project')).toBeVisible()
  // the platform under test runs as root, so the project has OS users of its own
  await expect(page.getByTestId('infrastructure-isolation')).toContainText('is not a superuser')
  await expect(page.getByTestId('isolation-full')).toBeVisible()
  // a project on the newest major has nothing to upgrade to
  await expect(page.getByTestId('upgrade-no-targets')).toHaveText(
    'This project runs the newest Postgres version this platform has.',
  )
  await page.getByTestId('change-compute-link').click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/compute-and-disk$`))
})
