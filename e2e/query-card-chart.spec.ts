import { randomUUID } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { send, signUpWithProject } from './support/project-session'

test('a saved query shows as a card that runs and switches to a bar chart', async ({ page }) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'card')
  const id = randomUUID()
  const saved = await send(page, 'PUT', `/platform/projects/${ref}/content/${id}`, {
    name: 'Signups per day',
    content: { sql: "select day, signups from (values ('mon', 3), ('tue', 5), ('wed', 2)) as t(day, signups)" },
  })
  expect(saved.status(), await saved.text()).toBe(201)

  await page.goto(`/project/${ref}/reports`)
  const card = page.getByTestId('query-card').filter({ hasText: 'Signups per day' })
  await expect(card).toBeVisible()
  await card.getByRole('button', { name: 'Run' }).click()
  await expect(card.getByRole('gridcell', { name: 'tue' })).toBeVisible()

  await card.getByRole('button', { name: 'Chart' }).click()
  const chart = card.getByTestId('query-chart')
  await expect(chart).toHaveAttribute('data-chart-type', 'bar')
  await expect(chart.locator('.recharts-bar-rectangle')).toHaveCount(3)
  await expect(card.getByLabel('X axis')).toHaveValue('day')
  await expect(card.getByLabel('Y axis')).toHaveValue('signups')
  await expect(card.getByLabel('Cumulative')).not.toBeChecked()

  await card.getByRole('button', { name: 'Table' }).click()
  await expect(card.getByRole('gridcell', { name: 'wed' })).toBeVisible()
})
