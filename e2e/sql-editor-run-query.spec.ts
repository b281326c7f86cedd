import { expect, test } from '@playwright/test'
import { signUpWithProject, typeSql } from './support/project-session'

test('a user writes and runs queries: rows, a confirmation before writes, a bound @set parameter', async ({ page }) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'sql-run')

  await page.goto(`/project/${ref}/sql`)
  await expect(page.getByTestId('templates-picker')).toBeVisible()
  await page.getByTestId('landing-new-query').click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/sql/[0-9a-f-]{36}$`))

  // a read runs at once (Ctrl/Cmd+Enter) and its rows show in the grid
  await typeSql(page, "select 40 + 2 as answer, 'pgfleet' as name, null as nothing")
  await page.keyboard.press('ControlOrMeta+Enter')
  const grid = page.getByTestId('results-grid')
  await expect(grid.getByRole('gridcell', { name: 'pgfleet' })).toBeVisible()
  await expect(grid.getByRole('gridcell', { name: '42' })).toBeVisible()
  await expect(grid.getByRole('gridcell', { name: 'NULL' })).toBeVisible()
  await expect(page.getByTestId('row-limit-notice')).toHaveCount(0)

  // with a selection, only the selection runs
  await typeSql(page, 'select 7 as picked;\nselect 8 as skipped;')
  await page.keyboard.press('ControlOrMeta+Home')
  await page.keyboard.press('Shift+End')
  await page.getByRole('button', { name: 'Run selected' }).click()
  await expect(grid.getByRole('columnheader', { name: /picked/ })).toBeVisible()
  await expect(page.getByRole('tab')).toHaveCount(0)

  // writes ask first; Cancel runs nothing
  await typeSql(page, 'create table e2e_items (id int primary key, label text)')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const confirm = page.getByTestId('run-confirm-dialog')
  await expect(confirm.getByRole('heading', { name: 'This query contains write operations.' })).toBeVisible()
  // it removes nothing: the plain question, no warning about removing something
  await expect(confirm).toContainText('Are you sure you want to execute it?')
  await expect(confirm).not.toContainText('Make sure you are not accidentally removing something important.')
  await expect(confirm.getByTestId('destructive-statements')).toHaveCount(0)
  await confirm.getByRole('button', { name: 'Run' }).click()
  await expect(page.getByTestId('no-rows-message')).toHaveText('Success. No rows returned.')

  await typeSql(page, "insert into e2e_items values (1, 'one'), (2, 'two')")
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await confirm.getByRole('button', { name: 'Run' }).click()
  await expect(page.getByTestId('no-rows-message')).toBeVisible()

  // completion knows the new table: creating it refreshed the cached table list
  await typeSql(page, 'select * from ')
  await page.keyboard.press('ControlOrMeta+End')
  await page.keyboard.type('e2e_it', { delay: 50 })
  await expect(page.locator('.cm-tooltip-autocomplete')).toContainText('e2e_items')
  await page.keyboard.press('Escape')

  // a DELETE shows the destructive confirmation and names the statement; cancelling keeps the rows
  await typeSql(page, 'delete from e2e_items where id = 1')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(confirm.getByRole('heading', { name: 'This query contains write operations.' })).toBeVisible()
  await expect(confirm).toContainText('Make sure you are not accidentally removing something important.')
  await expect(confirm).not.toContainText('Are you sure you want to execute it?')
  await expect(confirm.getByTestId('destructive-statements')).toHaveText('delete from e2e_items where id = 1')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()

  // a DELETE without WHERE and a DROP behind a `--` inside a string: each destructive statement is listed
  await typeSql(page, "select '--' as dashes;\ndelete from e2e_items;\ndrop table e2e_items")
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(confirm).toContainText('Make sure you are not accidentally removing something important.')
  await expect(confirm.getByTestId('destructive-statements').getByRole('listitem')).toHaveText([
    'delete from e2e_items',
    'drop table e2e_items',
  ])
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await typeSql(page, 'select count(*) as total from e2e_items')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(grid.getByRole('gridcell', { name: '2', exact: true })).toBeVisible()

  // a @set parameter becomes a field; its value is bound, so a quote needs no escaping
  await typeSql(page, "@set who = Ann\nselect :who as greeting, :who || '!' as shout")
  const parameters = page.getByTestId('parameters-bar')
  const who = parameters.getByLabel(':who')
  await expect(who).toHaveValue('Ann')
  await who.fill("O'Brien")
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(grid.getByRole('gridcell', { name: "O'Brien!" })).toBeVisible()
  await expect(grid.getByRole('gridcell', { name: "O'Brien", exact: true })).toBeVisible()

  // the row limit says so only when rows were cut off; several result sets get tabs
  // generate_series only reads: it runs without a confirmation
  await typeSql(page, 'select n from generate_series(1, 150) as n')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.getByTestId('row-limit-notice')).toHaveText('Limited to only 100 rows')
  await expect(confirm).toBeHidden()
  // a leading comment keeps the SQL as written, yet the row limit still cut the rows: the same notice
  await typeSql(page, '-- the first rows\nselect n from generate_series(1, 150) as n')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.getByTestId('row-limit-notice')).toHaveText('Limited to only 100 rows')
  await expect(page.getByTestId('server-cap-notice')).toHaveCount(0)
  await typeSql(page, 'select 1 as first; select 2 as second')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.getByRole('tab', { name: /Result 1/ })).toBeVisible()
  await page.getByRole('tab', { name: /Result 2/ }).click()
  await expect(grid.getByRole('columnheader', { name: /second/ })).toBeVisible()

  // a result exports as CSV, streamed by the platform
  await typeSql(page, 'select id, label from e2e_items order by id')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(grid.getByRole('gridcell', { name: 'two' })).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV', exact: true }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('query-result.csv')
  const csv = await new Response((await file.createReadStream()) as unknown as ReadableStream).text()
  expect(csv.trim().split(/\r?\n/)).toEqual(['id,label', '1,one', '2,two'])

  // a long query can be cancelled
  await typeSql(page, 'select pg_sleep(30)')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(confirm.getByRole('heading', { name: 'This query involves running a function.' })).toBeVisible()
  await confirm.getByRole('button', { name: 'Run' }).click()
  await page.getByTestId('cancel-query').click()
  await expect(page.getByTestId('query-error-title')).toContainText('canceling statement due to user request')

  // an error shows its first line as the title
  await typeSql(page, 'select * from no_such_table')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.getByTestId('query-error-title')).toContainText('relation "no_such_table" does not exist')
})
