import { SNIPPET_SAVE_FORBIDDEN_NOTICE } from '@pgfleet/contracts'
import { expect, type Page, test } from '@playwright/test'
import { E2E_PASSWORD, send, signUpWithProject, typeSql } from './support/project-session'

/** Reads a Playwright download as text. */
async function downloadText(page: Page, click: () => Promise<void>) {
  const download = page.waitForEvent('download')
  await click()
  const file = await download
  return {
    name: file.suggestedFilename(),
    url: file.url(),
    text: await new Response((await file.createReadStream()) as unknown as ReadableStream).text(),
  }
}

test('a string cell opens in a dialog that renders it as Markdown', async ({ page }) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'cell-markdown')
  await page.goto(`/project/${ref}/sql`)
  await page.getByTestId('landing-new-query').click()
  await typeSql(page, "select E'# Release notes\\n\\nNow with **bold** text' as notes, 7 as n")
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  const grid = page.getByTestId('results-grid')
  const cell = grid.getByRole('gridcell', { name: /Release notes/ })
  await expect(cell).toBeVisible()

  await cell.dblclick()
  const dialog = page.getByTestId('cell-view-dialog')
  await expect(dialog.getByRole('heading', { name: 'notes (text)' })).toBeVisible()
  // as written first
  await expect(dialog.getByTestId('cell-value')).toContainText('# Release notes')
  await expect(dialog.getByTestId('cell-value')).toContainText('**bold**')
  await expect(dialog.getByRole('button', { name: 'View' })).toHaveAttribute('aria-pressed', 'true')

  await dialog.getByRole('button', { name: 'Markdown' }).click()
  await expect(dialog.getByRole('button', { name: 'Markdown' })).toHaveAttribute('aria-pressed', 'true')
  await expect(dialog.getByRole('heading', { name: 'Release notes', level: 1 })).toBeVisible()
  await expect(dialog.locator('strong')).toHaveText('bold')
  await expect(dialog.getByTestId('cell-value')).toHaveCount(0)

  // back to the text as written
  await dialog.getByRole('button', { name: 'View' }).click()
  await expect(dialog.getByTestId('cell-value')).toContainText('# Release notes')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // a number has no Markdown toggle
  await grid.getByRole('gridcell', { name: '7', exact: true }).dblclick()
  await expect(page.getByTestId('cell-view-dialog').getByRole('button', { name: 'Markdown' })).toHaveCount(0)
})

test('a member without create on user_content is told queries will not be saved, and still reads and exports', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'no-save-owner')
  const organizations = (await (await page.request.get('/platform/organizations')).json()) as { slug: string }[]
  const slug = organizations[0]?.slug ?? ''
  const created = await send(page, 'POST', `/platform/pg-meta/${ref}/query`, {
    query: "create table public.notes as select g as id, 'note ' || g as body from generate_series(1, 3) g",
  })
  expect(created.status(), await created.text()).toBe(200)

  // a Read-only member of the organization (the role without create on user_content)
  const readerEmail = `e2e-no-save-reader-${Date.now()}@example.com`
  const readerContext = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const reader = await readerContext.newPage()
  await reader.goto('/sign-in')
  const signup = await reader.request.post('/platform/auth/signup', {
    data: { email: readerEmail, password: E2E_PASSWORD },
  })
  expect(signup.status(), await signup.text()).toBe(201)
  const added = await send(page, 'POST', `/platform/organizations/${slug}/members`, {
    email: readerEmail,
    role_name: 'Read-only',
  })
  expect(added.status(), await added.text()).toBeLessThan(300)

  try {
    await reader.goto(`/project/${ref}/sql`)
    await reader.getByTestId('landing-new-query').click()
    await expect(reader).toHaveURL(new RegExp(`/project/${ref}/sql/[0-9a-f-]{36}$`))
    await expect(reader.getByTestId('snippet-save-forbidden')).toHaveText(SNIPPET_SAVE_FORBIDDEN_NOTICE)
    await expect(
      reader.getByText('Your queries will not be saved as you do not have sufficient permissions'),
    ).toBeVisible()

    // reading still works, on the read-only path, and so does exporting through a download link
    await typeSql(reader, 'select id, body from public.notes order by id')
    await reader.getByRole('button', { name: 'Run', exact: true }).click()
    await expect(reader.getByTestId('results-grid').getByRole('gridcell', { name: 'note 3' })).toBeVisible()
    const csv = await downloadText(reader, () =>
      reader.getByRole('button', { name: 'Export CSV', exact: true }).click(),
    )
    expect(csv.name).toBe('query-result.csv')
    expect(csv.text.split('\r\n')[0]).toBe('id,body')
    expect(csv.text.trim().split('\r\n')).toHaveLength(4)
    const json = await downloadText(reader, () => reader.getByRole('button', { name: 'Export JSON' }).click())
    expect(JSON.parse(json.text)).toEqual([
      { id: 1, body: 'note 1' },
      { id: 2, body: 'note 2' },
      { id: 3, body: 'note 3' },
    ])

    // nothing was saved for them
    const listed = (await (await reader.request.get(`/platform/projects/${ref}/content`)).json()) as { total: number }
    expect(listed.total).toBe(0)
  } finally {
    await readerContext.close()
  }
})

