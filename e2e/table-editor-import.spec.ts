import { mkdtempSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { E2E_PASSWORD, send, signUpWithProject } from './support/project-session'

const ROWS = 100_000

test.describe.configure({ mode: 'serial' })

let ref = ''
let ownerEmail = ''
const files = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-e2e-csv-'))

async function sql(page: Page, query: string): Promise<unknown[][]> {
  const answer = await send(page, 'POST', `/platform/pg-meta/${ref}/query`, { query })
  expect(answer.status(), await answer.text()).toBe(200)
  const body = (await answer.json()) as { results: { rows: unknown[][] }[] }
  return body.results[body.results.length - 1]?.rows ?? []
}

async function signedIn(browser: Browser, email: string) {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/sign-in')
  const login = await page.request.post('/platform/auth/login', { data: { email, password: E2E_PASSWORD } })
  expect(login.ok(), await login.text()).toBe(true)
  return { context, page }
}

async function openTable(page: Page, name: string) {
  await page.goto(`/project/${ref}/editor`)
  await page.getByTestId(`table-link-${name}`).click()
  await expect(page.getByTestId('table-title')).toHaveText(`public.${name}`)
}

function csvFile(name: string, text: string): string {
  const file = path.join(files, name)
  writeFileSync(file, text)
  return file
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(240_000)
  const page = await browser.newPage()
  const session = await signUpWithProject(page, 'table-import')
  ref = session.ref
  ownerEmail = session.email
  await sql(
    page,
    `create table scores (id bigint primary key, player text not null, points int, played_on date,
       created_at timestamptz not null default now());`,
  )
  await page.close()
})

test('imports 100,000 rows from a CSV file: preview, mapping, progress, all rows in', async ({ browser }) => {
  test.setTimeout(180_000)
  const { context, page } = await signedIn(browser, ownerEmail)
  const lines = Array.from(
    { length: ROWS },
    (_, i) => `${i + 1},"player ${i}, the ${i % 3}rd",${i % 500},2024-0${1 + (i % 9)}-1${i % 10}`,
  )
  const file = csvFile('scores.csv', `ID,Player,Points,Played On,ignored\n${lines.map((l) => `${l},x`).join('\n')}\n`)

  await openTable(page, 'scores')
  await page.getByRole('button', { name: 'Import CSV' }).click()
  const panel = page.getByTestId('import-csv-panel')
  await panel.getByLabel('CSV file').setInputFiles(file)

  // the header's names map onto the table's columns; an unknown one is skipped until chosen
  await expect(panel.getByRole('combobox', { name: 'Table column for ID' })).toHaveValue('id')
  await expect(panel.getByRole('combobox', { name: 'Table column for Player' })).toHaveValue('player')
  await expect(panel.getByRole('combobox', { name: 'Table column for Points' })).toHaveValue('points')
  await expect(panel.getByRole('combobox', { name: 'Table column for Played On' })).toHaveValue('')
  await expect(panel.getByRole('combobox', { name: 'Table column for ignored' })).toHaveValue('')
  await panel.getByRole('combobox', { name: 'Table column for Played On' }).selectOption('played_on')
  await expect(panel.getByTestId('import-preview-summary')).toContainText('The first 200 rows pass the type checks')
  await expect(panel.getByTestId('import-preview').getByRole('row')).toHaveCount(21)
  await expect(panel.getByTestId('import-preview').getByRole('row').nth(1)).toContainText('player 0, the 0rd')

  // a wrong mapping shows the cells that would be refused before anything is sent
  await panel.getByRole('combobox', { name: 'Table column for Player' }).selectOption('points')
  await panel.getByRole('combobox', { name: 'Table column for Points' }).selectOption('')
  await expect(panel.getByTestId('import-preview-summary')).toContainText('would be refused')
  await expect(panel.getByTestId('import-problems')).toContainText(
    'Row 1, Player: "player 0, the 0rd" is not a whole number',
  )
  await expect(panel.locator('[data-problem="true"]').first()).toBeVisible()
  await expect(panel.getByText('player cannot be NULL and has no default')).toBeVisible()
  await panel.getByRole('combobox', { name: 'Table column for Player' }).selectOption('player')
  await panel.getByRole('combobox', { name: 'Table column for Points' }).selectOption('points')
  await expect(panel.getByTestId('import-preview-summary')).toContainText('pass the type checks')

  const started = Date.now()
  await panel.getByRole('button', { name: 'Import CSV', exact: true }).click()
  await expect(page.getByText('Imported 100,000 rows')).toBeVisible({ timeout: 60_000 })
  console.log(`100,000-row CSV import in the browser: ${Date.now() - started} ms from the click to the toast`)
  await expect(panel).toHaveCount(0)
  expect(await sql(page, 'select count(*)::int, sum(points)::int, max(played_on)::text from scores')).toEqual([
    [ROWS, lines.reduce((sum, _, i) => sum + (i % 500), 0), '2024-09-19'],
  ])
  // the grid reads the table again, and the estimate knows of the new rows (the import refreshes the statistics)
  await expect(page.getByTestId('row-count')).toHaveText(/^About (99|100),\d{3} rows/)
  await context.close()
})

