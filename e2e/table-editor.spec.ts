import { readFile } from 'node:fs/promises'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { NO_PRIMARY_KEY_MESSAGE } from '../packages/contracts/src/table-editor.constants'
import { E2E_PASSWORD, send, signUpWithProject } from './support/project-session'

/** The grid's scrolling element, as the page sees it (the test code has no DOM types). */
type Scrollable = { scrollTo(options: { top: number }): void; scrollHeight: number }

const ROWS = 1_000_000

test.describe.configure({ mode: 'serial' })

let ref = ''
let ownerEmail = ''

async function sql(page: Page, query: string): Promise<unknown[][]> {
  const answer = await send(page, 'POST', `/platform/pg-meta/${ref}/query`, { query })
  expect(answer.status(), await answer.text()).toBe(200)
  const body = (await answer.json()) as { results: { rows: unknown[][] }[] }
  return body.results[body.results.length - 1]?.rows ?? []
}

const grid = (page: Page) => page.getByTestId('rows-grid')
/** The data rows in view (the header row is the first row of the grid). */
const dataRow = (page: Page, index: number) =>
  grid(page)
    .getByRole('row')
    .nth(index + 1)

async function openTable(page: Page, name: string) {
  await page.goto(`/project/${ref}/editor`)
  await page.getByTestId(`table-link-${name}`).click()
  await expect(page.getByTestId('table-title')).toHaveText(`public.${name}`)
}

async function applyFilter(page: Page, column: string, operator: string, value: string) {
  await page.getByRole('button', { name: 'Add filter' }).click()
  const row = page.getByTestId('filter-row').last()
  await row.getByRole('combobox', { name: 'Column' }).selectOption(column)
  await row.getByRole('combobox', { name: 'Operator' }).selectOption(operator)
  await row.getByRole('textbox', { name: 'Value' }).fill(value)
  await page.getByRole('button', { name: 'Apply filters' }).click()
}

async function editCell(page: Page, rowIndex: number, column: string, value: string) {
  const cell = dataRow(page, rowIndex)
    .getByRole('gridcell')
    .nth(columnIndex[column] ?? 0)
  await cell.dblclick()
  const dialog = page.getByTestId('edit-cell-dialog')
  await expect(dialog).toBeVisible()
  await dialog.getByRole('textbox', { name: column }).fill(value)
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toHaveCount(0)
}

/** Grid cell positions of the big table's columns; the selection checkbox comes first. */
const columnIndex: Record<string, number> = { id: 1, name: 2, score: 3, flag: 4 }

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000)
  const page = await browser.newPage()
  const session = await signUpWithProject(page, 'table-editor')
  ref = session.ref
  ownerEmail = session.email
  await sql(
    page,
    `create table big (id bigint primary key, name text not null, score int, flag boolean not null default false,
       created_at timestamptz not null default now());
     insert into big (id, name, score, flag) select g, 'name ' || g, g % 1000, g % 2 = 0 from generate_series(1, ${ROWS}) g;
     analyze big;
     create table no_key (a int, b text);
     insert into no_key select g, 'b' || g from generate_series(1, 50) g;`,
  )
  await page.close()
})

/** A fresh browser context signed in as `email`. */
async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/sign-in')
  const login = await page.request.post('/platform/auth/login', { data: { email, password: E2E_PASSWORD } })
  expect(login.ok(), await login.text()).toBe(true)
  return { context, page }
}

