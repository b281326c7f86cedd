import { randomUUID } from 'node:crypto'
import { DEFAULT_CHART_CONFIG } from '@pgfleet/contracts'
import { expect, type Page, test } from '@playwright/test'
import { send, signUpWithProject, typeSql } from './support/project-session'

// A read can write through code the SQL does not show: a view's query, a domain's CHECK. A report's cards run by
// themselves, so they must never write; in the editor, such a "read" asks first, like any write.

const SETUP = `
create table audit_log (id serial primary key);
create function log_read() returns int language sql volatile as $$ insert into audit_log default values returning 1 $$;
create view audited_view as select log_read() as logged;
create domain guarded_int as int check (log_read() = 1);
`

async function sql(page: Page, ref: string, query: string) {
  const answer = await send(page, 'POST', `/platform/pg-meta/${ref}/query`, { query })
  expect(answer.status(), await answer.text()).toBe(200)
  return (await answer.json()) as { results: { rows: unknown[][] }[] }
}

const auditRows = async (page: Page, ref: string) =>
  Number((await sql(page, ref, 'select count(*) from audit_log')).results[0]?.rows[0]?.[0])

const card = (title: string, query: string, position: number) => ({
  id: randomUUID(),
  title,
  snippet_id: null,
  sql: query,
  chart: DEFAULT_CHART_CONFIG,
  position,
})

test('reads that write through a view or a domain: a report never runs them, the editor asks first', async ({
  page,
}) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'hidden-writes')
  await sql(page, ref, SETUP)

  const reportId = randomUUID()
  const created = await send(page, 'PUT', `/platform/projects/${ref}/content/${reportId}`, {
    name: 'Innocent report',
    type: 'report',
    content: {
      layout: [
        card('From a view', 'select * from audited_view', 0),
        card('Through a domain', 'select 5::guarded_int as checked', 1),
        card('Answer', 'select 42 as answer', 2),
      ],
    },
  })
  expect(created.status(), await created.text()).toBe(201)

  const viewRun = page.waitForResponse(
    (response) =>
      response.url().endsWith(`/platform/pg-meta/${ref}/query`) &&
      (response.request().postData() ?? '').includes('audited_view'),
  )
  await page.goto(`/project/${ref}/reports/${reportId}`)
  await viewRun
  await expect(page.getByTestId('report-cards').getByRole('gridcell', { name: '42' })).toBeVisible()
  expect(await auditRows(page, ref)).toBe(0)

  // in the editor the view's write is found by running it read-only, and the user is asked before it runs again
  await page.goto(`/project/${ref}/sql`)
  await page.getByTestId('landing-new-query').click()
  const confirm = page.getByTestId('run-confirm-dialog')
  await typeSql(page, 'select * from audited_view')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(confirm.getByRole('heading', { name: 'This query contains write operations.' })).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  expect(await auditRows(page, ref)).toBe(0)

  // a cast to a project's type asks before running
  await typeSql(page, 'select 5::guarded_int as checked')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(confirm.getByRole('heading', { name: 'This query involves running a function.' })).toBeVisible()
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  expect(await auditRows(page, ref)).toBe(0)

  // confirmed, it runs and writes
  await typeSql(page, 'select * from audited_view')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await confirm.getByRole('button', { name: 'Run' }).click()
  await expect(page.getByTestId('results-grid').getByRole('gridcell', { name: '1' })).toBeVisible()
  expect(await auditRows(page, ref)).toBe(1)
})
