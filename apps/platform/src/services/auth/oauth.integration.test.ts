import { createClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestOidcProvider, type TestOidcProvider } from '../../testing/oidc-provider'
import { type AuthTestProject, startAuthTestProject } from './testing'

/**
 * Sign-in with a real OpenID Connect provider (oidc-provider on loopback, reached through the operator's egress
 * allow list for exactly its address): supabase-js's PKCE and implicit flows, linking and unlinking, and refusals.
 */
const APP = 'http://app.test/callback'
let p: AuthTestProject
let idp: TestOidcProvider

class NoRealtime {
  constructor() {
    throw new Error('no realtime here')
  }
}

/** Follows redirects the way a browser would (with the provider's cookies) until the app's own URL. */
async function browse(start: string): Promise<URL> {
  const cookies = new Map<string, string>()
  let url = start
  for (let hop = 0; hop < 20; hop++) {
    if (url.startsWith('http://app.test')) return new URL(url)
    const target = new URL(url)
    const headers: Record<string, string> = {}
    if (target.port === String(idp.port)) {
      headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    }
    const response = await fetch(url, { redirect: 'manual', headers })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const at = pair?.indexOf('=') ?? -1
      if (pair && at > 0) cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
    const location = response.headers.get('location')
    if (!location) throw new Error(`stopped at ${url}: ${response.status} ${await response.text()}`)
    url = new URL(location, url).toString()
  }
  throw new Error('too many redirects')
}

beforeAll(async () => {
  idp = await startTestOidcProvider([])
  p = await startAuthTestProject({ PGFLEET_EGRESS_ALLOW: `127.0.0.1:${idp.port}` })
  await idp.close()
  // the provider's client must name the project's callback, known only now: start it again on the same port
  idp = await restartOnPort(idp.port, [`${p.authUrl}/callback`])
  await p.configure({
    site_url: 'http://app.test',
    uri_allow_list: APP,
    external_oidc_enabled: true,
    external_oidc_client_id: idp.clientId,
    external_oidc_secret: idp.clientSecret,
    external_oidc_url: idp.issuer,
  })
}, 120_000)
afterAll(async () => {
  await idp?.close()
  await p?.destroy()
})

async function restartOnPort(port: number, redirectUris: string[]): Promise<TestOidcProvider> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const started = await startTestOidcProvider(redirectUris, port).catch(() => null)
    if (started) return started
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`could not listen on ${port} again`)
}

describe('OpenID Connect sign-in', () => {
  it('signs in with PKCE through supabase-js and makes the user and its identity', async () => {
    idp.signInAs({ sub: 'alice-sub', email: 'Alice@Example.com', name: 'Alice' })
    const client = createClient(p.projectUrl, p.anonKey, {
      auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: NoRealtime as never },
    })
    const { data, error } = await client.auth.signInWithOAuth({
      provider: 'oidc' as never,
      options: { redirectTo: APP, skipBrowserRedirect: true },
    })
    expect(error).toBeNull()
    const landed = await browse(data.url as string)
    const code = landed.searchParams.get('code')
    expect(code, landed.toString()).toBeTruthy()
    const exchanged = await client.auth.exchangeCodeForSession(code as string)
    expect(exchanged.error).toBeNull()
    expect(exchanged.data.user?.email).toBe('alice@example.com')
    expect(exchanged.data.user?.app_metadata.provider).toBe('oidc')
    expect(exchanged.data.user?.identities?.[0]).toMatchObject({ provider: 'oidc', id: 'alice-sub' })
    expect(exchanged.data.user?.email_confirmed_at).toBeTruthy()
  })

  it('signs in again with the implicit flow: the same user, the session in the fragment', async () => {
    idp.signInAs({ sub: 'alice-sub', email: 'alice@example.com', name: 'Alice' })
    const landed = await browse(`${p.authUrl}/authorize?provider=oidc&redirect_to=${encodeURIComponent(APP)}`)
    const fragment = new URLSearchParams(landed.hash.slice(1))
    expect(fragment.get('access_token')).toBeTruthy()
    expect(fragment.get('provider_token')).toBeTruthy()
    const user = await p.authFetch('/user', { headers: { authorization: `Bearer ${fragment.get('access_token')}` } })
    expect(user.body.email).toBe('alice@example.com')
    const users = await p.sql<{ count: string }>("select count(*) from auth.users where email = 'alice@example.com'")
    expect(users[0]?.count).toBe('1')
  })

  it('links the provider to a password user with the same verified address, and unlinks it again', async () => {
    const client = p.authClient()
    await p.configure({ mailer_autoconfirm: true })
    await client.auth.signUp({ email: 'bea@example.com', password: 'bea-password-1' })
    idp.signInAs({ sub: 'bea-sub', email: 'bea@example.com', name: 'Bea' })
    const landed = await browse(`${p.authUrl}/authorize?provider=oidc&redirect_to=${encodeURIComponent(APP)}`)
    const token = new URLSearchParams(landed.hash.slice(1)).get('access_token')
    const user = await p.authFetch('/user', { headers: { authorization: `Bearer ${token}` } })
    const identities = user.body.identities as { provider: string; identity_id: string }[]
    expect(identities.map((identity) => identity.provider).sort()).toEqual(['email', 'oidc'])
    const oidc = identities.find((identity) => identity.provider === 'oidc')
    const unlinked = await p.authFetch(`/user/identities/${oidc?.identity_id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(unlinked.status).toBe(204)
    const email = identities.find((identity) => identity.provider === 'email')
    const last = await p.authFetch(`/user/identities/${email?.identity_id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(last.body.code).toBe('single_identity_not_deletable')
  })
})

describe('refusals', () => {
  it('refuses a forged state, a disabled provider, and a redirect outside the allow list', async () => {
    const forged = await fetch(`${p.authUrl}/callback?code=x&state=not-a-state`, { redirect: 'manual' })
    const location = new URL(forged.headers.get('location') ?? '')
    expect(location.origin).toBe('http://app.test')
    expect(new URLSearchParams(location.hash.slice(1)).get('error_code')).toBe('bad_oauth_state')
    const disabled = await p.authFetch('/authorize?provider=github')
    expect(disabled.status).toBe(400)
    expect(disabled.body.code).toBe('provider_disabled')
    const outside = await fetch(
      `${p.authUrl}/authorize?provider=oidc&redirect_to=${encodeURIComponent('https://evil.test/')}`,
      {
        redirect: 'manual',
      },
    )
    const state = new URL(outside.headers.get('location') ?? '').searchParams.get('state') ?? ''
    const claims = JSON.parse(Buffer.from(state.split('.')[1] ?? '', 'base64url').toString())
    expect(claims.redirect_to).toBe('http://app.test')
  })

  it('refuses a provider URL on this machine that the operator did not list', async () => {
    await p.configure({ external_oidc_url: 'http://127.0.0.1:39999/' })
    try {
      const answer = await p.authFetch('/authorize?provider=oidc')
      expect(answer.status, JSON.stringify(answer.body)).toBe(502)
      expect(String(answer.body.message)).toMatch(/private network|this machine/)
    } finally {
      await p.configure({ external_oidc_url: idp.issuer })
    }
  })
})
