import { BYTES_PER_GB, type ProjectDisk } from '@pgfleet/contracts'
import { expect, test } from '@playwright/test'
import { RESOURCE_BANNERS } from '../apps/studio/src/components/interfaces/ResourceWarnings/resource-warnings.constants'
import { signUpWithProject } from './support/project-session'

test('a small disk size raises the disk space warning banner, whose link opens the usage page', async ({ page }) => {
  test.setTimeout(240_000)
  const { ref } = await signUpWithProject(page, 'resources')

  // saving the disk size samples the project at once, so its use is known without waiting for the interval
  await page.goto(`/project/${ref}/compute-and-disk`)
  const sizeInput = page.getByTestId('disk-size-input')
  await expect(sizeInput).toHaveValue('8')
  // the same size, typed afresh (the field only saves a change it saw)
  await sizeInput.fill('8.0')
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && response.url().endsWith(`/platform/projects/${ref}/disk`),
  )
  await page.getByTestId('disk-size-save').click()
  // the save's own exact measurement: a background sample in between may be a cheaper estimate
  const disk = (await (await saved).json()) as ProjectDisk
  await expect(page.getByText('Disk size updated')).toBeVisible()
  await expect(page.getByTestId('disk-use')).toContainText('of 8.0 GB')
  // only the disk banner is under test: a CPU or I/O banner may come and go with a short burst between samples
  const banner = page.getByTestId('resource-banner-disk_space_exhaustion')
  await expect(banner).toHaveCount(0)

  // a disk size the project already fills to 85%: between the warning (80%) and critical (90%) levels
  const tiny = ((disk.used_bytes ?? 0) / 0.85 / BYTES_PER_GB).toFixed(4)
  await sizeInput.fill(tiny)
  await page.getByTestId('disk-size-save').click()
  await expect(banner).toBeVisible()
  await expect(banner).toContainText(RESOURCE_BANNERS.disk_space_exhaustion.warning.title)
  await expect(banner).toHaveAttribute('role', 'status')

  // the banner stays on every page of the project, and its link leads to the usage page
  await page.goto(`/project/${ref}/sql`)
  await expect(banner).toBeVisible()
  await banner.getByRole('link', { name: 'View usage' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/usage$`))
  await expect(page.getByTestId('usage-page')).toBeVisible()
  await expect(page.getByTestId('usage-database-size')).toContainText(/\d+(\.\d)? MB/)
  await expect(page.getByTestId('usage-data-api-egress')).toBeVisible()
  await expect(page.getByTestId('usage-chart-cpu')).toBeVisible()
  await expect(page).toHaveTitle(/^Usage \| /)

  // the usage page is in the product menu
  await expect(page.getByTestId('product-menu').getByRole('link', { name: 'Usage' })).toBeVisible()

  // growing the disk back takes the banner away
  await page.goto(`/project/${ref}/compute-and-disk`)
  await sizeInput.fill('8')
  await page.getByTestId('disk-size-save').click()
  await expect(banner).toHaveCount(0)
})
