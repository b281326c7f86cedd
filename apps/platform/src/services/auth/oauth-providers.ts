import type { OAuthProviderName, ProjectAuthConfig } from '@pgfleet/contracts'
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose'
import { AuthError, badRequest } from './errors'

/**
 * The OAuth and OpenID Connect providers a project may enable: GitHub and GitLab by their own APIs, Google, Azure
 * and a generic OpenID Connect provider by discovery and the ID token. Every call to a provider goes through the
 * fetch it is given (the platform's egress policy), since a tenant sets the providers' URLs.
 */

/** What a provider says about the person who signed in. */
export interface ProviderUser {
  /** the provider's stable subject */
  id: string
  email: string | null
  emailVerified: boolean
  data: Record<string, unknown>
}

export interface ProviderTokens {
  accessToken: string
  refreshToken: string | null
  idToken: string | null
}

export interface Provider {
  name: OAuthProviderName
  clientId: string
  authorizeUrl: string
  scopes: string
  /** the code from the callback, exchanged for the provider's tokens */
  exchange(code: string, redirectUri: string): Promise<ProviderTokens>
  profile(tokens: ProviderTokens, nonce: string | null): Promise<ProviderUser>
  /** an ID token a client obtained itself (`grant_type=id_token`), verified against the provider's keys */
  verifyIdToken?(idToken: string, nonce: string | null): Promise<ProviderUser>
}

const DEFAULT_URLS: Record<OAuthProviderName, string | null> = {
  github: 'https://github.com',
  gitlab: 'https://gitlab.com',
  google: 'https://accounts.google.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  oidc: null,
}

const PROVIDER_TIMEOUT_MS = 10_000

interface Discovery {
  issuer: string
  authorization_endpoint: string
  token_endpoint: string
  userinfo_endpoint?: string
  jwks_uri: string
}

const discoveries = new Map<string, { at: number; value: Promise<Discovery> }>()
const jwksCache = new Map<string, { at: number; value: Promise<JSONWebKeySet> }>()
const CACHE_MS = 10 * 60_000

function cached<T>(
  cache: Map<string, { at: number; value: Promise<T> }>,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  const hit = cache.get(key)
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value
  const value = load()
  cache.set(key, { at: Date.now(), value })
  value.catch(() => cache.delete(key))
  return value
}

async function getJson(fetcher: typeof fetch, url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let response: Response
  try {
    response = await fetcher(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) })
  } catch (error) {
    // fetch's own error only says it failed; the reason (the egress policy's refusal, a refused connection) is its cause
    let cause: unknown = error
    while ((cause as { cause?: unknown })?.cause) cause = (cause as { cause?: unknown }).cause
    throw new AuthError(
      502,
      'provider_unreachable',
      `Could not reach the provider at ${new URL(url).host}: ${(cause as Error)?.message ?? String(cause)}`,
    )
  }
  const text = await response.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    body = Object.fromEntries(new URLSearchParams(text))
  }
  if (!response.ok || typeof body !== 'object' || body === null) {
    const detail =
      (body as Record<string, unknown> | null)?.error_description ??
      (body as Record<string, unknown> | null)?.error ??
      response.status
    throw new AuthError(502, 'provider_error', `The provider answered an error: ${String(detail).slice(0, 200)}`)
  }
  return body as Record<string, unknown>
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null)

async function exchangeCode(
  fetcher: typeof fetch,
  tokenUrl: string,
  clientId: string,
  secret: string,
  code: string,
  redirectUri: string,
): Promise<ProviderTokens> {
  const body = await getJson(fetcher, tokenUrl, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: clientId,
      client_secret: secret,
    }).toString(),
  })
  const accessToken = text(body.access_token)
  if (!accessToken) throw new AuthError(502, 'provider_error', 'The provider answered no access token')
  return { accessToken, refreshToken: text(body.refresh_token), idToken: text(body.id_token) }
}

/** An OpenID Connect provider found by its issuer's discovery document. */
function openIdProvider(
  name: OAuthProviderName,
  issuer: string,
  clientId: string,
  secret: string,
  fetcher: typeof fetch,
): Provider {
  const base = issuer.replace(/\/+$/, '')
  const discovery = () =>
    cached(discoveries, base, async () => {
      const found = (await getJson(fetcher, `${base}/.well-known/openid-configuration`)) as unknown as Discovery
      if (!found.authorization_endpoint || !found.token_endpoint || !found.jwks_uri) {
        throw new AuthError(502, 'provider_error', "The provider's discovery document lacks its endpoints")
      }
      return found
    })
  const verify = async (idToken: string, nonce: string | null): Promise<ProviderUser> => {
    const found = await discovery()
    const keys = await cached(
      jwksCache,
      found.jwks_uri,
      async () => (await getJson(fetcher, found.jwks_uri)) as unknown as JSONWebKeySet,
    )
    let claims: Record<string, unknown>
    try {
      // Azure's common endpoint names a tenant-specific issuer: its audience and signature are what bind it
      const options = name === 'azure' ? { audience: clientId } : { audience: clientId, issuer: found.issuer }
      claims = (await jwtVerify(idToken, createLocalJWKSet(keys), options)).payload as Record<string, unknown>
    } catch (error) {
      throw badRequest(
        'bad_oauth_callback',
        `The provider's ID token could not be verified: ${(error as Error).message}`,
      )
    }
    if (nonce !== null && claims.nonce !== undefined && claims.nonce !== nonce) {
      throw badRequest('bad_oauth_callback', 'The ID token was issued for another sign-in (nonce mismatch)')
    }
    const sub = text(claims.sub)
    if (!sub) throw badRequest('bad_oauth_callback', 'The ID token names no subject')
    const email = text(claims.email)?.toLowerCase() ?? null
    return {
      id: sub,
      email,
      emailVerified: claims.email_verified === true || claims.email_verified === 'true',
      data: {
        iss: claims.iss,
        sub,
        email,
        email_verified: claims.email_verified === true,
        name: claims.name,
        full_name: claims.name,
        avatar_url: claims.picture,
        picture: claims.picture,
        provider_id: sub,
      },
    }
  }
  return {
    name,
    clientId,
    // filled in by `withAuthorizeUrl` once discovery has run
    authorizeUrl: '',
    scopes: 'openid email profile',
    exchange: async (code, redirectUri) =>
      exchangeCode(fetcher, (await discovery()).token_endpoint, clientId, secret, code, redirectUri),
    profile: async (tokens, nonce) => {
      if (!tokens.idToken) throw badRequest('bad_oauth_callback', 'The provider answered no ID token')
      const person = await verify(tokens.idToken, nonce)
      // many providers keep the address out of the ID token and answer it at their userinfo endpoint
      const userinfo = (await discovery()).userinfo_endpoint
      if (person.email || !userinfo) return person
      const claims = await getJson(fetcher, userinfo, { headers: { authorization: `Bearer ${tokens.accessToken}` } })
      if (claims.sub !== person.id) return person
      const email = text(claims.email)?.toLowerCase() ?? null
      const verified = claims.email_verified === true || claims.email_verified === 'true'
      return {
        ...person,
        email,
        emailVerified: verified,
        data: {
          ...person.data,
          email,
          email_verified: verified,
          name: claims.name ?? person.data.name,
          full_name: claims.name ?? person.data.full_name,
        },
      }
    },
    verifyIdToken: verify,
    ...{ discovery },
  } as Provider & { discovery: () => Promise<Discovery> }
}