test('Export CSV downloads the whole result from a server link, header first', async ({ page }) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'export-link')
  await page.goto(`/project/${ref}/sql`)
  await page.getByTestId('landing-new-query').click()
  // 1,000 rows: more than the editor shows (100), all of them in the file
  await typeSql(page, 'select n, n * n as square from generate_series(1, 1000) as n')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.getByTestId('row-limit-notice')).toHaveText('Limited to only 100 rows')

  const exportUrls: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/query/export'))
      exportUrls.push(`${request.method()} ${new URL(request.url()).pathname}`)
  })
  const csv = await downloadText(page, () => page.getByRole('button', { name: 'Export CSV', exact: true }).click())
  const lines = csv.text.trim().split('\r\n')
  expect(lines[0]).toBe('n,square')
  expect(lines).toHaveLength(1001)
  expect(lines.at(-1)).toBe('1000,1000000')
  // the page only asked for a link; the browser itself downloaded the file from it
  expect(exportUrls).toEqual([`POST /platform/pg-meta/${ref}/query/export-url`])
  expect(new URL(csv.url).pathname).toMatch(new RegExp(`^/platform/pg-meta/${ref}/query/export/[\\w-]{43}$`))

  // an export that cannot run says why in the page instead of starting a broken download
  const made = await send(page, 'POST', `/platform/pg-meta/${ref}/query`, { query: 'create table doomed (id int)' })
  expect(made.status(), await made.text()).toBe(200)
  await typeSql(page, 'select id from doomed')
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.getByTestId('no-rows-message')).toBeVisible()
  const dropped = await send(page, 'POST', `/platform/pg-meta/${ref}/query`, { query: 'drop table doomed' })
  expect(dropped.status(), await dropped.text()).toBe(200)
  let downloads = 0
  page.on('download', () => downloads++)
  await page.getByRole('button', { name: 'Export CSV', exact: true }).click()
  await expect(page.getByText('relation "doomed" does not exist')).toBeVisible()
  expect(downloads).toBe(0)
})

test('a run that never reaches the database says so in a toast, and the text is kept', async ({ page }) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'run-offline')
  await page.goto(`/project/${ref}/sql`)
  await page.getByTestId('landing-new-query').click()
  await typeSql(page, 'select 42 as answer')
  // the platform is unreachable for this one request: the browser reports a network failure
  await page.route(`**/platform/pg-meta/${ref}/query`, (route) => route.abort('connectionrefused'))
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.getByText(/^Failed to execute SQL: /)).toBeVisible()
  await page.unroute(`**/platform/pg-meta/${ref}/query`)

  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(page.getByTestId('results-grid').getByRole('gridcell', { name: '42', exact: true })).toBeVisible()
})
