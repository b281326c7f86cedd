import type { Organization } from '@pgfleet/contracts'
import { afterEach, describe, expect, it } from 'vitest'
import {
  LOGIN_ACCOUNT_MAX_HOLD_MS,
  LOGIN_FREE_FAILURES_PER_ADDRESS,
  LOGIN_FREE_FAILURES_PER_PAIR,
  TOO_MANY_SIGN_INS_MESSAGE,
} from '../control/accounts/login-throttle'
import { INVALID_LOGIN_MESSAGE } from '../control/accounts/service'
import { SIGNUP_CLOSED_MESSAGE, SIGNUP_INVITE_ONLY_MESSAGE } from '../control/accounts/signup-policy'
import { TOO_MANY_SIGN_UPS_MESSAGE } from '../control/accounts/signup-throttle'
import { ApiClient, startTestPlatform, type TestPlatform } from '../testing/harness'

/** Guessing passwords, probing for emails, and signing up where sign-up is limited. */
let t: TestPlatform | undefined
afterEach(async () => {
  await t?.destroy()
  t = undefined
})

/** `forwardedFor`: the client address a reverse proxy would name (the test's own address is loopback). */
async function login(email: string, password: string, forwardedFor?: string) {
  const response = await fetch(`${t?.baseUrl}/platform/auth/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: t?.baseUrl ?? '',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ email, password }),
  })
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as { message?: string },
  }
}

async function signUp(email: string, forwardedFor?: string) {
  const response = await fetch(`${t?.baseUrl}/platform/auth/signup`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: t?.baseUrl ?? '',
      ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
    },
    body: JSON.stringify({ email, password: 'a-long-password' }),
  })
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as { message?: string },
  }
}

describe('sign-in', () => {
  it('slows one address guessing one account with growing delays, refused before the password is checked', async () => {
    t = await startTestPlatform()
    await new ApiClient(() => t?.baseUrl ?? '').post('/platform/auth/signup', {
      email: 'victim@example.com',
      password: 'the-right-password',
    })
    const answers = []
    for (let i = 0; i < 10; i++) answers.push(await login('victim@example.com', `guess-${i}`))
    expect(answers.slice(0, LOGIN_FREE_FAILURES_PER_PAIR).every((a) => a.status === 401)).toBe(true)
    const limited = answers.slice(LOGIN_FREE_FAILURES_PER_PAIR)
    expect(limited.every((a) => a.status === 429 && a.body.message === TOO_MANY_SIGN_INS_MESSAGE)).toBe(true)
    expect(limited[0]?.retryAfter).toBe('1')
    // within the delay the right password is refused like a wrong one; after it, the next guess doubles the delay
    expect((await login('Victim@Example.com', 'the-right-password')).status).toBe(429)
    await new Promise((resolve) => setTimeout(resolve, 1_100))
    expect((await login('victim@example.com', 'guess-again')).status).toBe(401)
    expect((await login('victim@example.com', 'guess-again')).retryAfter).toBe('2')
    await new Promise((resolve) => setTimeout(resolve, 2_100))
    expect((await login('victim@example.com', 'the-right-password')).status).toBe(200)
  }, 30_000)

  it('lets the owner in with the right password, after a bounded hold, while others guess from many addresses', async () => {
    t = await startTestPlatform({ PGFLEET_TRUSTED_PROXIES: '127.0.0.1' })
    await new ApiClient(() => t?.baseUrl ?? '').post('/platform/auth/signup', {
      email: 'owner@example.com',
      password: 'the-right-password',
    })
    // two waves of guesses from 15 addresses each (concurrent, so their holds overlap), 90 in all
    for (let wave = 0; wave < 2; wave++) {
      const guesses = []
      for (let i = 0; i < 45; i++)
        guesses.push(login('owner@example.com', `guess-${wave}-${i}`, `203.0.113.${(i % 15) + 15 * wave}`))
      const statuses = (await Promise.all(guesses)).map((a) => a.status)
      expect(statuses.every((s) => s === 401 || s === 429)).toBe(true)
    }
    const started = Date.now()
    const owner = await login('owner@example.com', 'the-right-password', '198.51.100.7')
    expect(owner.status).toBe(200)
    expect(Date.now() - started).toBeLessThan(LOGIN_ACCOUNT_MAX_HOLD_MS + 2_000)
  }, 60_000)

  it('limits one address guessing across many accounts', async () => {
    t = await startTestPlatform()
    const statuses = []
    for (let i = 0; i <= LOGIN_FREE_FAILURES_PER_ADDRESS; i++)
      statuses.push((await login(`u${i}@example.com`, 'x')).status)
    expect(statuses.slice(0, LOGIN_FREE_FAILURES_PER_ADDRESS).every((s) => s === 401)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })

  it('takes the client address from X-Forwarded-For only when a configured proxy sends it', async () => {
    // not configured: the header is the client's own claim and changes nothing
    t = await startTestPlatform()
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ADDRESS; i++) await login(`u${i}@example.com`, 'x', `203.0.113.${i}`)
    expect((await login('other@example.com', 'x', '198.51.100.7')).status).toBe(429)
    await t.destroy()

    // behind a configured proxy, one client guessing does not slow the proxy's other clients
    t = await startTestPlatform({ PGFLEET_TRUSTED_PROXIES: '10.9.9.9, 127.0.0.0/8' })
    for (let i = 0; i < LOGIN_FREE_FAILURES_PER_ADDRESS; i++) await login(`u${i}@example.com`, 'x', '203.0.113.1')
    expect((await login('other@example.com', 'x', '203.0.113.1')).status).toBe(429)
    expect((await login('other@example.com', 'x', '198.51.100.7')).status).toBe(401)
    // the address a proxy names is the one before the proxy's own hop
    expect((await login('other@example.com', 'x', '203.0.113.1, 10.9.9.9')).status).toBe(429)
  }, 60_000)

  it('answers an unknown email exactly like a wrong password', async () => {
    t = await startTestPlatform()
    await new ApiClient(() => t?.baseUrl ?? '').post('/platform/auth/signup', {
      email: 'known@example.com',
      password: 'known-password',
    })
    const unknown = await login('nobody@example.com', 'whatever-password')
    const wrong = await login('known@example.com', 'whatever-password')
    expect(unknown).toEqual(wrong)
    expect(wrong).toMatchObject({ status: 401, body: { message: INVALID_LOGIN_MESSAGE } })
  })
})

describe('verified credentials are cached, and revoked at once', () => {
  it('refuses a revoked token and a signed-out session on the very next request', async () => {
    t = await startTestPlatform()
    const owner = new ApiClient(() => t?.baseUrl ?? '')
    await owner.post('/platform/auth/signup', { email: 'cache@example.com', password: 'cache-password' })
    const created = await owner.post<{ id: number; token: string }>('/platform/profile/access-tokens', { name: 'ci' })
    const viaToken = new ApiClient(() => t?.baseUrl ?? '')
    viaToken.bearer = created.body.token
    expect((await viaToken.get('/platform/profile')).status).toBe(200)
    expect((await viaToken.get('/platform/profile')).status).toBe(200)
    expect((await owner.delete(`/platform/profile/access-tokens/${created.body.id}`)).status).toBe(200)
    expect((await viaToken.get('/platform/profile')).status).toBe(401)

    const cookies = new Map((owner as unknown as { cookies: Map<string, string> }).cookies)
    expect((await owner.get('/platform/profile')).status).toBe(200)
    await owner.post('/platform/auth/logout')
    const replay = await fetch(`${t.baseUrl}/platform/profile`, {
      headers: { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    })
    expect(replay.status).toBe(401)
  })
})

describe('sign-up rate limit', () => {
  it('refuses sign-ups past the limit per address, and counts addresses behind a configured proxy apart', async () => {
    t = await startTestPlatform({ PGFLEET_SIGNUPS_PER_ADDRESS_PER_HOUR: '3', PGFLEET_TRUSTED_PROXIES: '127.0.0.1' })
    for (let i = 0; i < 3; i++) expect((await signUp(`s${i}@example.com`, '203.0.113.1')).status).toBe(201)
    const refused = await signUp('s3@example.com', '203.0.113.1')
    expect(refused).toMatchObject({ status: 429, body: { message: TOO_MANY_SIGN_UPS_MESSAGE } })
    expect(Number(refused.retryAfter)).toBeGreaterThan(3000)
    expect((await signUp('s4@example.com', '198.51.100.7')).status).toBe(201)
  })
})

describe('sign-up modes', () => {
  it('defaults to open for the first owner, then to invitations only', async () => {
    t = await startTestPlatform({ PGFLEET_SIGNUP: '' })
    const owner = new ApiClient(() => t?.baseUrl ?? '')
    expect(
      (await owner.post('/platform/auth/signup', { email: 'first@example.com', password: 'first-pass' })).status,
    ).toBe(201)
    const stranger = new ApiClient(() => t?.baseUrl ?? '')
    expect(
      await stranger.post('/platform/auth/signup', { email: 'stranger@example.com', password: 'stranger-pass' }),
    ).toMatchObject({
      status: 403,
      body: { message: SIGNUP_INVITE_ONLY_MESSAGE },
    })
    const slug = (await owner.get<Organization[]>('/platform/organizations')).body[0]?.slug
    expect(
      (
        await owner.post(`/platform/organizations/${slug}/members`, {
          email: 'guest@example.com',
          role_name: 'Developer',
        })
      ).status,
    ).toBe(201)
    const guest = new ApiClient(() => t?.baseUrl ?? '')
    expect(
      (await guest.post('/platform/auth/signup', { email: 'Guest@example.com', password: 'guest-pass' })).status,
    ).toBe(201)
    expect((await guest.get<Organization[]>('/platform/organizations')).body.map((o) => o.slug)).toEqual([slug])
  })

  it('lets nobody sign up when closed', async () => {
    t = await startTestPlatform({ PGFLEET_SIGNUP: 'closed' })
    expect(
      await new ApiClient(() => t?.baseUrl ?? '').post('/platform/auth/signup', {
        email: 'a@example.com',
        password: 'a-password',
      }),
    ).toMatchObject({ status: 403, body: { message: SIGNUP_CLOSED_MESSAGE } })
  })
})
