import { CSRF_COOKIE, SECURE_SESSION_COOKIE, SESSION_COOKIE } from '@pgfleet/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestPlatform, type TestPlatform } from '../../testing/harness'

/**
 * Under HTTPS (here: a public URL in https behind a TLS-terminating proxy) the session cookie is a `__Host-` cookie,
 * which browsers accept only from the dashboard's own host (Secure, Path=/, no Domain): a sibling host of the same
 * site cannot plant one. A plain `pgfleet_session` cookie, which such a host could plant, opens no session.
 */
let t: TestPlatform
let setCookies: string[] = []

beforeAll(async () => {
  t = await startTestPlatform({ PGFLEET_PUBLIC_URL: 'https://dashboard.example.test' })
  const response = await fetch(`${t.baseUrl}/platform/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'host-cookie@example.com', password: 'host-cookie-password' }),
  })
  expect(response.status, await response.text()).toBeLessThan(300)
  setCookies = response.headers.getSetCookie()
}, 120_000)
afterAll(async () => {
  await t?.destroy()
})

const cookieValue = (name: string) =>
  setCookies
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(';')[0]
    ?.slice(name.length + 1) ?? ''

describe('the session cookie under HTTPS', () => {
  it('is a __Host- cookie: Secure, Path=/, no Domain', () => {
    const session = setCookies.find((cookie) => cookie.startsWith(`${SECURE_SESSION_COOKIE}=`)) ?? ''
    expect(session).toMatch(/; Secure/i)
    expect(session).toMatch(/; Path=\/(;|$)/i)
    expect(session).not.toMatch(/Domain=/i)
    expect(setCookies.some((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`))).toBe(false)
    // the dashboard still reads the csrf cookie and echoes it
    expect(setCookies.find((cookie) => cookie.startsWith(`${CSRF_COOKIE}=`))).toMatch(/; Secure/i)
  })

  it('opens the session; the same token under the plain name does not', async () => {
    const token = cookieValue(SECURE_SESSION_COOKIE)
    const signedIn = await fetch(`${t.baseUrl}/platform/profile`, {
      headers: { cookie: `${SECURE_SESSION_COOKIE}=${token}` },
    })
    expect(signedIn.status).toBe(200)
    const planted = await fetch(`${t.baseUrl}/platform/profile`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } })
    expect(planted.status).toBe(401)
  })

  it('is cleared at sign-out under its own name', async () => {
    const token = cookieValue(SECURE_SESSION_COOKIE)
    const csrf = cookieValue(CSRF_COOKIE)
    const out = await fetch(`${t.baseUrl}/platform/auth/logout`, {
      method: 'POST',
      headers: { cookie: `${SECURE_SESSION_COOKIE}=${token}; ${CSRF_COOKIE}=${csrf}`, 'x-csrf-token': csrf },
    })
    expect(out.status).toBeLessThan(300)
    expect(out.headers.getSetCookie().some((cookie) => cookie.startsWith(`${SECURE_SESSION_COOKIE}=;`))).toBe(true)
    const after = await fetch(`${t.baseUrl}/platform/profile`, {
      headers: { cookie: `${SECURE_SESSION_COOKIE}=${token}` },
    })
    expect(after.status).toBe(401)
  })
})
