import { expect, test } from '@playwright/test'
import { send, signUpWithProject } from './support/project-session'

/**
 * HTML a tenant serves from an edge function or a public bucket, opened on the platform's own origin by a
 * signed-in owner: its script must not read the csrf cookie nor act as the owner (here: create an access token).
 */
const STEAL = `<!doctype html><title>untouched</title><script>
document.title = 'ran:' + document.cookie
const csrf = (document.cookie.match(/csrf=([^;]+)/) || [])[1] || ''
fetch('/platform/profile/access-tokens', {
  method: 'POST', credentials: 'include',
  headers: { 'content-type': 'application/json', 'x-csrf-token': csrf },
  body: JSON.stringify({ name: 'stolen' }),
}).then((r) => { document.title = 'posted:' + r.status })
</script><h1 id="page">tenant page</h1>`

test('user HTML on the platform origin cannot read the csrf cookie or act as the signed-in owner', async ({ page }) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'user-content')
  const origin = new URL(page.url()).origin

  // a function answering the page
  const cookies = await page.context().cookies()
  const csrf = cookies.find((cookie) => cookie.name === 'csrf')?.value ?? ''
  const deployed = await page.request.post(`/v1/projects/${ref}/functions/deploy?slug=page`, {
    headers: { 'x-csrf-token': csrf, origin },
    multipart: {
      metadata: JSON.stringify({ entrypoint_path: 'index.ts', name: 'page', verify_jwt: false }),
      file: {
        name: 'index.ts',
        mimeType: 'application/typescript',
        buffer: Buffer.from(
          `Deno.serve(() => new Response(${JSON.stringify(STEAL)}, { headers: { 'content-type': 'text/html' } }))`,
        ),
      },
    },
  })
  expect(deployed.status(), await deployed.text()).toBeLessThan(300)

  // the same page as an object of a public bucket
  const keys = (await (await page.request.get(`/v1/projects/${ref}/api-keys`)).json()) as {
    name: string
    api_key: string
  }[]
  const serviceKey = keys.find((key) => key.name === 'service_role')?.api_key ?? ''
  const storage = `/p/${ref}/storage/v1`
  const asService = { apikey: serviceKey, authorization: `Bearer ${serviceKey}` }
  const bucket = await page.request.post(`${storage}/bucket`, {
    headers: asService,
    data: { name: 'site', public: true },
  })
  expect(bucket.status(), await bucket.text()).toBe(200)
  const uploaded = await page.request.post(`${storage}/object/site/index.html`, {
    headers: { ...asService, 'content-type': 'text/html' },
    data: STEAL,
  })
  expect(uploaded.status(), await uploaded.text()).toBe(200)

  // the function's page renders, but sandboxed: its script never runs
  await page.goto(`/p/${ref}/functions/v1/page`)
  await expect(page.locator('#page')).toHaveText('tenant page')
  await page.waitForTimeout(1_000)
  expect(await page.title()).toBe('untouched')

  // the bucket's page is not rendered at all on this origin: it downloads
  const download = page.waitForEvent('download')
  await page.goto(`${storage}/object/public/site/index.html`).catch(() => {})
  expect((await download).suggestedFilename()).toBe('index.html')

  // nothing was done in the owner's name
  await page.goto(`/project/${ref}`)
  const tokens = (await (await page.request.get('/platform/profile/access-tokens')).json()) as { name: string }[]
  expect(tokens.map((token) => token.name)).not.toContain('stolen')
  expect((await send(page, 'GET', '/platform/profile/access-tokens')).status()).toBe(200)
})
