import { expect, type Page, test } from '@playwright/test'
import { signUpWithProject } from './support/project-session'

const SLUG = 'hello-e2e'

async function anonKeyOf(page: Page, ref: string) {
  const keys = (await (await page.request.get(`/v1/projects/${ref}/api-keys`)).json()) as {
    name: string
    api_key: string
  }[]
  return keys.find((key) => key.name === 'anon')?.api_key ?? ''
}

/** Replaces the function code (CodeMirror's content is a textbox named after the entrypoint). */
async function typeCode(page: Page, code: string) {
  const editor = page.getByRole('textbox', { name: 'Code (index.ts)' })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Delete')
  await editor.fill(code)
}

test('deploy an edge function from the API docs, redeploy it, open its details and call it', async ({ page }) => {
  test.setTimeout(240_000)
  const { ref } = await signUpWithProject(page, 'edge-functions')
  const anonKey = await anonKeyOf(page, ref)

  await page.goto(`/project/${ref}`)
  await page.getByTestId('api-docs-button').click()
  const modal = page.getByTestId('api-docs-modal')
  await modal.getByTestId('api-docs-section-edge-functions').click()
  const content = modal.getByTestId('api-docs-content')
  await expect(content).toContainText('No edge functions deployed yet')

  // first deploy: the template (Deno.serve hello world), entrypoint index.ts, JWT verification on
  const form = content.getByTestId('deploy-function-form')
  await expect(form.getByRole('textbox', { name: 'Code (index.ts)' })).toContainText('Deno.serve')
  await form.getByTestId('deploy-function-name').fill(SLUG)
  await form.getByTestId('deploy-function-button').click()
  const deployed = form.getByTestId('deployed-function')
  await expect(deployed).toContainText('version 1')
  const url = (await deployed.getByTestId('deployed-function-url').textContent()) ?? ''
  expect(url).toBe(`http://127.0.0.1:${new URL(page.url()).port}/p/${ref}/functions/v1/${SLUG}`)
  await expect(deployed.getByTestId('deployed-function-cli')).toContainText(
    `/v1/projects/${ref}/functions/${SLUG}/body`,
  )
  await expect(deployed.getByTestId('deployed-function-cli')).toContainText('curl -H "Authorization: Bearer')

  // the live URL answers with the function's own JSON; without a JWT it is refused
  const live = await page.request.post(url, { headers: { authorization: `Bearer ${anonKey}` }, data: { name: 'E2E' } })
  expect(live.status()).toBe(200)
  expect(await live.json()).toEqual({ message: 'Hello E2E!' })
  expect((await page.request.post(url, { data: {} })).status()).toBe(401)

  // the function is listed in the docs' navigation, with its URL and snippets
  await modal.getByTestId(`api-docs-item-${SLUG}`).click()
  await expect(content.getByTestId('api-docs-edge-function-url')).toHaveText(url)
  await expect(content.getByTestId('api-docs-snippet').first()).toContainText(`functions.invoke('${SLUG}'`)

  // a redeploy over the existing function asks first: cancel keeps version 1, replace makes version 2
  await modal.getByTestId('api-docs-section-edge-functions').click()
  await form.getByTestId('deploy-function-name').fill(SLUG)
  await typeCode(page, 'Deno.serve(() => new Response("v2 says hi"))')
  await form.getByTestId('deploy-function-button').click()
  const replace = page.getByTestId('replace-function-dialog')
  await expect(replace).toContainText(`A function named ${SLUG} already exists`)
  await replace.getByRole('button', { name: 'Cancel' }).click()
  await expect(replace).toBeHidden()
  const stillOne = (await (await page.request.get(`/v1/projects/${ref}/functions/${SLUG}`)).json()) as {
    version: number
  }
  expect(stillOne.version).toBe(1)
  await form.getByTestId('deploy-function-button').click()
  await replace.getByRole('button', { name: 'Replace function' }).click()
  await expect(form.getByTestId('deployed-function')).toContainText('version 2')
  const redeployed = await page.request.get(url, { headers: { authorization: `Bearer ${anonKey}` } })
  expect(await redeployed.text()).toBe('v2 says hi')

  // the functions list and the details page
  await page.goto(`/project/${ref}/functions`)
  const row = page.getByTestId(`edge-function-row-${SLUG}`)
  await expect(row).toContainText(`/p/${ref}/functions/v1/${SLUG}`)
  await row.getByRole('link', { name: SLUG }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/functions/${SLUG}/details$`))
  const details = page.getByTestId('edge-function-details')
  await expect(details.getByTestId('edge-function-url')).toHaveText(url)
  await expect(details.getByTestId('edge-function-version')).toHaveText('2')
  await expect(details.getByTestId('edge-function-verify-jwt')).toHaveText('On')
  await expect(details.getByTestId('edge-function-snippet-bash')).toContainText(anonKey)

  // delete with type-to-confirm: back to an empty list, and the URL stops answering
  await details.getByTestId('delete-function-button').click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox').fill(SLUG)
  await dialog.getByRole('button', { name: 'Delete function' }).click()
  await expect(page.getByTestId('edge-functions-empty')).toBeVisible()
  expect((await page.request.get(url, { headers: { authorization: `Bearer ${anonKey}` } })).status()).toBe(404)
})

test("a project's functions get network access to a private address from the functions page", async ({ page }) => {
  test.setTimeout(120_000)
  const { ref } = await signUpWithProject(page, 'functions-network')
  await page.goto(`/project/${ref}/functions`)
  const section = page.getByTestId('network-access')
  await expect(section).toContainText('Loopback, private and link-local addresses are blocked')
  const input = section.getByTestId('network-access-input')
  await expect(input).toHaveValue('')

  // a wrong entry is refused with the rule; nothing is saved
  await input.fill('10.0.0.0/4')
  await section.getByTestId('network-access-save').click()
  await expect(page.getByText(/Failed to save network access: .*IPv4 range of \/8 or narrower/)).toBeVisible()

  await input.fill('10.0.0.5\n  DB.internal  \n')
  await section.getByTestId('network-access-save').click()
  await expect(page.getByText('Network access saved: running functions use it from their next call')).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('network-access-input')).toHaveValue('10.0.0.5\ndb.internal')
  const saved = await (await page.request.get(`/platform/projects/${ref}/edge-functions/network`)).json()
  expect(saved).toEqual({ allow: ['10.0.0.5', 'db.internal'] })
})
