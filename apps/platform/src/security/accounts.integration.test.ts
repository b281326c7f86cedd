import type { Organization } from '@pgfleet/contracts'
import { afterEach, describe, expect, it } from 'vitest'
import {
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_ADDRESS,
  TOO_MANY_SIGN_INS_MESSAGE,
} from '../auth/login-throttle'
import { ApiClient, startTestPlatform, type TestPlatform } from '../testing/harness'
import { INVALID_LOGIN_MESSAGE } from '../users/service'
import { SIGNUP_CLOSED_MESSAGE, SIGNUP_INVITE_ONLY_MESSAGE } from '../users/signup-policy'

/** Guessing passwords, probing for emails, and signing up where sign-up is limited. */
let t: TestPlatform | undefined
afterEach(async () => {
  await t?.destroy()
  t = undefined
})

async function login(email: string, password: string) {
  const response = await fetch(`${t?.baseUrl}/platform/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: t?.baseUrl ?? '' },
    body: JSON.stringify({ email, password }),
  })
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as { message?: string },
  }
}

describe('sign-in', () => {
  it('refuses the right password after too many wrong ones, with 429 and Retry-After', async () => {
    t = await startTestPlatform()
    await new ApiClient(() => t?.baseUrl ?? '').post('/platform/auth/signup', {
      email: 'victim@example.com',
      password: 'the-right-password',
    })
    const answers = []
    for (let i = 0; i < 30; i++) answers.push(await login('victim@example.com', `guess-${i}`))
    expect(answers.slice(0, LOGIN_FAILURES_PER_ACCOUNT).every((a) => a.status === 401)).toBe(true)
    const limited = answers.slice(LOGIN_FAILURES_PER_ACCOUNT)
    expect(limited.every((a) => a.status === 429 && a.body.message === TOO_MANY_SIGN_INS_MESSAGE)).toBe(true)
    expect(Number(limited[0]?.retryAfter)).toBeGreaterThan(0)
    const right = await login('Victim@Example.com', 'the-right-password')
    expect(right.status).toBe(429)
  })

  it('limits one address guessing across many accounts', async () => {
    t = await startTestPlatform()
    const statuses = []
    for (let i = 0; i <= LOGIN_FAILURES_PER_ADDRESS; i++) statuses.push((await login(`u${i}@example.com`, 'x')).status)
    expect(statuses.slice(0, LOGIN_FAILURES_PER_ADDRESS).every((s) => s === 401)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })

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