function githubProvider(base: string, clientId: string, secret: string, fetcher: typeof fetch): Provider {
  const api = base === 'https://github.com' ? 'https://api.github.com' : `${base}/api/v3`
  return {
    name: 'github',
    clientId,
    authorizeUrl: `${base}/login/oauth/authorize`,
    scopes: 'user:email',
    exchange: (code, redirectUri) =>
      exchangeCode(fetcher, `${base}/login/oauth/access_token`, clientId, secret, code, redirectUri),
    profile: async (tokens) => {
      const headers = {
        authorization: `Bearer ${tokens.accessToken}`,
        accept: 'application/json',
        'user-agent': 'pgfleet-auth',
      }
      const user = await getJson(fetcher, `${api}/user`, { headers })
      const emails = (await getJson(fetcher, `${api}/user/emails`, { headers }).catch(() => ({}))) as unknown
      const primary = Array.isArray(emails)
        ? (emails as { email: string; primary: boolean; verified: boolean }[]).find((entry) => entry.primary)
        : undefined
      const id = String(user.id ?? '')
      if (!id) throw badRequest('bad_oauth_callback', 'GitHub answered no user id')
      const email = (primary?.email ?? text(user.email))?.toLowerCase() ?? null
      return {
        id,
        email,
        emailVerified: primary?.verified === true,
        data: {
          sub: id,
          provider_id: id,
          email,
          user_name: user.login,
          preferred_username: user.login,
          full_name: user.name,
          name: user.name,
          avatar_url: user.avatar_url,
        },
      }
    },
  }
}

function gitlabProvider(base: string, clientId: string, secret: string, fetcher: typeof fetch): Provider {
  return {
    name: 'gitlab',
    clientId,
    authorizeUrl: `${base}/oauth/authorize`,
    scopes: 'read_user',
    exchange: (code, redirectUri) => exchangeCode(fetcher, `${base}/oauth/token`, clientId, secret, code, redirectUri),
    profile: async (tokens) => {
      const user = await getJson(fetcher, `${base}/api/v4/user`, {
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      })
      const id = String(user.id ?? '')
      if (!id) throw badRequest('bad_oauth_callback', 'GitLab answered no user id')
      const email = text(user.email)?.toLowerCase() ?? null
      return {
        id,
        email,
        emailVerified: Boolean(user.confirmed_at),
        data: {
          sub: id,
          provider_id: id,
          email,
          user_name: user.username,
          full_name: user.name,
          name: user.name,
          avatar_url: user.avatar_url,
        },
      }
    },
  }
}

/** The project's provider by name, when enabled and configured; the error says what is missing. */
export async function providerOf(config: ProjectAuthConfig, name: string, fetcher: typeof fetch): Promise<Provider> {
  if (!(name in DEFAULT_URLS)) throw badRequest('validation_failed', `Unsupported provider: ${name.slice(0, 40)}`)
  const provider = name as OAuthProviderName
  const enabled = config[`external_${provider}_enabled`]
  const clientId = config[`external_${provider}_client_id`]
  const secret = config[`external_${provider}_secret`]
  if (!enabled) throw badRequest('provider_disabled', 'Unsupported provider: provider is not enabled')
  const url = (config[`external_${provider}_url`] ?? DEFAULT_URLS[provider])?.replace(/\/+$/, '')
  if (!clientId || !secret || !url) {
    throw badRequest(
      'provider_disabled',
      `The ${provider} provider needs a client id, a secret${provider === 'oidc' ? ' and an issuer URL' : ''}`,
    )
  }
  switch (provider) {
    case 'github':
      return githubProvider(url, clientId, secret, fetcher)
    case 'gitlab':
      return gitlabProvider(url, clientId, secret, fetcher)
    default: {
      const openId = openIdProvider(provider, url, clientId, secret, fetcher) as Provider & {
        discovery: () => Promise<Discovery>
      }
      openId.authorizeUrl = (await openId.discovery()).authorization_endpoint
      return openId
    }
  }
}