test('a 1,000,000-row table: open, page, sort, filter, edit, insert, delete, undo', async ({ browser }) => {
  test.setTimeout(180_000)
  const { context, page } = await signedIn(browser, ownerEmail)

  // the table editor is in the product menu
  await page.goto(`/project/${ref}`)
  await page.getByTestId('product-menu-editor').click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/editor$`))

  // open: the first rows by key and the count labelled as an estimate
  await page.getByTestId('table-link-big').click()
  await expect(dataRow(page, 0).getByRole('gridcell').nth(1)).toHaveText('1')
  await expect(page.getByTestId('row-count')).toHaveText(/^About [\d,]+ rows \(estimate\)$/)
  await expect(page.getByTestId('rows-loaded')).toHaveText('100 loaded')

  // page: scrolling to the end of the loaded rows reads the next page (keyset, after id 100)
  await grid(page).evaluate((element) => {
    const box = element as unknown as Scrollable
    box.scrollTo({ top: box.scrollHeight })
  })
  await expect(page.getByTestId('rows-loaded')).toHaveText('200 loaded')
  await grid(page).evaluate((element) => {
    const box = element as unknown as Scrollable
    box.scrollTo({ top: box.scrollHeight })
  })
  await expect(page.getByTestId('rows-loaded')).toHaveText('300 loaded')

  // sort: up by score (ties by key), then down
  await page.getByTestId('column-header-score').click()
  await expect(dataRow(page, 0).getByRole('gridcell').nth(1)).toHaveText('1000')
  await expect(dataRow(page, 1).getByRole('gridcell').nth(1)).toHaveText('2000')
  await page.getByTestId('column-header-score').click()
  await expect(dataRow(page, 0).getByRole('gridcell').nth(1)).toHaveText('999999')
  await expect(dataRow(page, 0).getByRole('gridcell').nth(3)).toHaveText('999')
  // a third click goes back to key order
  await page.getByTestId('column-header-score').click()
  await expect(dataRow(page, 0).getByRole('gridcell').nth(1)).toHaveText('1')

  // filter: a value list, counted exactly once it is small
  await applyFilter(page, 'id', 'in', '5, 700000, 999999')
  await expect(page.getByTestId('rows-loaded')).toHaveText('3 loaded')
  await expect(page.getByTestId('row-count')).toHaveText('3 rows')
  await expect(dataRow(page, 1).getByRole('gridcell').nth(2)).toHaveText('name 700000')

  // export the filtered rows as CSV, through a single-use download
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV', exact: true }).click()
  const csv = await readFile((await (await download).path()) ?? '', 'utf8')
  const lines = csv.trim().split(/\r?\n/)
  expect(lines[0]).toBe('id,name,score,flag,created_at')
  expect(lines.slice(1).map((line) => line.split(',').slice(0, 4).join(','))).toEqual([
    '5,name 5,5,false',
    '700000,name 700000,0,true',
    '999999,name 999999,999,false',
  ])

  // edit a cell, then undo by editing it back
  await editCell(page, 1, 'name', "O'Brien edited")
  await expect(dataRow(page, 1).getByRole('gridcell').nth(2)).toHaveText("O'Brien edited")
  expect(await sql(page, 'select name from big where id = 700000')).toEqual([["O'Brien edited"]])
  await editCell(page, 1, 'name', 'name 700000')
  await expect(dataRow(page, 1).getByRole('gridcell').nth(2)).toHaveText('name 700000')
  expect(await sql(page, 'select name from big where id = 700000')).toEqual([['name 700000']])
  await page.getByRole('button', { name: 'Clear filters' }).click()
  await expect(page.getByTestId('rows-loaded')).toHaveText('100 loaded')

  // insert: the panel shows the defaults; only id and name are given
  await page.getByRole('button', { name: 'Insert row' }).click()
  const panel = page.getByTestId('insert-row-panel')
  await expect(panel.getByTestId('insert-column-created_at')).toContainText('Default: now()')
  await panel.getByRole('textbox', { name: 'id' }).fill(String(ROWS + 1))
  await panel.getByRole('textbox', { name: 'name' }).fill('inserted row')
  await panel.getByRole('button', { name: 'Insert row' }).click()
  await expect(panel).toHaveCount(0)
  await applyFilter(page, 'id', 'gt', String(ROWS))
  await expect(page.getByTestId('rows-loaded')).toHaveText('1 loaded')
  await expect(dataRow(page, 0).getByRole('gridcell').nth(2)).toHaveText('inserted row')
  await expect(dataRow(page, 0).getByRole('gridcell').nth(4)).toHaveText('false')

  // delete the selected row after confirmation
  await dataRow(page, 0).getByRole('checkbox').check()
  await page.getByRole('button', { name: 'Delete 1 row' }).click()
  await page.getByTestId('delete-rows-dialog').getByRole('button', { name: 'Delete 1 row' }).click()
  await expect(page.getByTestId('rows-loaded')).toHaveText('0 loaded')
  expect(await sql(page, `select count(*) from big where id > ${ROWS}`)).toEqual([['0']])
  await context.close()
})

test('a table without a primary key is read-only and says why', async ({ browser }) => {
  const { context, page } = await signedIn(browser, ownerEmail)
  await openTable(page, 'no_key')
  await expect(page.getByTestId('no-primary-key-notice')).toHaveText(NO_PRIMARY_KEY_MESSAGE)
  await expect(page.getByTestId('rows-loaded')).toHaveText('50 loaded')
  await expect(page.getByRole('button', { name: 'Insert row' })).toHaveCount(0)
  await expect(grid(page).getByRole('checkbox')).toHaveCount(0)
  await dataRow(page, 0).getByRole('gridcell').first().dblclick()
  await expect(page.getByTestId('edit-cell-dialog')).toHaveCount(0)
  // sorting still pages by position
  await page.getByTestId('column-header-a').click()
  await page.getByTestId('column-header-a').click()
  await expect(dataRow(page, 0).getByRole('gridcell').first()).toHaveText('50')
  await context.close()
})

test('a Read-only member sees the rows without write controls, and the server refuses their writes', async ({
  browser,
}) => {
  const owner = await signedIn(browser, ownerEmail)
  const readerEmail = `e2e-table-reader-${Date.now()}@example.com`
  const reader = await browser.newContext()
  const readerPage = await reader.newPage()
  await readerPage.goto('/sign-in')
  const signup = await readerPage.request.post('/platform/auth/signup', {
    data: { email: readerEmail, password: E2E_PASSWORD },
  })
  expect(signup.status(), await signup.text()).toBe(201)
  const [organization] = (await (await owner.page.request.get('/platform/organizations')).json()) as { slug: string }[]
  const added = await send(owner.page, 'POST', `/platform/organizations/${organization?.slug}/members`, {
    email: readerEmail,
    role_name: 'Read-only',
  })
  expect(added.ok(), await added.text()).toBe(true)

  await readerPage.goto(`/project/${ref}/editor`)
  await readerPage.getByTestId('table-link-big').click()
  await expect(dataRow(readerPage, 0).getByRole('gridcell').first()).toHaveText('1')
  await expect(readerPage.getByTestId('read-only-notice')).toBeVisible()
  await expect(readerPage.getByRole('button', { name: 'Insert row' })).toHaveCount(0)
  await expect(grid(readerPage).getByRole('checkbox')).toHaveCount(0)
  await dataRow(readerPage, 0).getByRole('gridcell').nth(1).dblclick()
  await expect(readerPage.getByTestId('edit-cell-dialog')).toHaveCount(0)

  const [[tableId]] = (await sql(owner.page, "select 'big'::regclass::oid::int")) as [[number]]
  const refused = await send(readerPage, 'PATCH', `/platform/pg-meta/${ref}/tables/${tableId}/rows`, {
    key: { id: '1' },
    values: { name: 'hacked' },
  })
  expect(refused.status()).toBe(403)
  expect(await sql(owner.page, 'select name from big where id = 1')).toEqual([['name 1']])
  await owner.context.close()
  await reader.close()
})
