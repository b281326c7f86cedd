import { statSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { send, signUpWithProject } from './support/project-session'

/** Runs SQL through the platform's SQL API as the signed-in owner. */
async function sql(page: import('@playwright/test').Page, ref: string, query: string) {
  const answer = await send(page, 'POST', `/platform/pg-meta/${ref}/query`, { query })
  expect(answer.status(), await answer.text()).toBe(200)
  return (await answer.json()) as unknown
}

test('scheduled backups: back up now, download, change the schedule, and restore a backup in place', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const { ref } = await signUpWithProject(page, 'backups')
  await sql(
    page,
    ref,
    "create table public.e2e_notes (id int primary key, body text); insert into public.e2e_notes values (1, 'kept')",
  )

  await page.goto(`/project/${ref}/database/backups/scheduled`)
  await expect(page).toHaveTitle(/^Scheduled backups \| /)
  const panel = page.getByTestId('backup-schedule')
  await expect(panel.getByTestId('backup-last')).toContainText('None yet')
  await expect(page.getByTestId('no-backups')).toBeVisible()

  // a backup on demand: the page follows it and lists it when done
  await panel.getByTestId('backup-now').click()
  await expect(page.getByText('Backup started; it appears in the list when it is done')).toBeVisible()
  const rows = page.getByTestId('backup-row')
  await expect(rows).toHaveCount(1, { timeout: 60_000 })
  await expect(rows.first()).toContainText('Manual')
  await expect(rows.first().getByTestId('backup-status')).toHaveText('Completed')
  await expect(panel.getByTestId('backup-disk')).not.toContainText(/^0 B$/)
  await expect(panel.getByTestId('backup-last')).not.toContainText('None yet')

  // the archive downloads
  const download = page.waitForEvent('download')
  await rows.first().getByTestId('backup-download').click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(new RegExp(`^${ref}-manual-.*\\.tar\\.(zst|gz)$`))
  expect(statSync(await file.path()).size).toBeGreaterThan(1000)

  // the restore check restores the newest backup into a throwaway server and reads it; here the weekly schedule
  // starts one while the page still shows none: the refused click says so and the page follows that check
  const summary = panel.getByTestId('restore-check-summary')
  await expect(summary).toHaveText('Not checked yet')
  const started = await send(page, 'POST', `/platform/database/${ref}/backups/restore-check`)
  // 409: the platform's own scheduler got there first, which is the same case
  expect([202, 409], await started.text()).toContain(started.status())
  await panel.getByTestId('restore-check-now').click()
  await expect(page.getByText('A restore check of this project is already running')).toBeVisible()
  await expect(summary).toHaveAttribute('data-ok', 'true', { timeout: 60_000 })
  await expect(panel.getByTestId('restore-check-detail')).toContainText('tables')

  // with no check running, the button starts one and the page follows it to its result
  await panel.getByTestId('restore-check-now').click()
  await expect(summary).toHaveText('Checking the newest backup…')
  await expect(summary).toHaveAttribute('data-ok', 'true', { timeout: 60_000 })

  // the schedule is saved and kept
  await panel.getByLabel('Take a backup every').selectOption('6')
  await panel.getByLabel('Keep backups for').selectOption('3')
  await panel.getByTestId('backup-save-schedule').click()
  await expect(page.getByText('Backup schedule saved')).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('backup-schedule').getByLabel('Take a backup every')).toHaveValue('6')
  await expect(page.getByTestId('backup-schedule').getByLabel('Keep backups for')).toHaveValue('3')

  // a row written after the backup is gone once the backup is put back
  await sql(page, ref, "insert into public.e2e_notes values (2, 'lost')")
  await page.getByTestId('backup-row').first().getByTestId('backup-restore').click()
  const dialog = page.getByTestId('backup-restore-dialog')
  await expect(dialog).toContainText('every change made since it was taken is lost')
  await dialog.getByRole('button', { name: 'Restore this backup' }).click()
  await expect(page.getByRole('heading', { name: 'Restoration complete!' })).toBeVisible({ timeout: 90_000 })
  await page.getByRole('button', { name: 'Return to project' }).click()
  await expect(page.getByTestId('backup-schedule')).toBeVisible()
  const rowsAfter = (await sql(page, ref, 'select id, body from public.e2e_notes order by id')) as unknown[]
  expect(JSON.stringify(rowsAfter)).toContain('kept')
  expect(JSON.stringify(rowsAfter)).not.toContain('lost')
})
