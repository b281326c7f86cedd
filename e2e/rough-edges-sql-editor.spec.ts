import { expect, type Page, test } from '@playwright/test'
import { signUpWithProject, typeSql } from './support/project-session'

const run = (page: Page) => page.getByRole('button', { name: 'Run', exact: true }).click()

/** Whether a cell shows all of its text (no ellipsis): its content fits its box. */
const fitsWhole = (page: Page, text: string) =>
  page
    .getByTestId('results-grid')
    .getByRole('gridcell', { name: text, exact: true })
    .evaluate((cell) => {
      const box = cell as unknown as { scrollWidth: number; clientWidth: number }
      return box.scrollWidth <= box.clientWidth
    })

test('SQL editor rough edges: widths, failed batches, confirmations, quotes, CSV booleans, narrow screens', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const { ref } = await signUpWithProject(page, 'rough-sql')
  await page.goto(`/project/${ref}/sql`)
  await page.getByTestId('landing-new-query').click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/sql/[0-9a-f-]{36}$`))
  const grid = page.getByTestId('results-grid')
  const confirm = page.getByTestId('run-confirm-dialog')

  await test.step('the grid sizes columns to dates and md5 hashes, and a column can be dragged wider', async () => {
    await typeSql(
      page,
      "select date '2026-11-26' as d, md5('pgfleet') as h, timestamptz '2026-11-26 12:52:05.184645+00' as ts",
    )
    await run(page)
    await expect(grid.getByRole('gridcell', { name: '2026-11-26', exact: true })).toBeVisible()
    expect(await fitsWhole(page, '2026-11-26')).toBe(true)
    const hash = (await grid.getByRole('gridcell').nth(1).textContent()) ?? ''
    expect(hash).toMatch(/^[0-9a-f]{32}$/)
    expect(await fitsWhole(page, hash)).toBe(true)

    const header = grid.getByRole('columnheader', { name: /^d/ })
    const before = await header.boundingBox()
    if (!before) throw new Error('the date column has no header')
    const y = before.y + before.height / 2
    await page.mouse.move(before.x + before.width - 3, y)
    await page.mouse.down()
    await page.mouse.move(before.x + before.width + 80, y, { steps: 8 })
    await page.mouse.up()
    await expect.poll(async () => (await header.boundingBox())?.width ?? 0).toBeGreaterThan(before.width + 60)
  })

  await test.step('a batch whose last statement fails keeps the earlier result tabs, then the error', async () => {
    await typeSql(page, 'select 1 as first;\nselect 2 as second;\nselect 1/0 as boom')
    await run(page)
    const tabs = page.getByRole('tablist', { name: 'Result sets' }).getByRole('tab')
    await expect(tabs).toHaveText([/^Result 1/, /^Result 2/, 'Error'])
    await expect(page.getByRole('tab', { name: 'Error' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByTestId('query-error-title')).toHaveText('division by zero')
    await page.getByRole('tab', { name: /^Result 2/ }).click()
    await expect(grid.getByRole('columnheader', { name: /second/ })).toBeVisible()
    await expect(grid.getByRole('gridcell', { name: '2', exact: true })).toBeVisible()
  })

  await test.step('read-only functions run without asking; a typo shows its parse error; writes still ask', async () => {
    await typeSql(page, 'select now() is not null as has_time')
    await run(page)
    await expect(grid.getByRole('columnheader', { name: /has_time/ })).toBeVisible()
    await expect(confirm).toBeHidden()

    await typeSql(page, 'select n from generate_series(1, 3) as n')
    await run(page)
    await expect(grid.getByRole('gridcell', { name: '3', exact: true })).toBeVisible()
    await expect(confirm).toBeHidden()

    // not in the built-in list, but the project's catalog says it only reads
    await typeSql(page, 'select pg_encoding_to_char(6) as encoding')
    await run(page)
    await expect(grid.getByRole('gridcell', { name: 'UTF8' })).toBeVisible()
    await expect(confirm).toBeHidden()

    await typeSql(page, 'selec 1')
    await run(page)
    await expect(confirm).toBeHidden()
    await expect(page.getByTestId('query-error-title')).toHaveText('syntax error at or near "selec"')
    await expect(page.getByTestId('query-error-details')).toHaveText(
      'ERROR:  42601: syntax error at or near "selec"\nLINE 1: selec 1\n        ^',
    )

    // a function that is not known to only read still asks
    await typeSql(page, 'select pg_sleep(0)')
    await run(page)
    await expect(confirm.getByRole('heading', { name: 'This query involves running a function.' })).toBeVisible()
    await confirm.getByRole('button', { name: 'Cancel' }).click()

    // and so does every destructive statement
    await typeSql(page, 'create table rough_items (id int);\ndrop table rough_items')
    await run(page)
    await expect(confirm.getByRole('heading', { name: 'This query contains write operations.' })).toBeVisible()
    await expect(confirm).toContainText('Make sure you are not accidentally removing something important.')
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await expect(confirm).toBeHidden()
  })

  await test.step('an apostrophe typed inside a string is escaped, so the rest of the SQL stays SQL', async () => {
    await typeSql(page, "select 'OBrien' as name, 2 as two")
    const editor = page.getByRole('textbox', { name: 'SQL' }).first()
    await editor.press('ControlOrMeta+Home')
    for (let i = 0; i < "select 'O".length; i++) await editor.press('ArrowRight')
    await page.keyboard.type("'")
    await expect(editor).toHaveText("select 'O''Brien' as name, 2 as two")
    // `as` is its own token twice over: after the string, the text is highlighted as SQL again
    await expect(editor.locator('span', { hasText: /^as$/ })).toHaveCount(2)
    // typing the second apostrophe yourself adds nothing
    await page.keyboard.type("'")
    await expect(editor).toHaveText("select 'O''Brien' as name, 2 as two")
    await run(page)
    await expect(grid.getByRole('gridcell', { name: "O'Brien", exact: true })).toBeVisible()

    await typeSql(page, "select E'it\\'s' as e, $q$it's$q$ as d, 'it''s' as s")
    await expect(editor.locator('span', { hasText: /^as$/ })).toHaveCount(3)
    await run(page)
    await expect(grid.getByRole('gridcell', { name: "it's", exact: true })).toHaveCount(3)
  })

  await test.step('CSV export writes booleans as the grid shows them', async () => {
    await typeSql(page, 'select true as yes, false as no')
    await run(page)
    await expect(grid.getByRole('gridcell', { name: 'false', exact: true })).toBeVisible()
    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Export CSV', exact: true }).click()
    const file = await download
    const csv = await new Response((await file.createReadStream()) as unknown as ReadableStream).text()
    expect(csv).toBe('yes,no\r\ntrue,false\r\n')
  })

  await test.step('at 390 px the queries, the editor and the results stack', async () => {
    await page.setViewportSize({ width: 390, height: 844 })
    const sidebar = await page.getByTestId('snippets-sidebar').boundingBox()
    const code = await page.getByTestId('sql-code-editor').boundingBox()
    const results = await page.getByTestId('results-panel').boundingBox()
    if (!sidebar || !code || !results) throw new Error('a panel of the SQL editor is not shown')
    expect(sidebar.y + sidebar.height).toBeLessThanOrEqual(code.y)
    expect(code.y + code.height).toBeLessThanOrEqual(results.y + 1)
    expect(code.width).toBeGreaterThan(340)
    expect(code.height).toBeGreaterThan(200)
    expect(results.width).toBeGreaterThan(340)
  })
})
