import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import {
  type ApiKeyResolution,
  isBrowserUserAgent,
  type KeyringKey,
  ProjectKeyring,
  resolveApiKey,
  resolveApiRequest,
  resolveBearer,
} from './api-key-resolver'
import { generateApiKey, hashApiKey } from './api-key-values'
import { projectApiKeys } from './api-keys'

const SECRET = 'a-very-long-project-jwt-secret-value-0123456789'
const OTHER_SECRET = 'another-project-jwt-secret-value-9876543210'
const project = { ref: 'abcdefghijklmnopqrst', jwt_secret: SECRET, created_at: new Date('2026-01-01T00:00:00Z') }
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36'
const NODE = 'node'

const publishable = generateApiKey('publishable')
const secret = generateApiKey('secret')
const otherProjectsSecret = generateApiKey('secret')

function keyring(options: { legacy?: boolean; secret?: string; keys?: Array<[string, KeyringKey]> } = {}) {
  const keys = options.keys ?? [
    [hashApiKey(publishable), { id: 'pub-1', type: 'publishable' }],
    [hashApiKey(secret), { id: 'sec-1', type: 'secret' }],
  ]
  return new ProjectKeyring(project.ref, options.secret ?? SECRET, options.legacy ?? true, keys)
}

const sign = (claims: Record<string, unknown>, secretValue = SECRET, expiresIn: string | number = '1h') =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secretValue))

const roleOf = (resolution: ApiKeyResolution) => (resolution.ok ? resolution.caller.role : resolution.code)

describe('the apikey', () => {
  it('is required', async () => {
    expect(roleOf(await resolveApiKey(keyring(), undefined, NODE))).toBe('no_api_key')
    expect(roleOf(await resolveApiKey(keyring(), '', NODE))).toBe('no_api_key')
  })

  it('takes the legacy keys, and any JWT of the anon or service_role role signed with the project secret', async () => {
    const legacy = await projectApiKeys(project)
    const ring = keyring()
    expect(roleOf(await resolveApiKey(ring, legacy.anon, NODE))).toBe('anon')
    expect(roleOf(await resolveApiKey(ring, legacy.service_role, NODE))).toBe('service_role')
    const minted = await resolveApiKey(ring, await sign({ role: 'service_role' }), NODE)
    expect(minted).toMatchObject({ ok: true, caller: { role: 'service_role', via: 'legacy', keyId: null } })
  })

  it('refuses JWTs of other roles, of other secrets, and garbage', async () => {
    const ring = keyring()
    expect(roleOf(await resolveApiKey(ring, await sign({ role: 'authenticated', sub: 'u1' }), NODE))).toBe(
      'invalid_api_key',
    )
    expect(roleOf(await resolveApiKey(ring, await sign({ role: 'anon' }, OTHER_SECRET), NODE))).toBe('invalid_api_key')
    expect(roleOf(await resolveApiKey(ring, 'not-a-key\u0000', NODE))).toBe('invalid_api_key')
  })

  it('refuses every JWT once the legacy keys are off, and keeps the new keys working', async () => {
    const ring = keyring({ legacy: false })
    const legacy = await projectApiKeys(project)
    expect(roleOf(await resolveApiKey(ring, legacy.anon, NODE))).toBe('legacy_keys_disabled')
    expect(roleOf(await resolveApiKey(ring, await sign({ role: 'service_role' }), NODE))).toBe('legacy_keys_disabled')
    // a forged one is still just invalid: the switch is not told to who has no key
    expect(roleOf(await resolveApiKey(ring, await sign({ role: 'anon' }, OTHER_SECRET), NODE))).toBe('invalid_api_key')
    expect(roleOf(resolveApiKey(ring, publishable, NODE) as ApiKeyResolution)).toBe('anon')
    expect(roleOf(resolveApiKey(ring, secret, NODE) as ApiKeyResolution)).toBe('service_role')
  })

  it('takes a publishable key as anon and a secret key as service_role, synchronously', () => {
    const ring = keyring()
    expect(resolveApiKey(ring, publishable, NODE)).toMatchObject({
      ok: true,
      caller: { role: 'anon', via: 'publishable', keyId: 'pub-1', claims: { role: 'anon' } },
    })
    expect(resolveApiKey(ring, secret, undefined)).toMatchObject({
      ok: true,
      caller: { role: 'service_role', via: 'secret', keyId: 'sec-1' },
    })
  })

  it('refuses unknown, revoked and other projects’ keys, and near misses', async () => {
    const ring = keyring()
    for (const key of [otherProjectsSecret, `${secret}x`, secret.slice(0, -1), secret.toUpperCase(), 'sb_secret_']) {
      expect(roleOf(await resolveApiKey(ring, key, NODE)), key).toBe('invalid_api_key')
    }
    const revoked = keyring({ keys: [[hashApiKey(publishable), { id: 'pub-1', type: 'publishable' }]] })
    expect(roleOf(resolveApiKey(revoked, secret, NODE) as ApiKeyResolution)).toBe('invalid_api_key')
  })

  it('refuses a secret key from a browser, with a message that says so, but not a publishable key', () => {
    const ring = keyring()
    const refused = resolveApiKey(ring, secret, BROWSER)
    expect(refused).toMatchObject({
      ok: false,
      status: 401,
      code: 'secret_key_in_browser',
      message: 'Forbidden use of secret API key in browser',
    })
    expect(roleOf(resolveApiKey(ring, publishable, BROWSER) as ApiKeyResolution)).toBe('anon')
  })
})

