import { expect, type Page, test } from '@playwright/test'
import { send, signUpWithProject } from './support/project-session'

/** Upload throughput while the uploads run: slow enough that a progress bar is seen between 0 and 100 %. */
const THROTTLED_UPLOAD_BYTES_PER_S = 256 * 1024

async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  })
  return cdp
}

test('storage browser: upload three files with progress, preview one, move one to a folder, delete one', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const { ref } = await signUpWithProject(page, 'storage-browser')
  const created = await send(page, 'POST', `/platform/storage/${ref}/buckets`, { name: 'files' })
  expect(created.status(), await created.text()).toBe(201)

  // the buckets page opens the bucket's browser
  await page.goto(`/project/${ref}/storage/buckets`)
  await page.getByTestId('bucket-row-files').getByTestId('bucket-open').click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/storage/buckets/files$`))
  await expect(page.getByTestId('empty-folder')).toHaveText('This folder is empty')

  // three files through the picker; the big one is sent slowly so its bar is seen part way
  const cdp = await throttleUploads(page, THROTTLED_UPLOAD_BYTES_PER_S)
  await page.getByTestId('upload-input').setInputFiles([
    { name: 'config.json', mimeType: 'application/json', buffer: Buffer.from('{"name":"pgfleet","tags":["a","b"]}') },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('remember the milk') },
    { name: 'big.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(1024 * 1024, 7) },
  ])
  const panel = page.getByTestId('upload-panel')
  await expect(panel.getByTestId('upload-item')).toHaveCount(3)
  const bigBar = panel.getByRole('progressbar', { name: 'Upload of big.bin' })
  await expect
    .poll(async () => Number(await bigBar.getAttribute('aria-valuenow')), { timeout: 20_000, intervals: [50] })
    .toBeGreaterThan(0)
  const partWay = Number(await bigBar.getAttribute('aria-valuenow'))
  expect(partWay).toBeLessThan(100)
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await expect(panel.locator('[data-testid="upload-item"][data-status="done"]')).toHaveCount(3, { timeout: 60_000 })
  for (const name of ['config.json', 'notes.txt', 'big.bin']) {
    await expect(panel.getByRole('progressbar', { name: `Upload of ${name}` })).toHaveAttribute('aria-valuenow', '100')
    await expect(page.getByTestId(`entry-${name}`)).toBeVisible()
  }

  // preview: JSON is shown pretty-printed in the side panel, with the object's size
  await page.getByTestId('entry-config.json').getByRole('button').click()
  const preview = page.getByTestId('preview-panel')
  await expect(preview.getByTestId('text-preview')).toHaveText(
    JSON.stringify({ name: 'pgfleet', tags: ['a', 'b'] }, null, 2),
  )
  await expect(preview.getByTestId('preview-size')).toHaveText('35 B')
  await preview.getByRole('button', { name: 'Close preview' }).click()

  // a new folder, then move notes.txt into it through the selection
  await page.getByTestId('new-folder-button').click()
  await page.getByTestId('new-folder-name').fill('archive')
  await page.getByTestId('new-folder-create').click()
  await expect(page.getByTestId('folder-column-archive')).toBeVisible()
  await expect(page.getByTestId('folder-column-archive').getByTestId('empty-folder')).toBeVisible()
  const root = page.getByTestId('folder-column-(root)')
  await root.getByRole('checkbox', { name: 'Select notes.txt' }).check()
  await page.getByTestId('move-selected').click()
  await page.getByTestId('move-target').fill('archive')
  await page.getByTestId('move-confirm').click()
  await expect(page.getByTestId('move-dialog')).toBeHidden()
  await expect(root.getByTestId('entry-notes.txt')).toHaveCount(0)
  await expect(page.getByTestId('folder-column-archive').getByTestId('entry-notes.txt')).toBeVisible()

  // delete big.bin after confirming
  await root.getByRole('checkbox', { name: 'Select big.bin' }).check()
  await page.getByTestId('delete-selected').click()
  const confirm = page.getByTestId('delete-objects-dialog')
  await expect(confirm).toContainText('Delete big.bin?')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(confirm).toBeHidden()
  await expect(root.getByTestId('entry-big.bin')).toHaveCount(0)

  // what the browser shows is what the bucket holds
  const listed = await send(page, 'POST', `/platform/storage/${ref}/buckets/files/objects/list`, {})
  const names = ((await listed.json()) as { entries: { name: string }[] }).entries.map((entry) => entry.name)
  expect(names).toEqual(['archive', 'config.json'])
})
