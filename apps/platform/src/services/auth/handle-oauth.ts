import { randomBytes, randomUUID } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import type pg from 'pg'
import { egressFetch } from '../../security/egress-fetch'
import { egressPolicyOf } from '../../security/egress-policy'
import {
  type AuthCall,
  type AuthResponse,
  bodyObject,
  inTransaction,
  json,
  metaOf,
  noContent,
  redirect,
  signedInUser,
  withClient,
} from './call'
import { AuthError, badRequest, notFound, validationFailed } from './errors'
import { type Provider, type ProviderTokens, type ProviderUser, providerOf } from './oauth-providers'
import { redirectTarget } from './redirects'
import { type SessionAnswer, startSession } from './sessions'
import { insertUser, USER_COLUMNS, type UserRow, userByEmail } from './users-store'

/**
 * Sign-in with an OAuth or OpenID Connect provider: `/authorize` sends the browser to the provider with a signed
 * state, `/callback` takes the provider's code back, finds or makes the user and its identity, and sends the
 * browser on to the allowed redirect with the session (or, with PKCE, an auth code). Linking another identity to a
 * signed-in user goes the same way; `grant_type=id_token` takes an ID token a client obtained itself.
 */

const STATE_AUDIENCE = 'pgfleet-oauth-state'
const STATE_LIFETIME_S = 600

interface OAuthState {
  provider: string
  redirect_to: string
  flow_id: string | null
  link_user: string | null
  nonce: string
}

const fetcherOf = (call: AuthCall) => egressFetch(egressPolicyOf(call.ctx.config))
const callbackUrl = (call: AuthCall) => `${call.req.projectUrl}/auth/v1/callback`

