import { expect, test } from '@playwright/test'
import { send, signUpWithProject } from './support/project-session'

test('storage buckets: create one from the storage page, then read it in the API docs', async ({ page }) => {
  test.setTimeout(240_000)
  const { ref } = await signUpWithProject(page, 'storage')

  // the storage page starts with an honest empty state
  await page.goto(`/project/${ref}/storage`)
  await expect(page.getByTestId('no-buckets')).toBeVisible()

  // create a public bucket that takes images only
  await page.getByTestId('new-bucket-button').click()
  const dialog = page.getByTestId('bucket-form-dialog')
  await dialog.getByTestId('bucket-name-input').fill('avatars')
  await dialog.getByTestId('bucket-public-toggle').check()
  await dialog.getByTestId('bucket-restrict-mime').check()
  await dialog.getByTestId('bucket-mime-input').fill('image/png, image/jpeg')
  await dialog.getByTestId('bucket-form-submit').click()
  await expect(dialog).toBeHidden()

  const row = page.getByTestId('bucket-row-avatars')
  await expect(row).toBeVisible()
  await expect(row.getByTestId('bucket-visibility')).toHaveText('Public')
  await expect(row.getByTestId('bucket-mime-types')).toHaveText('image/png, image/jpeg')
  await expect(row.getByTestId('bucket-size-limit')).toHaveText('No size limit')

  // the bucket works through the Storage API the docs describe: upload with the service key, read it publicly
  const keys = (await (await page.request.get(`/v1/projects/${ref}/api-keys`)).json()) as {
    name: string
    api_key: string
  }[]
  const serviceKey = keys.find((key) => key.name === 'service_role')?.api_key ?? ''
  const upload = await page.request.post(`/p/${ref}/storage/v1/object/avatars/team/logo.png`, {
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'image/png' },
    data: Buffer.from([0x89, 0x50, 0x4e, 0x47]),
  })
  expect(upload.status(), await upload.text()).toBe(200)
  const refused = await page.request.post(`/p/${ref}/storage/v1/object/avatars/notes.txt`, {
    headers: { apikey: serviceKey, authorization: `Bearer ${serviceKey}`, 'content-type': 'text/plain' },
    data: 'not an image',
  })
  expect(refused.status()).toBe(415)
  const publicFile = await page.request.get(`/p/${ref}/storage/v1/object/public/avatars/team/logo.png`)
  expect(publicFile.status()).toBe(200)
  expect(publicFile.headers()['content-type']).toBe('image/png')

  // the API docs list the bucket under Storage, with its badge, limits and snippets
  await page.getByTestId('api-docs-button').click()
  const modal = page.getByTestId('api-docs-modal')
  await modal.getByTestId('api-docs-section-storage').click()
  const content = modal.getByTestId('api-docs-content')
  await expect(content).toContainText('285 cities')
  await modal.getByTestId('api-docs-item-avatars').click()
  await expect(content.getByTestId('api-docs-bucket-visibility')).toHaveText('Public')
  await expect(content.getByTestId('api-docs-bucket-mime-types')).toHaveText('image/png, image/jpeg')
  await expect(content.getByTestId('api-docs-bucket-size-limit')).toHaveText('No size limit')
  await expect(content.getByTestId('api-docs-snippet').first()).toContainText(".from('avatars')")
  await expect(content).toContainText('.getPublicUrl(')

  // Bash snippets carry the project's real URL
  await modal.getByTestId('api-docs-language-bash').click()
  const origin = new URL(page.url()).origin
  await expect(content.getByTestId('api-docs-snippet').first()).toContainText(
    `${origin}/p/${ref}/storage/v1/object/avatars/folder/avatar1.png`,
  )
  await modal.getByTestId('api-docs-toggle-keys').click()
  const anonKey = keys.find((key) => key.name === 'anon')?.api_key ?? ''
  await expect(content.getByTestId('api-docs-snippet').first()).toContainText(anonKey)
  await page.keyboard.press('Escape')

  // edit: make it private with a size limit; delete is refused while it holds a file, then works once emptied
  await row.getByTestId('bucket-edit').click()
  await dialog.getByTestId('bucket-public-toggle').uncheck()
  await dialog.getByTestId('bucket-restrict-size').check()
  await dialog.getByTestId('bucket-size-input').fill('2')
  await dialog.getByTestId('bucket-size-unit').selectOption('MB')
  await dialog.getByTestId('bucket-form-submit').click()
  await expect(row.getByTestId('bucket-visibility')).toHaveText('Private')
  await expect(row.getByTestId('bucket-size-limit')).toHaveText('Up to 2 MB')

  await row.getByTestId('bucket-delete').click()
  const confirm = page.getByTestId('delete-bucket-dialog')
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(confirm.getByTestId('bucket-not-empty')).toBeVisible()
  await confirm.getByTestId('empty-bucket-button').click()
  await expect(confirm.getByTestId('bucket-not-empty')).toBeHidden()
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click()
  await expect(page.getByTestId('no-buckets')).toBeVisible()
  const listed = await send(page, 'GET', `/platform/storage/${ref}/buckets`)
  expect(await listed.json()).toEqual([])
})