describe('the Bearer token', () => {
  it('decides the role when a user signed in', async () => {
    const user = await sign({ role: 'authenticated', sub: '7c9e6679-7425-40de-944b-e07fc1f90ae7' })
    const resolved = await resolveApiRequest(keyring(), {
      apikey: publishable,
      authorization: `Bearer ${user}`,
      userAgent: BROWSER,
    })
    expect(resolved).toMatchObject({ ok: true, caller: { role: 'authenticated', via: 'jwt' } })
  })

  it('may be the sb_ key itself (supabase-js without a session): that key’s role, without JWT verification', () => {
    const ring = keyring()
    expect(
      resolveApiRequest(ring, { apikey: secret, authorization: `Bearer ${secret}`, userAgent: NODE }),
    ).toMatchObject({ ok: true, caller: { role: 'service_role' } })
    expect(
      resolveApiRequest(ring, { apikey: publishable, authorization: `Bearer ${publishable}`, userAgent: BROWSER }),
    ).toMatchObject({ ok: true, caller: { role: 'anon' } })
    // the bearer decides: a secret key's request that carries the publishable key acts as anon
    expect(
      resolveApiRequest(ring, { apikey: secret, authorization: `Bearer ${publishable}`, userAgent: NODE }),
    ).toMatchObject({ ok: true, caller: { role: 'anon' } })
  })

  it('refuses a secret key from a browser, an unknown key and a bad header', async () => {
    const ring = keyring()
    const fromBrowser = resolveApiRequest(ring, {
      apikey: publishable,
      authorization: `Bearer ${secret}`,
      userAgent: BROWSER,
    })
    expect(roleOf(fromBrowser as ApiKeyResolution)).toBe('secret_key_in_browser')
    const unknown = resolveBearer(ring, `Bearer ${otherProjectsSecret}`, { userAgent: NODE, apiKeys: 'accept' })
    expect(roleOf(unknown as ApiKeyResolution)).toBe('invalid_api_key')
    for (const header of ['Basic abc', 'Bearer', 'Bearer a b', '']) {
      expect(roleOf(await resolveBearer(ring, header, { userAgent: NODE, apiKeys: 'accept' })), header).toBe(
        'malformed_authorization',
      )
    }
  })

  it('says when a JWT expired or does not verify', async () => {
    const ring = keyring()
    const expired = await sign({ role: 'authenticated' }, SECRET, Math.floor(Date.now() / 1000) - 10)
    expect(roleOf(await resolveBearer(ring, `Bearer ${expired}`, { userAgent: NODE, apiKeys: 'accept' }))).toBe(
      'jwt_expired',
    )
    const forged = await sign({ role: 'authenticated' }, OTHER_SECRET)
    expect(roleOf(await resolveBearer(ring, `Bearer ${forged}`, { userAgent: NODE, apiKeys: 'accept' }))).toBe(
      'invalid_jwt',
    )
  })

  it('refuses JWTs of a key role once the legacy keys are off, and keeps users’ tokens', async () => {
    const ring = keyring({ legacy: false })
    const legacy = await projectApiKeys(project)
    const viaBearer = await resolveApiRequest(ring, {
      apikey: publishable,
      authorization: `Bearer ${legacy.service_role}`,
      userAgent: NODE,
    })
    expect(roleOf(viaBearer)).toBe('legacy_keys_disabled')
    const user = await sign({ role: 'authenticated', sub: 'u1' })
    expect(roleOf(await resolveBearer(ring, `Bearer ${user}`, { userAgent: NODE, apiKeys: 'accept' }))).toBe(
      'authenticated',
    )
  })

  it('must be a JWT where API keys are refused (functions that verify JWTs)', async () => {
    const ring = keyring()
    for (const key of [publishable, secret]) {
      expect(roleOf(await resolveBearer(ring, `Bearer ${key}`, { userAgent: NODE, apiKeys: 'refuse' }))).toBe(
        'api_key_not_jwt',
      )
    }
    const legacy = await projectApiKeys(project)
    expect(roleOf(await resolveBearer(ring, `Bearer ${legacy.anon}`, { userAgent: NODE, apiKeys: 'refuse' }))).toBe(
      'anon',
    )
  })
})

describe('the keyring', () => {
  it('answers a JWT it verified before synchronously, and again after a reload with the same secret only', async () => {
    const ring = keyring()
    const token = await sign({ role: 'anon' })
    expect(resolveApiKey(ring, token, NODE)).toBeInstanceOf(Promise)
    await resolveApiKey(ring, token, NODE)
    expect(resolveApiKey(ring, token, NODE)).toMatchObject({ ok: true })
    const reloaded = new ProjectKeyring(project.ref, SECRET, true, [], ring)
    expect(resolveApiKey(reloaded, token, NODE)).toMatchObject({ ok: true })
    const rotated = new ProjectKeyring(project.ref, OTHER_SECRET, true, [], ring)
    const after = resolveApiKey(rotated, token, NODE)
    expect(after).toBeInstanceOf(Promise)
    expect(roleOf(await after)).toBe('invalid_api_key')
  })

  it('tells browsers by their User-Agent', () => {
    expect(isBrowserUserAgent(BROWSER)).toBe(true)
    expect(isBrowserUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Gecko/20100101 Firefox/127.0')).toBe(true)
    for (const agent of [undefined, '', 'node', 'Deno/2.1.4', 'curl/8.5.0', 'supabase-js-node/2.50', 'mozilla/5.0']) {
      expect(isBrowserUserAgent(agent), String(agent)).toBe(false)
    }
  })
})
