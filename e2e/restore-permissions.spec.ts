import { type APIRequestContext, type APIResponse, type Browser, expect, test } from '@playwright/test'

const stamp = Date.now()
const password = 'e2e-account-password'
const dbPassword = 'e2e-database-password'
const ownerEmail = `e2e-owner-${stamp}@example.com`
const readerEmail = `e2e-reader-${stamp}@example.com`
const pausedName = `E2E paused ${stamp}`
const RESTORE_DENIED = 'You do not have the required permissions to restore this project'

/** An API client signed in as one user; mutations carry the csrf header and a same-origin Origin, as the dashboard's do. */
class Session {
  private constructor(
    readonly request: APIRequestContext,
    private readonly origin: string,
  ) {}

  static async signUp(
    playwright: { request: { newContext: (options: { baseURL: string }) => Promise<APIRequestContext> } },
    baseURL: string,
    email: string,
  ) {
    const request = await playwright.request.newContext({ baseURL })
    const response = await request.post('/platform/auth/signup', { data: { email, password } })
    expect(response.status(), await response.text()).toBe(201)
    return new Session(request, new URL(baseURL).origin)
  }

  async get<T>(path: string): Promise<T> {
    const response = await this.request.get(path)
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true)
    return (await response.json()) as T
  }

  async send(method: string, path: string, data?: unknown): Promise<APIResponse> {
    const { cookies } = await this.request.storageState()
    const csrf = cookies.find((cookie) => cookie.name === 'csrf')?.value ?? ''
    return this.request.fetch(path, { method, data, headers: { 'x-csrf-token': csrf, origin: this.origin } })
  }

  async waitForStatus(ref: string, status: string) {
    await expect
      .poll(async () => (await this.get<{ status: string }>(`/platform/projects/${ref}/status`)).status, {
        timeout: 60_000,
      })
      .toBe(status)
  }

  async createProject(slug: string, name: string): Promise<string> {
    const response = await this.send('POST', '/v1/projects', { name, organization_slug: slug, db_pass: dbPassword })
    expect(response.status(), await response.text()).toBe(201)
    return ((await response.json()) as { ref: string }).ref
  }

  /** A browser context signed in as this user. */
  async browserContext(browser: Browser, baseURL: string) {
    return browser.newContext({ baseURL, storageState: await this.request.storageState() })
  }
}

let owner: Session
let reader: Session
let slug: string
let pausedRef: string

test.describe.configure({ mode: 'serial' })

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(120_000)
  const baseURL = testInfo.project.use.baseURL ?? ''
  owner = await Session.signUp(playwright, baseURL, ownerEmail)
  reader = await Session.signUp(playwright, baseURL, readerEmail)
  const [organization] = await owner.get<{ slug: string }[]>('/platform/organizations')
  slug = organization?.slug ?? ''

  // A paused project in the owner's free organization, which the reader joins as Read-only.
  pausedRef = await owner.createProject(slug, pausedName)
  await owner.waitForStatus(pausedRef, 'ACTIVE_HEALTHY')
  const pause = await owner.send('POST', `/platform/projects/${pausedRef}/pause`)
  expect(pause.status(), await pause.text()).toBe(200)
  await owner.waitForStatus(pausedRef, 'INACTIVE')
  const added = await owner.send('POST', `/platform/organizations/${slug}/members`, {
    email: readerEmail,
    role_name: 'Read-only',
  })
  expect(added.ok(), await added.text()).toBe(true)
})

test.afterAll(async () => {
  await owner?.request.dispose()
  await reader?.request.dispose()
})

test('a Read-only member sees why they cannot restore, and the server refuses them', async ({ browser }) => {
  const context = await reader.browserContext(browser, test.info().project.use.baseURL ?? '')
  const page = await context.newPage()
  await page.goto(`/project/${pausedRef}/sql`)
  const paused = page.getByTestId('project-paused-state')
  await expect(paused.getByRole('heading', { name: `The project "${pausedName}" is paused` })).toBeVisible()

  const restore = paused.getByRole('button', { name: 'Restore project' })
  await expect(restore).toHaveAttribute('aria-disabled', 'true')
  await restore.hover()
  await expect(page.getByRole('tooltip')).toHaveText('You need additional permissions to resume this project')
  // aria-disabled: Playwright waits for it to become enabled unless forced, but a person can click it
  await restore.click({ force: true })
  await expect(page.locator('[data-sonner-toast]', { hasText: RESTORE_DENIED })).toBeVisible()
  await expect(page.getByTestId('restore-project-dialog')).toHaveCount(0)

  const response = await reader.send('POST', `/platform/projects/${pausedRef}/restore`, {})
  expect(response.status()).toBe(403)
  expect(((await response.json()) as { message: string }).message).toBe(RESTORE_DENIED)
  expect((await owner.get<{ status: string }>(`/platform/projects/${pausedRef}/status`)).status).toBe('INACTIVE')
  await context.close()
})

test('an owner at the free project limit gets the member-limit dialog instead of a restore', async ({ browser }) => {
  test.setTimeout(120_000)
  // With the first project paused the owner may create two more: then restoring would make a third.
  const second = await owner.createProject(slug, `E2E second ${stamp}`)
  const third = await owner.createProject(slug, `E2E third ${stamp}`)
  const overLimit = await owner.get<{ primary_email: string; free_project_limit: number }[]>(
    `/platform/organizations/${slug}/members/reached-free-project-limit`,
  )
  expect(overLimit.map((member) => member.primary_email)).toEqual([ownerEmail])

  const context = await owner.browserContext(browser, test.info().project.use.baseURL ?? '')
  const page = await context.newPage()
  await page.goto(`/project/${pausedRef}/sql`)
  await page.getByTestId('project-paused-state').getByRole('button', { name: 'Restore project' }).click()
  const dialog = page.getByTestId('free-limit-members-dialog')
  await expect(dialog).toBeVisible()
  const member = dialog.getByTestId('free-limit-member')
  await expect(member).toHaveCount(1)
  await expect(member).toContainText(ownerEmail)
  await expect(member).toContainText(`Limit: ${overLimit[0]?.free_project_limit} active projects`)
  await expect(page.getByTestId('restore-project-dialog')).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Understood' }).click()
  await expect(dialog).toHaveCount(0)

  // the server holds the same line
  const response = await owner.send('POST', `/platform/projects/${pausedRef}/restore`, {})
  expect(response.status(), await response.text()).toBe(403)
  expect((await owner.get<{ status: string }>(`/platform/projects/${pausedRef}/status`)).status).toBe('INACTIVE')

  await owner.waitForStatus(second, 'ACTIVE_HEALTHY')
  await owner.waitForStatus(third, 'ACTIVE_HEALTHY')
  await context.close()
})
