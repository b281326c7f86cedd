import { expect, type Page, test } from '@playwright/test'
import { signUpWithProject } from './support/project-session'

const USER_EMAIL = 'ann@auth-users.test'
const USER_PASSWORD = 'ann-password-1'

async function anonKeyOf(page: Page, ref: string) {
  const keys = (await (await page.request.get(`/v1/projects/${ref}/api-keys`)).json()) as {
    name: string
    api_key: string
  }[]
  return keys.find((key) => key.name === 'anon')?.api_key ?? ''
}

async function saveSettings(page: Page) {
  const save = page.getByTestId('auth-settings-save')
  await expect(save).toBeEnabled()
  await save.click()
  await expect(page.getByText('Auth settings saved')).toBeVisible()
  await expect(save).toBeDisabled()
}

test('Auth: create, find, inspect, ban and delete a user; change providers and URLs and keep them', async ({
  page,
}) => {
  test.setTimeout(300_000)
  const { ref } = await signUpWithProject(page, 'auth-users')

  await test.step('the Users page starts empty, with a way to make the first user', async () => {
    await page.goto(`/project/${ref}/auth`)
    await expect(page).toHaveURL(new RegExp(`/project/${ref}/auth/users$`))
    await expect(page).toHaveTitle(/^Users \| /)
    await expect(page.getByTestId('product-menu-auth-policies')).toBeVisible()
    await expect(page.getByTestId('no-users')).toContainText('No users in your project yet')
    await expect(page.getByTestId('auth-policies-link')).toHaveAttribute('href', `/project/${ref}/auth/policies`)
  })

  await test.step('create a user with a password; it is listed', async () => {
    await page.getByTestId('empty-create-user').click()
    const dialog = page.getByTestId('create-user-dialog')
    await dialog.getByTestId('create-user-email').fill(USER_EMAIL)
    await dialog.getByTestId('create-user-password').fill(USER_PASSWORD)
    await expect(dialog.getByTestId('create-user-auto-confirm')).toBeChecked()
    await dialog.getByTestId('create-user-submit').click()
    await expect(dialog).toHaveCount(0)
    const row = page.getByTestId(`user-row-${USER_EMAIL}`)
    await expect(row).toBeVisible()
    await expect(row.getByTestId('user-status')).toHaveText('Confirmed')
    await expect(page.getByTestId('users-count')).toHaveText('1 user')
  })

  await test.step('search finds it by the start of its address, and nothing else', async () => {
    const search = page.getByTestId('users-search')
    await search.fill('zzz')
    await expect(page.getByTestId('no-matching-users')).toBeVisible()
    await search.fill('ANN@')
    await expect(page.getByTestId(`user-row-${USER_EMAIL}`)).toBeVisible()
  })

  await test.step('its details show the email identity and the session of a sign-in', async () => {
    // a sign-in through the project's auth server, as an app would
    const signIn = await page.request.post(`/p/${ref}/auth/v1/token?grant_type=password`, {
      headers: { apikey: await anonKeyOf(page, ref) },
      data: { email: USER_EMAIL, password: USER_PASSWORD },
    })
    expect(signIn.status(), await signIn.text()).toBe(200)
    await page.getByTestId(`user-row-${USER_EMAIL}`).click()
    const panel = page.getByTestId('user-panel')
    await expect(panel.getByTestId('user-detail-email')).toHaveText(USER_EMAIL)
    await expect(panel.getByTestId('identity-email')).toBeVisible()
    await expect(panel.getByTestId('user-session')).toHaveCount(1)
  })

  await test.step('ban it: its session ends and the list says so', async () => {
    const panel = page.getByTestId('user-panel')
    await panel.getByTestId('user-ban').click()
    const dialog = page.getByTestId('ban-user-dialog')
    await dialog.getByTestId('ban-duration').selectOption('24h')
    await dialog.getByRole('button', { name: 'Ban user' }).click()
    await expect(dialog).toHaveCount(0)
    await expect(panel.getByTestId('user-unban')).toBeVisible()
    await expect(panel.getByTestId('user-no-sessions')).toBeVisible()
    await expect(page.getByTestId(`user-row-${USER_EMAIL}`).getByTestId('user-status')).toHaveText('Banned')
  })

  await test.step('delete it after confirming; the list is empty again', async () => {
    const panel = page.getByTestId('user-panel')
    await panel.getByTestId('user-delete').click()
    const dialog = page.getByTestId('delete-user-dialog')
    await dialog.getByRole('button', { name: 'Delete user' }).click()
    await expect(panel).toHaveCount(0)
    await page.getByTestId('users-search').fill('')
    await expect(page.getByTestId('no-users')).toBeVisible()
  })

  await test.step('Providers: anonymous sign-ins turned on stay on after a reload', async () => {
    await page.getByTestId('product-menu-auth-providers').click()
    await expect(page).toHaveTitle(/^Auth providers \| /)
    await expect(page.getByTestId('oauth-callback-url')).toHaveText(new RegExp(`/p/${ref}/auth/v1/callback$`))
    const anonymous = page.getByTestId('setting-anonymous-enabled')
    await expect(anonymous).toHaveAttribute('aria-checked', 'false')
    await anonymous.click()
    await saveSettings(page)
    await page.reload()
    await expect(page.getByTestId('setting-anonymous-enabled')).toHaveAttribute('aria-checked', 'true')
  })

  await test.step('URL configuration: the site URL and a redirect URL stay after a reload', async () => {
    await page.getByTestId('product-menu-auth-url-configuration').click()
    await expect(page).toHaveTitle(/^URL configuration \| /)
    await page.getByTestId('setting-site-url').fill('https://app.example.com')
    await page.getByTestId('redirect-url-input').fill('not a url')
    await page.getByTestId('redirect-url-add').click()
    await expect(page.getByText('Enter a URL such as')).toBeVisible()
    await page.getByTestId('redirect-url-input').fill('https://app.example.com/welcome')
    await page.getByTestId('redirect-url-add').click()
    await saveSettings(page)
    await page.reload()
    await expect(page.getByTestId('setting-site-url')).toHaveValue('https://app.example.com')
    await expect(page.getByTestId('redirect-url')).toHaveText(['https://app.example.com/welcome'])
  })

  await test.step('Email templates: the preview is a sandboxed frame, never the dashboard', async () => {
    await page.getByTestId('product-menu-auth-templates').click()
    await expect(page).toHaveTitle(/^Email templates \| /)
    await page
      .getByTestId('template-body')
      .fill("<h1>Hi {{ .Email }}</h1><script>parent.document.title = 'from the template'</script>")
    const preview = page.getByTestId('template-preview')
    await expect(preview).toHaveAttribute('sandbox', '')
    await expect(page.frameLocator('[data-testid="template-preview"]').locator('h1')).toHaveText('Hi user@example.com')
    await expect(page).toHaveTitle(/^Email templates \| /)
    await page.getByTestId('auth-settings-discard').click()
    await expect(page.getByText('No body set: the default email is sent.')).toBeVisible()
  })

  await test.step('Sessions: a wrong value is named, a right one is kept', async () => {
    await page.getByTestId('product-menu-auth-sessions').click()
    await expect(page).toHaveTitle(/^Auth sessions \| /)
    const expiry = page.getByTestId('setting-jwt-exp')
    await expect(expiry).toHaveValue('3600')
    await expiry.fill('1h')
    await page.getByTestId('auth-settings-save').click()
    await expect(page.getByTestId('auth-settings-error')).toContainText('Access token expiry must be a whole number')
    await expiry.fill('10')
    await page.getByTestId('auth-settings-save').click()
    // the server's own reason for a value out of range
    await expect(page.getByTestId('auth-settings-error')).toContainText('jwt_exp')
    await expiry.fill('600')
    await saveSettings(page)
    await page.reload()
    await expect(page.getByTestId('setting-jwt-exp')).toHaveValue('600')
    await page.getByTestId('product-menu-auth-rate-limits').click()
    await expect(page).toHaveTitle(/^Rate limits \| /)
    await expect(page.getByTestId('setting-rate_limit_email_sent')).toHaveValue('30')
  })
})
