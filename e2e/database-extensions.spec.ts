import { EXTENSION_UNAVAILABLE_MESSAGE, PLATFORM_EXTENSIONS_SCHEMA } from '@pgfleet/contracts'
import { expect, test } from '@playwright/test'
import { send, signUpWithProject } from './support/project-session'

const UNTRUSTED_REASON = 'it could run code or read files on the server'

test('database extensions: the owner enables a trusted and an allow-listed extension, and sees why others are not offered', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const { ref } = await signUpWithProject(page, 'extensions')

  // the page is reached from the Database section of the product menu
  await page.goto(`/project/${ref}/database`)
  await page.getByRole('link', { name: 'Extensions', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/database/extensions$`))
  const search = page.getByTestId('extensions-search')
  await expect(search).toBeVisible()

  // a trusted extension: created as the tenant's postgres role, in public
  await search.fill('pgcrypto')
  const pgcrypto = page.getByTestId('extension-row-pgcrypto')
  await expect(pgcrypto.getByTestId('extension-availability')).toHaveText('Trusted')
  const pgcryptoToggle = pgcrypto.getByRole('switch', { name: 'Enable pgcrypto' })
  await expect(pgcryptoToggle).toHaveAttribute('aria-checked', 'false')
  await pgcryptoToggle.click()
  await expect(page.getByText('Extension pgcrypto enabled')).toBeVisible()
  await expect(pgcryptoToggle).toHaveAttribute('aria-checked', 'true')
  await expect(pgcrypto.getByTestId('extension-installed')).toContainText('public')

  // an allow-listed extension: installed by the platform into its own schema
  await search.fill('dblink')
  const dblink = page.getByTestId('extension-row-dblink')
  await expect(dblink.getByTestId('extension-availability')).toHaveText('Installed by pgfleet')
  await dblink.getByRole('switch', { name: 'Enable dblink' }).click()
  await expect(page.getByText('Extension dblink enabled')).toBeVisible()
  await expect(dblink.getByTestId('extension-installed')).toContainText(PLATFORM_EXTENSIONS_SCHEMA)

  // an untrusted language: no toggle, and the reason in plain words
  await search.fill('plperlu')
  const plperlu = page.getByTestId('extension-row-plperlu')
  await expect(plperlu.getByTestId('extension-availability')).toHaveText('Not available')
  await expect(plperlu.getByTestId('extension-unavailable-reason')).toHaveText(
    EXTENSION_UNAVAILABLE_MESSAGE('plperlu', UNTRUSTED_REASON),
  )
  await expect(plperlu.getByRole('switch')).toHaveCount(0)
  // asking the API directly gets the same answer
  const refused = await send(page, 'POST', `/platform/projects/${ref}/extensions`, { name: 'plperlu' })
  expect(refused.status()).toBe(400)
  expect(((await refused.json()) as { message: string }).message).toBe(
    EXTENSION_UNAVAILABLE_MESSAGE('plperlu', UNTRUSTED_REASON),
  )

  // turning pgcrypto off asks first, then drops it
  await search.fill('pgcrypto')
  await pgcryptoToggle.click()
  const dialog = page.getByTestId('disable-extension-dialog')
  await dialog.getByRole('button', { name: 'Disable' }).click()
  await expect(page.getByText('Extension pgcrypto disabled')).toBeVisible()
  await expect(pgcryptoToggle).toHaveAttribute('aria-checked', 'false')
})
