import { readFileSync } from 'node:fs'
import http from 'node:http'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { send, signUpWithProject } from './support/project-session'

/**
 * A user made in the dashboard signs in from an app of its own: a small page on another origin that loads
 * supabase-js in Chromium, signs in with the password, and reads a table protected by `auth.uid()`. It sees its
 * own rows and not another user's. (Apps on `/p/{ref}` URLs give supabase-js their own storage key: every project on
 * a host would otherwise share the default one.)
 */
const require = createRequire(import.meta.url)
const SUPABASE_UMD = readFileSync(
  path.join(path.dirname(require.resolve('@supabase/supabase-js/package.json')), 'dist/umd/supabase.js'),
  'utf8',
)

const APP_SCRIPT = `
async function run({ url, key, ref, email, password }) {
  const client = supabase.createClient(url, key, { auth: { storageKey: 'sb-' + ref + '-auth-token' } })
  const signIn = await client.auth.signInWithPassword({ email, password })
  if (signIn.error) return { error: signIn.error.message }
  const { data, error } = await client.from('notes').select('body').order('body')
  if (error) return { error: error.message }
  const list = document.getElementById('notes')
  for (const row of data) {
    const item = document.createElement('li')
    item.textContent = row.body
    list.appendChild(item)
  }
  document.getElementById('who').textContent = signIn.data.user.email
  return { stored: Object.keys(localStorage) }
}`

async function sql(page: Page, ref: string, query: string) {
  const answer = await send(page, 'POST', `/platform/pg-meta/${ref}/query`, { query })
  expect(answer.status(), await answer.text()).toBeLessThan(300)
}

test('a user made in the dashboard signs in from an app with supabase-js and sees only their rows', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const { ref } = await signUpWithProject(page, 'auth-browser-app')
  const platform = new URL(page.url()).origin
  const keys = (await (await page.request.get(`/v1/projects/${ref}/api-keys`)).json()) as {
    name: string
    type?: string
    api_key: string
  }[]
  const publishable = keys.find((key) => key.type === 'publishable')?.api_key ?? ''
  expect(publishable).toMatch(/^sb_publishable_/)

  await test.step('make a user in the dashboard, and another through the API', async () => {
    await page.goto(`/project/${ref}/auth/users`)
    await page.getByTestId('empty-create-user').click()
    const dialog = page.getByTestId('create-user-dialog')
    await dialog.getByTestId('create-user-email').fill('ann@browser-app.test')
    await dialog.getByTestId('create-user-password').fill('ann-password-1')
    await dialog.getByTestId('create-user-submit').click()
    await expect(page.getByTestId('user-row-ann@browser-app.test')).toBeVisible()
    const other = await send(page, 'POST', `/platform/auth/${ref}/users`, {
      email: 'bob@browser-app.test',
      password: 'bob-password-1',
    })
    expect(other.status(), await other.text()).toBeLessThan(300)
  })

  await test.step('a table whose rows only their owner reads', async () => {
    await sql(
      page,
      ref,
      `create table notes (id serial primary key, user_id uuid not null references auth.users (id), body text not null);
       alter table notes enable row level security;
       create policy "own notes" on notes for select to authenticated using (auth.uid() = user_id);
       insert into notes (user_id, body)
         select id, case email when 'ann@browser-app.test' then 'ann: first' else 'bob: secret' end from auth.users;
       insert into notes (user_id, body) select id, 'ann: second' from auth.users where email = 'ann@browser-app.test';`,
    )
  })

  await test.step('the app on its own origin signs in and lists only its user’s rows', async () => {
    // the app is served by a server of its own: another origin than the platform's
    const app = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end(`<!doctype html><title>Notes</title><p id="who"></p><ul id="notes"></ul>
          <script>${SUPABASE_UMD}</script><script>${APP_SCRIPT}</script>`)
    })
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve))
    test.info().attach('app origin', { body: `http://127.0.0.1:${(app.address() as AddressInfo).port}` })
    await page.goto(`http://127.0.0.1:${(app.address() as AddressInfo).port}/`)
    const outcome = await page.evaluate(
      (args) =>
        (globalThis as unknown as { run: (a: unknown) => Promise<{ error?: string; stored?: string[] }> }).run(args),
      { url: `${platform}/p/${ref}`, key: publishable, ref, email: 'ann@browser-app.test', password: 'ann-password-1' },
    )
    expect(outcome.error).toBeUndefined()
    expect(outcome.stored).toContain(`sb-${ref}-auth-token`)
    await expect(page.locator('#who')).toHaveText('ann@browser-app.test')
    await expect(page.locator('#notes li')).toHaveText(['ann: first', 'ann: second'])
    app.close()
  })
})
