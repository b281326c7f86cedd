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

test('storage browser: rename and move a folder with everything in it, then a resumable upload paused and resumed', async ({
  page,
}) => {
  test.setTimeout(240_000)
  const { ref } = await signUpWithProject(page, 'storage-folders')
  expect((await send(page, 'POST', `/platform/storage/${ref}/buckets`, { name: 'media' })).status()).toBe(201)
  for (const name of ['photos/2024/a.txt', 'photos/2024/b.txt', 'photos/c.txt', 'archive/keep.txt']) {
    const uploaded = await page.request.post(
      `/platform/storage/${ref}/buckets/media/objects/upload?path=${encodeURIComponent(name)}`,
      { headers: await csrfHeaders(page), data: Buffer.from(name), failOnStatusCode: false },
    )
    expect(uploaded.status(), await uploaded.text()).toBe(200)
  }
  await page.goto(`/project/${ref}/storage/buckets/media`)
  const root = page.getByTestId('folder-column-(root)')

  // rename photos to pictures: a dry run counts what moves, the confirmation moves it
  await root.getByRole('checkbox', { name: 'Select photos' }).check()
  await page.getByTestId('rename-folder').click()
  const dialog = page.getByTestId('folder-move-dialog')
  await dialog.getByTestId('folder-move-target').fill('pictures')
  await dialog.getByTestId('folder-move-next').click()
  await expect(dialog.getByTestId('folder-move-summary')).toHaveText('Move 3 objects from photos/ to pictures/?')
  await dialog.getByTestId('folder-move-confirm').click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Moved 3 objects to pictures/')).toBeVisible()
  await expect(root.getByTestId('entry-pictures')).toBeVisible()
  await expect(root.getByTestId('entry-photos')).toHaveCount(0)

  // move pictures into archive, which already has a file: it merges
  await root.getByRole('checkbox', { name: 'Select pictures' }).check()
  await page.getByTestId('move-folder').click()
  await dialog.getByTestId('folder-move-target').fill('archive')
  await dialog.getByTestId('folder-move-next').click()
  await dialog.getByTestId('folder-move-confirm').click()
  await expect(dialog).toBeHidden()
  await root.getByTestId('entry-archive').getByRole('button').click()
  const archive = page.getByTestId('folder-column-archive')
  await expect(archive.getByTestId('entry-keep.txt')).toBeVisible()
  await archive.getByTestId('entry-pictures').getByRole('button').click()
  await page.getByTestId('folder-column-archive/pictures').getByTestId('entry-2024').getByRole('button').click()
  await expect(page.getByTestId('folder-column-archive/pictures/2024').getByTestId('entry-b.txt')).toBeVisible()

  // a clash is refused whole, saying which object stopped it
  expect(
    (
      await page.request.post(`/platform/storage/${ref}/buckets/media/objects/upload?path=clash%2Fkeep.txt`, {
        headers: await csrfHeaders(page),
        data: Buffer.from('x'),
      })
    ).status(),
  ).toBe(200)
  await page.reload()
  await root.getByRole('checkbox', { name: 'Select archive' }).check()
  await page.getByTestId('rename-folder').click()
  await dialog.getByTestId('folder-move-target').fill('clash')
  await dialog.getByTestId('folder-move-next').click()
  await expect(dialog.getByTestId('folder-move-blocked')).toContainText('Nothing can be moved: 1 of 4 objects')
  await expect(dialog.getByTestId('folder-move-conflicts')).toContainText('An object already exists at clash/keep.txt')
  await dialog.getByRole('button', { name: 'Close', exact: true }).first().click()
  await root.getByRole('checkbox', { name: 'Select archive' }).uncheck()
  // uploads go to the deepest open folder: back to the top level
  await page.goto(`/project/${ref}/storage/buckets/media`)

  // a file over 6 MB goes up resumably: paused part way, then resumed to the end
  const cdp = await throttleUploads(page, 1024 * 1024)
  const video = Buffer.alloc(8 * 1024 * 1024, 3)
  await page.getByTestId('upload-input').setInputFiles([{ name: 'video.mp4', mimeType: 'video/mp4', buffer: video }])
  const panel = page.getByTestId('upload-panel')
  const bar = panel.getByRole('progressbar', { name: 'Upload of video.mp4' })
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 30_000 }).toBeGreaterThan(5)
  await panel.getByRole('button', { name: 'Pause upload of video.mp4' }).click()
  await expect(panel.getByTestId('upload-item')).toHaveAttribute('data-status', 'paused')
  await expect(panel.getByTestId('upload-item')).toContainText('Paused at')
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await panel.getByRole('button', { name: 'Resume upload of video.mp4' }).click()
  await expect(panel.getByTestId('upload-item')).toHaveAttribute('data-status', 'done', { timeout: 60_000 })
  await expect(root.getByTestId('entry-video.mp4')).toBeVisible()
  const listed = await send(page, 'POST', `/platform/storage/${ref}/buckets/media/objects/list`, {})
  const entries = ((await listed.json()) as { entries: { name: string; metadata: { size: number } | null }[] }).entries
  expect(entries.find((entry) => entry.name === 'video.mp4')?.metadata?.size).toBe(video.length)
})

/** The headers the dashboard sends with a write (CSRF from the session's cookie, same origin), for a raw upload. */
async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const cookies = await page.context().cookies()
  const csrf = cookies.find((cookie) => cookie.name === 'csrf')?.value ?? ''
  return { 'x-csrf-token': csrf, origin: new URL(page.url()).origin, 'content-type': 'text/plain' }
}
