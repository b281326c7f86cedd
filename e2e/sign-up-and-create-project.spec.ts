import { expect, test } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import pg from 'pg'

const email = `e2e-${Date.now()}@example.com`
const password = 'e2e-account-password'
const dbPassword = 'e2e-database-password'

test('a new user signs up, creates a project, connects to it, signs out and in again', async ({ page }) => {
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
  await page.getByLabel('Project name').fill('E2E shop')
  await page.getByLabel('Database password').fill(dbPassword)
  await page.getByRole('button', { name: 'Create project' }).click()

  await expect(page).toHaveURL(/\/project\/[a-z]{20}$/)
  const connection = page.getByTestId('connection-string')
  // a prepared spare data directory can bring the project up before the first status poll answers, so the
  // setting-up screen may already have given way to the home page (SettingUpState.test.tsx covers that screen)
  await expect(page.getByText('Setting up project').or(connection)).toBeVisible()
  await expect(connection).toBeVisible({ timeout: 30_000 })
  await expect(page).toHaveTitle(/E2E shop/)

  const shown = (await connection.textContent()) ?? ''
  const match = shown.match(/postgresql:\/\/postgres:\[YOUR-PASSWORD\]@[\d.]+:\d+\/postgres/)
  expect(match, `connection string in: ${shown}`).not.toBeNull()
  const client = new pg.Client({ connectionString: match?.[0].replace('[YOUR-PASSWORD]', dbPassword) })
  await client.connect()
  const result = await client.query<{ answer: number }>('select 40 + 2 as answer')
  expect(result.rows[0]?.answer).toBe(42)
  await client.query('create table public.first_rows (id int primary key, note text)')
  await client.query("insert into public.first_rows values (1, 'hello from the home page')")
  await client.query("notify pgrst, 'reload schema'")
  await client.end()

  // the home page's figures, and what an app needs: the anon key and the supabase-js lines, which work as shown
  await expect(page.getByTestId('figure-database-size')).toHaveText(/\d+(\.\d)? MB/)
  await expect(page.getByTestId('figure-active-connections')).toHaveText(/^\d+$/)
  await expect(page.getByTestId('figure-api-requests')).toHaveText(/^\d+$/)
  const snippet = (await page.getByTestId('home-supabase-js').textContent()) ?? ''
  const anonKey = ((await page.getByTestId('home-anon-key').textContent()) ?? '').match(
    /eyJ[\w-]+\.[\w-]+\.[\w-]+/,
  )?.[0]
  expect(anonKey, 'anon key on the home page').toBeTruthy()
  expect(snippet).toContain(`createClient(supabaseUrl, supabaseKey)`)
  expect(snippet).toContain(anonKey ?? '')
  const projectUrl = snippet.match(/const supabaseUrl = '([^']+)'/)?.[1] ?? ''
  // Node 20 has no WebSocket for supabase-js's realtime client, which this query does not use
  const supabase = createClient(projectUrl, anonKey ?? '', {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: class {} as never },
  })
  await expect
    .poll(async () => (await supabase.from('first_rows').select('note')).data, { timeout: 15_000 })
    .toEqual([{ note: 'hello from the home page' }])

  await page.getByRole('button', { name: 'Account' }).click()
  await page
    .getByRole('menuitem', { name: 'Sign out' })
    .or(page.getByRole('button', { name: 'Sign out' }))
    .first()
    .click()
  await expect(page).toHaveURL(/\/sign-in/)

  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByText('E2E shop')).toBeVisible()
})
