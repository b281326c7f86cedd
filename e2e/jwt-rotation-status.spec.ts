import { API_KEYS_MESSAGES, JWT_UPDATE_POLL_INTERVAL_MS, KEY_COPY_FEEDBACK_RESET_MS } from '@pgfleet/contracts'
import { expect, test } from '@playwright/test'
import { signUpWithProject } from './support/project-session'

const ROTATION_ERROR = 'e2e: the data API did not accept the new secret'

test('API keys say when the JWT secret is updating and when the update failed; copy feedback resets', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'jwt-status')

  // the platform's status answer, stubbed: Updating until the test moves it on
  let status: 'Updating' | 'Failed' = 'Updating'
  const polledAt: number[] = []
  await page.route(`**/platform/props/project/${ref}/jwt-secret-update-status`, async (route) => {
    polledAt.push(Date.now())
    await route.fulfill({
      json:
        status === 'Updating'
          ? { status, progress: 'Storing new secret', error: null, change_tracking_id: 'e2e-change' }
          : { status, progress: 'Storing new secret', error: ROTATION_ERROR, change_tracking_id: 'e2e-change' },
    })
  })

  await page.goto(`/project/${ref}/settings/api`)
  const anon = page.getByTestId('anon-key-field')
  await expect(anon).toContainText(API_KEYS_MESSAGES.updatingJwt)
  await expect(anon).toContainText('Updating JWT secret...')
  await expect(page.getByTestId('service-role-key-field')).toContainText('Updating JWT secret...')
  await expect(page.getByTestId('anon-key')).toHaveCount(0)
  await expect(page.getByTestId('generate-jwt-secret-button')).toBeDisabled()

  // polled every second while Updating
  await expect.poll(() => polledAt.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3)
  // the median gap: on a loaded machine one late poll shortens the gap after it
  const gaps = polledAt
    .slice(1)
    .map((at, i) => at - (polledAt[i] ?? at))
    .sort((a, b) => a - b)
  expect(gaps[Math.floor(gaps.length / 2)]).toBeGreaterThanOrEqual(JWT_UPDATE_POLL_INTERVAL_MS * 0.8)

  status = 'Failed'
  const failed = page.getByTestId('jwt-update-failed')
  await expect(failed).toContainText('JWT secret update failed, new API key may have issues')
  await expect(failed).toContainText(ROTATION_ERROR)
  await expect(anon).not.toContainText('Updating JWT secret...')
  const anonKey = page.getByTestId('anon-key')
  await expect(anonKey).toContainText('eyJ')
  await expect(page.getByTestId('jwt-update-status')).toContainText('Failed')

  // polling stops once the update is no longer Updating
  const pollsAfterFailure = polledAt.length
  await page.waitForTimeout(JWT_UPDATE_POLL_INTERVAL_MS * 3)
  expect(polledAt.length).toBeLessThanOrEqual(pollsAfterFailure + 1)

  // the key's copy button says Copied, and goes back after KEY_COPY_FEEDBACK_RESET_MS (2000 ms)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const copy = anon.getByRole('button', { name: /^Copy/ })
  await copy.click()
  const copiedAt = Date.now()
  await expect(anon.getByRole('button', { name: 'Copied' })).toBeVisible()
  // a string expression: the e2e project has no DOM types
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(await anonKey.textContent())
  await expect(anon.getByRole('button', { name: /^Copy/ })).toBeVisible({ timeout: 10_000 })
  expect(Date.now() - copiedAt).toBeGreaterThanOrEqual(KEY_COPY_FEEDBACK_RESET_MS - 250)
})