async function signState(call: AuthCall, state: OAuthState): Promise<string> {
  return new SignJWT({ ...state })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience(STATE_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${STATE_LIFETIME_S}s`)
    .sign(call.project.jwtKey)
}

async function readState(call: AuthCall, token: string | null): Promise<OAuthState> {
  if (!token) throw badRequest('bad_oauth_state', 'OAuth state parameter missing')
  try {
    const { payload } = await jwtVerify(token, call.project.jwtKey, { audience: STATE_AUDIENCE, algorithms: ['HS256'] })
    return payload as unknown as OAuthState
  } catch {
    throw badRequest('bad_oauth_state', 'OAuth state is invalid or has expired')
  }
}

/** The provider's sign-in URL, for `/authorize` and for linking. */
async function providerRedirect(call: AuthCall, linkUser: string | null): Promise<string> {
  const query = call.req.query
  const provider = await providerOf(call.project.config, query.get('provider') ?? '', fetcherOf(call))
  const redirectTo = redirectTarget(call.project.config, query.get('redirect_to'))
  const challenge = query.get('code_challenge')
  let flowId: string | null = null
  if (challenge) {
    const method = (query.get('code_challenge_method') ?? 's256').toLowerCase()
    if ((method !== 's256' && method !== 'plain') || challenge.length < 43 || challenge.length > 128) {
      throw validationFailed('code_challenge must be 43 to 128 characters, with code_challenge_method s256 or plain')
    }
    flowId = randomUUID()
    await withClient(call, (client) =>
      client.query(
        `INSERT INTO auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type,
           created_at, updated_at, authentication_method)
         VALUES ($1, NULL, $2, $3::auth.code_challenge_method, $4, $5, now(), now(), 'oauth')`,
        [flowId, randomUUID(), method, challenge, provider.name],
      ),
    )
  }
  const nonce = randomBytes(16).toString('base64url')
  const state = await signState(call, {
    provider: provider.name,
    redirect_to: redirectTo,
    flow_id: flowId,
    link_user: linkUser,
    nonce,
  })
  const url = new URL(provider.authorizeUrl)
  url.searchParams.set('client_id', provider.clientId)
  url.searchParams.set('redirect_uri', callbackUrl(call))
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('scope', [provider.scopes, query.get('scopes') ?? ''].join(' ').trim())
  url.searchParams.set('state', state)
  if (provider.scopes.includes('openid')) url.searchParams.set('nonce', nonce)
  return url.toString()
}

export async function handleAuthorize(call: AuthCall): Promise<AuthResponse> {
  const url = await providerRedirect(call, null)
  if (call.req.query.get('skip_http_redirect') === 'true') return json(200, { url })
  return { status: 302, headers: { location: url }, body: null }
}

/** `GET /user/identities/authorize`: the URL that links another provider's identity to the signed-in user. */
export async function handleLinkAuthorize(call: AuthCall): Promise<AuthResponse> {
  const caller = await signedInUser(call)
  const url = await providerRedirect(call, caller.userId)
  if (call.req.query.get('skip_http_redirect') === 'false')
    return { status: 302, headers: { location: url }, body: null }
  return json(200, { url })
}

/** `DELETE /user/identities/{id}`: unlinks one identity; the last one stays (the user could no longer sign in). */
export async function handleUnlink(call: AuthCall, identityId: string): Promise<AuthResponse> {
  const caller = await signedInUser(call)
  if (!/^[0-9a-f-]{36}$/i.test(identityId)) throw notFound('identity_not_found', "Identity doesn't exist")
  await inTransaction(call.pool, async (client) => {
    const { rows } = await client.query<{ id: string; provider: string }>(
      'SELECT id, provider FROM auth.identities WHERE user_id = $1 FOR UPDATE',
      [caller.userId],
    )
    const identity = rows.find((row) => row.id === identityId)
    if (!identity) throw notFound('identity_not_found', "Identity doesn't exist")
    if (rows.length <= 1)
      throw new AuthError(422, 'single_identity_not_deletable', 'User must have at least 1 identity after unlinking')
    await client.query('DELETE FROM auth.identities WHERE id = $1', [identityId])
    const remaining = [...new Set(rows.filter((row) => row.id !== identityId).map((row) => row.provider))]
    await client.query(
      `UPDATE auth.users SET raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb)
         || jsonb_build_object('providers', $2::jsonb, 'provider', $3::text), updated_at = now() WHERE id = $1`,
      [caller.userId, JSON.stringify(remaining), remaining[0] ?? 'email'],
    )
  })
  return noContent()
}

/** The user for a provider's identity: found by the identity, linked by a verified address, or made. */
async function userForIdentity(
  call: AuthCall,
  client: pg.ClientBase,
  provider: string,
  person: ProviderUser,
  linkUser: string | null,
): Promise<UserRow> {
  const found = await client.query<UserRow>(
    `SELECT ${USER_COLUMNS.split(',')
      .map((column) => `u.${column.trim()}`)
      .join(', ')}
     FROM auth.identities i JOIN auth.users u ON u.id = i.user_id WHERE i.provider = $1 AND i.provider_id = $2`,
    [provider, person.id],
  )
  let user = found.rows[0] ?? null
  if (user) {
    if (linkUser && user.id !== linkUser) {
      throw new AuthError(422, 'identity_already_exists', 'Identity is already linked to another user')
    }
    await client.query(
      `UPDATE auth.identities SET identity_data = $3, last_sign_in_at = now(), updated_at = now()
       WHERE provider = $1 AND provider_id = $2`,
      [provider, person.id, JSON.stringify(person.data)],
    )
    return user
  }
  if (linkUser) {
    const { rows } = await client.query<UserRow>(`SELECT ${USER_COLUMNS} FROM auth.users WHERE id = $1`, [linkUser])
    user = rows[0] ?? null
    if (!user) throw notFound('user_not_found', 'User not found')
  } else if (person.email && person.emailVerified) {
    user = await userByEmail(client, person.email)
  }
  if (!user) {
    if (call.project.config.disable_signup)
      throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance')
    return insertUser(client, {
      email: person.email,
      phone: null,
      passwordHash: null,
      emailConfirmed: person.emailVerified,
      phoneConfirmed: false,
      provider,
      userMetadata: person.data,
      identity: { providerId: person.id, data: person.data },
    })
  }
  await client.query(
    `INSERT INTO auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     VALUES ($1, $2, $3, $4, now(), now(), now())`,
    [person.id, user.id, JSON.stringify(person.data), provider],
  )
  const { rows } = await client.query<UserRow>(
    `UPDATE auth.users SET raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || jsonb_build_object('providers',
       (SELECT jsonb_agg(DISTINCT p) FROM jsonb_array_elements_text(coalesce(raw_app_meta_data -> 'providers', '[]'::jsonb) || to_jsonb($2::text)) p)),
       email_confirmed_at = CASE WHEN $3 THEN coalesce(email_confirmed_at, now()) ELSE email_confirmed_at END,
       updated_at = now()
     WHERE id = $1 RETURNING ${USER_COLUMNS}`,
    [user.id, provider, person.emailVerified && person.email === user.email],
  )
  return rows[0] as UserRow
}

/** Signs in (or links) with what the provider said, in one transaction. */
async function completeSignIn(
  call: AuthCall,
  provider: Provider,
  person: ProviderUser,
  state: Pick<OAuthState, 'flow_id' | 'link_user'>,
  tokens: ProviderTokens | null,
): Promise<{ session: SessionAnswer | null; authCode: string | null }> {
  return inTransaction(call.pool, async (client) => {
    const user = await userForIdentity(call, client, provider.name, person, state.link_user)
    if (state.flow_id) {
      const { rows } = await client.query<{ auth_code: string }>(
        `UPDATE auth.flow_state SET user_id = $2, provider_access_token = $3, provider_refresh_token = $4,
           auth_code_issued_at = now(), updated_at = now()
         WHERE id = $1 RETURNING auth_code`,
        [state.flow_id, user.id, tokens?.accessToken ?? null, tokens?.refreshToken ?? null],
      )
      if (!rows[0]) throw badRequest('flow_state_not_found', 'invalid flow state, no valid flow state found')
      return { session: null, authCode: rows[0].auth_code }
    }
    return { session: await startSession(client, call.project, user, 'oauth', metaOf(call.req)), authCode: null }
  })
}

/** `GET /callback`: always a redirect, to the redirect the state carries (checked when it was made). */
export async function handleCallback(call: AuthCall): Promise<AuthResponse> {
  const query = call.req.query
  let target = call.project.config.site_url
  try {
    const state = await readState(call, query.get('state'))
    target = redirectTarget(call.project.config, state.redirect_to)
    const providerError = query.get('error')
    if (providerError) {
      throw new AuthError(403, 'oauth_provider_error', query.get('error_description') ?? providerError)
    }
    const code = query.get('code')
    if (!code) throw badRequest('bad_oauth_callback', 'OAuth callback with missing authorization code')
    const provider = await providerOf(call.project.config, state.provider, fetcherOf(call))
    const tokens = await provider.exchange(code, callbackUrl(call))
    const person = await provider.profile(tokens, state.nonce)
    const done = await completeSignIn(call, provider, person, state, tokens)
    const url = new URL(target)
    if (done.authCode) {
      url.searchParams.set('code', done.authCode)
      return redirect(url.toString())
    }
    const session = done.session as SessionAnswer
    url.hash = new URLSearchParams({
      access_token: session.access_token,
      expires_at: String(session.expires_at),
      expires_in: String(session.expires_in),
      provider_token: tokens.accessToken,
      ...(tokens.refreshToken ? { provider_refresh_token: tokens.refreshToken } : {}),
      refresh_token: session.refresh_token,
      token_type: 'bearer',
    }).toString()
    return redirect(url.toString())
  } catch (error) {
    if (!(error instanceof AuthError)) throw error
    const url = new URL(target)
    url.hash = new URLSearchParams({
      error: error.status >= 500 ? 'server_error' : 'access_denied',
      error_code: error.code,
      error_description: error.message,
    }).toString()
    return redirect(url.toString())
  }
}

/** `grant_type=id_token`: an OpenID Connect provider's ID token, verified against the provider's keys. */
export async function idTokenGrant(call: AuthCall): Promise<AuthResponse> {
  const body = bodyObject(call.req)
  if (typeof body.id_token !== 'string' || typeof body.provider !== 'string') {
    throw validationFailed('id_token and provider are required')
  }
  const provider = await providerOf(call.project.config, body.provider, fetcherOf(call))
  if (!provider.verifyIdToken) throw badRequest('validation_failed', `${provider.name} does not issue ID tokens`)
  const person = await provider.verifyIdToken(body.id_token, typeof body.nonce === 'string' ? body.nonce : null)
  const done = await completeSignIn(call, provider, person, { flow_id: null, link_user: null }, null)
  return json(200, done.session)
}