test('a refused row names its row number and leaves the table as it was', async ({ browser }) => {
  const { context, page } = await signedIn(browser, ownerEmail)
  const before = await sql(page, 'select count(*)::int from scores')
  const rows = Array.from({ length: 1000 }, (_, i) => `${200_000 + i},p${i},${i}`)
  rows[41] = `${200_041},p41,forty-one`
  const file = csvFile('bad.csv', `id,player,points\n${rows.join('\n')}\n`)

  await openTable(page, 'scores')
  await page.getByRole('button', { name: 'Import CSV' }).click()
  const panel = page.getByTestId('import-csv-panel')
  await panel.getByLabel('CSV file').setInputFiles(file)
  await expect(panel.getByTestId('import-problems')).toContainText('Row 42, points: "forty-one" is not a whole number')
  await panel.getByRole('button', { name: 'Import anyway' }).click()
  const error = panel.getByTestId('import-error')
  await expect(error).toContainText('Row 42 was refused: nothing was imported')
  await expect(error).toContainText('Row 42 (column points): invalid input syntax for type integer: "forty-one"')
  expect(await sql(page, 'select count(*)::int from scores')).toEqual(before)
  await context.close()
})

test('a file that is not UTF-8 is refused with its row and column; the panel keeps the file and the mapping', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, ownerEmail)
  const before = await sql(page, 'select count(*)::int from scores')
  // Latin-1, as a spreadsheet saves "CSV" in many locales: é is the single byte 0xE9
  const file = path.join(files, 'latin1.csv')
  writeFileSync(file, Buffer.from('id,player,points\n300000,Zoé,1\n', 'latin1'))

  await openTable(page, 'scores')
  await page.getByRole('button', { name: 'Import CSV' }).click()
  const panel = page.getByTestId('import-csv-panel')
  await panel.getByLabel('CSV file').setInputFiles(file)
  await expect(panel.getByTestId('import-encoding-error')).toContainText(
    'Row 1, column 2 (player): the file is not valid UTF-8 here (byte 0xE9).',
  )
  await expect(panel.getByRole('button', { name: 'Import CSV', exact: true })).toBeDisabled()
  await expect(panel.getByRole('combobox', { name: 'Table column for player' })).toHaveValue('player')
  expect(await sql(page, 'select count(*)::int from scores')).toEqual(before)
  await context.close()
})

