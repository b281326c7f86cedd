import { expect, test } from '@playwright/test'
import { signUpWithProject } from './support/project-session'

/**
 * A signed-in member's browser opens a project's function on the platform's own origin (as a link from another site
 * would: a top-level navigation carries SameSite=Lax cookies) and calls it from a dashboard page. The function echoes
 * the headers it received and tries to set cookies: it never sees the session or csrf cookie nor the CSRF header,
 * and none of its cookies is stored for the dashboard.
 */
const ECHO = `Deno.serve((request) => {
  const headers = new Headers({ 'content-type': 'application/json' })
  headers.append('set-cookie', 'planted=1; Path=/')
  headers.append('set-cookie', 'pgfleet_session=chosen-by-the-tenant; Path=/')
  return new Response(JSON.stringify(Object.fromEntries(request.headers)), { headers })
})`

test("a function never sees the dashboard's cookies and cannot set any on it", async ({ page }) => {
  test.setTimeout(180_000)
  const { ref } = await signUpWithProject(page, 'function-cookies')
  const origin = new URL(page.url()).origin
  const before = await page.context().cookies()
  const session = before.find((cookie) => cookie.name.endsWith('pgfleet_session'))
  const csrf = before.find((cookie) => cookie.name === 'csrf')?.value ?? ''
  expect(session).toBeTruthy()

  const deployed = await page.request.post(`/v1/projects/${ref}/functions/deploy?slug=echo`, {
    headers: { 'x-csrf-token': csrf, origin },
    multipart: {
      metadata: JSON.stringify({ entrypoint_path: 'index.ts', name: 'echo', verify_jwt: false }),
      file: { name: 'index.ts', mimeType: 'application/typescript', buffer: Buffer.from(ECHO) },
    },
  })
  expect(deployed.status(), await deployed.text()).toBeLessThan(300)

  // opened as a page, the way a link from another site opens it
  const navigation = await page.goto(`/p/${ref}/functions/v1/echo`)
  const seenOnNavigation = (await navigation?.json()) as Record<string, string>
  expect(seenOnNavigation['user-agent']).toBeTruthy()
  expect(seenOnNavigation.cookie).toBeUndefined()

  // called by a script of the dashboard, with credentials and the CSRF header
  await page.goto(`/project/${ref}`)
  const seenByFetch = await page.evaluate(
    async ({ url, token }) => {
      const response = await fetch(url, { credentials: 'include', headers: { 'x-csrf-token': token } })
      return (await response.json()) as Record<string, string>
    },
    { url: `/p/${ref}/functions/v1/echo`, token: csrf },
  )
  expect(seenByFetch['user-agent']).toBeTruthy()
  expect(seenByFetch.cookie).toBeUndefined()
  expect(seenByFetch['x-csrf-token']).toBeUndefined()

  // nothing the function set was stored for the dashboard, and the member is still signed in as before
  const after = await page.context().cookies()
  expect(after.map((cookie) => cookie.name)).not.toContain('planted')
  expect(after.find((cookie) => cookie.name === session?.name)?.value).toBe(session?.value)
  expect((await page.request.get('/platform/profile')).status()).toBe(200)
})
