import { expect, test } from '@playwright/test'
import { setPlanAsOperator } from './support/operator'
import { signUpWithProject } from './support/project-session'

test('custom domain: paid plans only, add a hostname, see its DNS records, verify, remove', async ({ page }) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'custom-domain')

  await page.goto(`/project/${ref}/settings/general`)
  const section = page.getByTestId('custom-domain-section')
  await expect(section.getByTestId('custom-domain-not-allowed')).toHaveText(
    /Custom domains are available on paid plans\./,
  )

  // a paid plan (recorded without a payment provider) unlocks the form
  const organizations = (await (await page.request.get('/platform/organizations')).json()) as { slug: string }[]
  await setPlanAsOperator(page, organizations[0]?.slug ?? '', 'pro')
  await page.reload()

  const input = section.getByTestId('custom-domain-input')
  await input.fill('not a domain')
  await section.getByRole('button', { name: 'Add domain' }).click()
  await expect(section.getByText(/Enter a subdomain such as api\.example\.com/)).toBeVisible()

  await input.fill('API.E2E-Example.test')
  await section.getByRole('button', { name: 'Add domain' }).click()
  await expect(section.getByTestId('custom-domain-hostname')).toHaveText('api.e2e-example.test')
  await expect(section.getByText('Pending verification')).toBeVisible()
  await expect(section.getByText('TXT record _pgfleet-challenge.api.e2e-example.test')).toBeVisible()
  await expect(section.getByTestId('custom-domain-txt')).not.toBeEmpty()
  await expect(section.getByTestId('custom-domain-cname')).not.toBeEmpty()

  // nobody published the TXT record, so verification reports what is missing and the domain stays pending
  await section.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('The DNS records are not visible yet')).toBeVisible()
  await expect(section.getByTestId('custom-domain-verification-error')).toContainText(
    '_pgfleet-challenge.api.e2e-example.test',
  )

  await section.getByRole('button', { name: 'Remove' }).click()
  const dialog = page.getByTestId('custom-domain-remove-dialog')
  await expect(dialog).toContainText('Requests to api.e2e-example.test will stop reaching this project.')
  await dialog.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByText('Custom domain removed')).toBeVisible()
  await expect(section.getByTestId('custom-domain-input')).toBeVisible()
})