test('creates a table with a foreign key in the side panel, its SQL shown first, then changes it', async ({
  browser,
}) => {
  const { context, page } = await signedIn(browser, ownerEmail)
  await page.goto(`/project/${ref}/editor`)
  await page.getByRole('button', { name: 'New table' }).click()
  const designer = page.getByTestId('table-designer')
  await designer.getByLabel('Table name').fill('entries')
  await designer.getByRole('button', { name: 'Add column' }).click()
  await designer.getByRole('textbox', { name: 'Name of column 3' }).fill('score_id')
  await designer.getByRole('combobox', { name: 'Type of score_id' }).fill('int8')
  await designer.getByRole('checkbox', { name: 'Nullable: score_id' }).uncheck()
  await designer
    .getByRole('combobox', { name: 'Foreign key of score_id' })
    .selectOption({ label: '→ public.scores.id' })
  await expect(designer.getByTestId('designer-sql')).toHaveText(
    [
      'create table "public"."entries" (',
      '  "id" int8 primary key,',
      '  "created_at" timestamptz default now() not null,',
      '  "score_id" int8 not null references "public"."scores" ("id")',
      ');',
      'alter table "public"."entries" enable row level security;',
    ].join('\n'),
  )
  await designer.getByRole('button', { name: 'Create table' }).click()
  await expect(page.getByTestId('table-title')).toHaveText('public.entries')
  await expect(page.getByTestId('table-link-entries')).toBeVisible()
  expect(
    await sql(
      page,
      `select confrelid::regclass::text from pg_constraint where conrelid = 'entries'::regclass and contype = 'f'`,
    ),
  ).toEqual([['scores']])

  // change it: a new column, RLS off; the SQL is shown before it runs
  await page.getByRole('button', { name: 'Edit table' }).click()
  await designer.getByRole('button', { name: 'Add column' }).click()
  await designer.getByRole('textbox', { name: 'Name of column 4' }).fill('note')
  await designer.getByRole('checkbox', { name: 'Row level security' }).uncheck()
  await expect(designer.getByTestId('designer-sql')).toHaveText(
    [
      'alter table "public"."entries" add column "note" text;',
      'alter table "public"."entries" disable row level security;',
    ].join('\n'),
  )
  await designer.getByRole('button', { name: 'Save changes' }).click()
  await expect(designer).toHaveCount(0)
  await expect(page.getByTestId('rows-grid').getByRole('columnheader', { name: /note/ })).toBeVisible()
  expect(await sql(page, `select relrowsecurity from pg_class where relname = 'entries'`)).toEqual([[false]])

  // the foreign key of an existing column: dropped, then added again, each with its SQL shown first
  const foreignKeys = `select conname::text from pg_constraint where conrelid = 'entries'::regclass and contype = 'f'`
  await page.getByRole('button', { name: 'Edit table' }).click()
  const scoreKey = designer.getByRole('combobox', { name: 'Foreign key of score_id' })
  await expect(scoreKey).toHaveValue(JSON.stringify(['public', 'scores', 'id']))
  await scoreKey.selectOption({ label: 'No foreign key' })
  await expect(designer.getByTestId('designer-sql')).toHaveText(
    'alter table "public"."entries" drop constraint "entries_score_id_fkey";',
  )
  await designer.getByRole('button', { name: 'Save changes' }).click()
  await expect(designer).toHaveCount(0)
  expect(await sql(page, foreignKeys)).toEqual([])
  await page.getByRole('button', { name: 'Edit table' }).click()
  await scoreKey.selectOption({ label: '→ public.scores.id' })
  await expect(designer.getByTestId('designer-sql')).toHaveText(
    'alter table "public"."entries" add foreign key ("score_id") references "public"."scores" ("id");',
  )
  await designer.getByRole('button', { name: 'Save changes' }).click()
  await expect(designer).toHaveCount(0)
  expect(await sql(page, foreignKeys)).toEqual([['entries_score_id_fkey']])
  await context.close()
})

test('a foreign-key cell opens a picker that searches the referenced table and sets the value', async ({ browser }) => {
  const { context, page } = await signedIn(browser, ownerEmail)
  await sql(page, 'insert into entries (id, score_id) values (1, 1)')
  await openTable(page, 'entries')
  // id, created_at, score_id, note after the selection checkbox
  await page.getByTestId('rows-grid').getByRole('row').nth(1).getByRole('gridcell').nth(3).dblclick()
  const dialog = page.getByTestId('edit-cell-dialog')
  const picker = dialog.getByTestId('foreign-key-picker')
  await expect(picker.getByRole('button').first()).toContainText('1')
  await expect(picker.getByRole('button').first()).toContainText('player 0, the 0rd')
  await picker.getByRole('searchbox', { name: 'Referenced rows' }).fill('player 4242,')
  await expect(picker.getByRole('list').getByRole('button')).toHaveCount(1)
  await picker.getByRole('button', { name: /4243\s*player 4242, the 0rd/ }).click()
  await expect(dialog.getByRole('textbox', { name: 'score_id' })).toHaveValue('4243')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toHaveCount(0)
  expect(await sql(page, 'select score_id::int from entries where id = 1')).toEqual([[4243]])
  await context.close()
})

test('a Read-only member gets no import control, and the server refuses their import', async ({ browser }) => {
  const owner = await signedIn(browser, ownerEmail)
  const readerEmail = `e2e-import-reader-${Date.now()}@example.com`
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

  await openTable(readerPage, 'scores')
  await expect(readerPage.getByTestId('read-only-notice')).toBeVisible()
  await expect(readerPage.getByRole('button', { name: 'Import CSV' })).toHaveCount(0)
  await expect(readerPage.getByRole('button', { name: 'Edit table' })).toHaveCount(0)
  await expect(readerPage.getByRole('button', { name: 'New table' })).toHaveCount(0)

  const [[tableId]] = (await sql(owner.page, "select 'scores'::regclass::oid::int")) as [[number]]
  const cookies = await reader.cookies()
  const csrf = cookies.find((cookie) => cookie.name === 'csrf')?.value ?? ''
  const columns = encodeURIComponent(JSON.stringify(['id', 'player']))
  const refused = await readerPage.request.post(
    `/platform/pg-meta/${ref}/tables/${tableId}/rows/import?columns=${columns}`,
    {
      headers: { 'content-type': 'text/csv', 'x-csrf-token': csrf, origin: new URL(readerPage.url()).origin },
      data: 'id,player\n999999,sneaky\n',
    },
  )
  expect(refused.status()).toBe(403)
  expect(await sql(owner.page, 'select count(*)::int from scores where id = 999999')).toEqual([[0]])
  await owner.context.close()
  await reader.close()
})
