import { type APIResponse, expect, type Page } from '@playwright/test'

export const E2E_PASSWORD = 'e2e-account-password'
const DB_PASSWORD = 'e2e-database-password'

/** Mutations from `page.request` carry the csrf cookie as x-csrf-token and a same-origin Origin, as the dashboard's do. */
export async function send(page: Page, method: string, path: string, data?: unknown): Promise<APIResponse> {
  const cookies = await page.context().cookies()
  const csrf = cookies.find((cookie) => cookie.name === 'csrf')?.value ?? ''
  // the page has been opened on the platform, so its origin is the platform's
  const origin = new URL(page.url()).origin
  return page.request.fetch(path, { method, data, headers: { 'x-csrf-token': csrf, origin } })
}

/**
 * Signs a new user up (the browser context keeps the session) and creates a project through the API,
 * then waits until its database runs. Answers the project's ref.
 */
export async function signUpWithProject(page: Page, label: string): Promise<{ ref: string; email: string }> {
  const email = `e2e-${label}-${Date.now()}@example.com`
  await page.goto('/sign-in')
  const signup = await page.request.post('/platform/auth/signup', { data: { email, password: E2E_PASSWORD } })
  expect(signup.status(), await signup.text()).toBe(201)
  const organizations = (await (await page.request.get('/platform/organizations')).json()) as { slug: string }[]
  const slug = organizations[0]?.slug
  expect(slug).toBeTruthy()
  const created = await send(page, 'POST', '/v1/projects', {
    name: `E2E ${label}`,
    organization_slug: slug,
    db_pass: DB_PASSWORD,
  })
  expect(created.status(), await created.text()).toBe(201)
  const { ref } = (await created.json()) as { ref: string }
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/platform/projects/${ref}/status`)).json()) as { status: string }).status,
      { timeout: 90_000, intervals: [500, 1000] },
    )
    .toBe('ACTIVE_HEALTHY')
  return { ref, email }
}

/** Replaces the SQL in the editor (CodeMirror's content is a textbox named 'SQL'). */
export async function typeSql(page: Page, sql: string) {
  const editor = page.getByRole('textbox', { name: 'SQL' }).first()
  await editor.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await editor.fill(sql)
}
