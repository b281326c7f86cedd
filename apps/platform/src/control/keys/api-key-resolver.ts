import { NEW_API_KEY_PREFIX } from '@pgfleet/contracts'
import { errors as joseErrors } from 'jose'
import { hashApiKey } from './api-key-values'
import { API_KEY_ROLES, verifyProjectJwt } from './api-keys'

/**
 * Who is calling a project's APIs, decided in one place for every service (data API, storage, functions, auth).
 *
 * - `apikey` is a legacy JWT (any JWT signed with the project's secret whose role is anon or service_role) while the
 *   project's legacy keys are on, a publishable key (anon) or a secret key (service_role).
 * - A secret key from a browser (a User-Agent starting `Mozilla/`) is refused: it would be in the page for anyone.
 * - `Authorization: Bearer`, when sent, decides the role: a user's JWT, or one of the project's keys (supabase-js
 *   sends the key itself there when no user is signed in). With the legacy keys off, a JWT of the anon or
 *   service_role role is refused there too, or the switch would be a header away from doing nothing.
 *
 * Answers are synchronous when nothing needs verifying (a known key, a JWT verified before), so a busy endpoint
 * spends no promise on them; a refusal is a value, never a throw.
 */

export type KeyRole = (typeof API_KEY_ROLES)[number]

/** A publishable or secret key of the project, as the resolver knows it (by the hash of its value). */
export interface KeyringKey {
  id: string
  type: 'publishable' | 'secret'
}

export interface ApiCaller {
  role: string
  claims: Record<string, unknown>
  /** `claims` as JSON (request.jwt.claims), serialized once per token */
  claimsJson: string
  /** what decided the role: a legacy JWT key, a publishable or secret key, or a user's JWT (Bearer) */
  via: 'legacy' | 'publishable' | 'secret' | 'jwt'
  /** the publishable or secret key's id; null otherwise */
  keyId: string | null
}

export type ApiKeyRefusalCode =
  | 'no_api_key'
  | 'invalid_api_key'
  | 'legacy_keys_disabled'
  | 'secret_key_in_browser'
  | 'malformed_authorization'
  | 'jwt_expired'
  | 'invalid_jwt'
  | 'api_key_not_jwt'

export interface ApiKeyRefusal {
  ok: false
  code: ApiKeyRefusalCode
  /** always 401: the caller is not authenticated */
  status: 401
  message: string
  hint: string | null
  /** why a JWT failed to verify, for logs and PostgREST's `details` */
  details: string | null
}

export type ApiKeyResolution = { ok: true; caller: ApiCaller } | ApiKeyRefusal
export type MaybePromise<T> = T | Promise<T>

export const API_KEY_REFUSALS: Record<ApiKeyRefusalCode, { message: string; hint: string | null }> = {
  no_api_key: { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
  invalid_api_key: {
    message: 'Invalid API key',
    hint: 'Double check the publishable or secret key (or the legacy anon or service_role key).',
  },
  legacy_keys_disabled: {
    message: 'Legacy API keys are disabled',
    hint: 'The anon and service_role JWT keys of this project are switched off: use a publishable or secret key.',
  },
  secret_key_in_browser: {
    message: 'Forbidden use of secret API key in browser',
    hint: 'Secret API keys are for servers only and are refused from browsers. If it was published, delete it and create a new one.',
  },
  malformed_authorization: { message: 'The Authorization header must be "Bearer <token>"', hint: null },
  jwt_expired: { message: 'JWT expired', hint: null },
  invalid_jwt: { message: 'JWT could not be verified', hint: null },
  api_key_not_jwt: {
    message: 'Invalid JWT',
    hint: 'An API key (sb_…) is not a JWT: send a signed-in user’s access token, or turn off JWT verification for this function.',
  },
}

export function refusal(code: ApiKeyRefusalCode, details: string | null = null): ApiKeyRefusal {
  return { ok: false, code, status: 401, ...API_KEY_REFUSALS[code], details }
}

/** Browsers all send a User-Agent starting `Mozilla/`; servers' HTTP clients (Node, Deno, curl) do not. */
export function isBrowserUserAgent(userAgent: string | undefined): boolean {
  return userAgent?.startsWith('Mozilla/') === true
}

const MAX_CACHED_JWTS = 10_000
const isNewKey = (value: string) => value.startsWith(NEW_API_KEY_PREFIX)
const isKeyRole = (role: string) => (API_KEY_ROLES as readonly string[]).includes(role)

/**
 * What the resolver knows of one project: its JWT secret, whether its legacy keys are on, and its publishable and
 * secret keys by the hash of their values (looking a key up is one hash and one map lookup, the same work whatever
 * the key). It keeps the JWTs it verified, until their `exp`, while the secret is the same.
 */
export class ProjectKeyring {
  private readonly verified: Map<string, { answer: { ok: true; caller: ApiCaller }; expiresAtMs: number }>
  private readonly keyAnswers = new Map<string, { ok: true; caller: ApiCaller } & { type: KeyringKey['type'] }>()

  constructor(
    readonly ref: string,
    readonly jwtSecret: string,
    readonly legacyKeysEnabled: boolean,
    keys: Iterable<[hash: string, key: KeyringKey]>,
    /** the keyring this one replaces: its verified JWTs are kept when the secret is the same */
    previous?: ProjectKeyring | null,
  ) {
    this.verified = previous && previous.jwtSecret === jwtSecret ? previous.verified : new Map()
    for (const [hash, key] of keys) {
      const role: KeyRole = key.type === 'secret' ? 'service_role' : 'anon'
      const claims = { role }
      this.keyAnswers.set(hash, {
        ok: true,
        type: key.type,
        caller: { role, claims, claimsJson: JSON.stringify(claims), via: key.type, keyId: key.id },
      })
    }
  }

  /** A publishable or secret key (`sb_…`) of this project. */
  resolveKey(value: string, userAgent: string | undefined): ApiKeyResolution {
    const answer = this.keyAnswers.get(hashApiKey(value))
    if (!answer) return refusal('invalid_api_key')
    if (answer.type === 'secret' && isBrowserUserAgent(userAgent)) return refusal('secret_key_in_browser')
    return answer
  }

  /** A JWT signed with this project's secret: its role and claims (cached until it expires), or why not. */
  verifyJwt(token: string): MaybePromise<ApiKeyResolution> {
    const cached = this.verified.get(token)
    if (cached && cached.expiresAtMs > Date.now()) return cached.answer
    return this.verifyAndKeep(token)
  }

  private async verifyAndKeep(token: string): Promise<ApiKeyResolution> {
    try {
      const { role, claims } = await verifyProjectJwt(token, this.jwtSecret)
      // a JWT of a key's role is a legacy key (the issued ones, or any minted with the secret)
      const via = isKeyRole(role) ? 'legacy' : 'jwt'
      const caller: ApiCaller = { role, claims, claimsJson: JSON.stringify(claims), via, keyId: null }
      const answer = { ok: true, caller } as const
      const expiresAtMs = typeof claims.exp === 'number' ? claims.exp * 1000 : Number.POSITIVE_INFINITY
      if (this.verified.size >= MAX_CACHED_JWTS) this.verified.clear()
      this.verified.set(token, { answer, expiresAtMs })
      return answer
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return refusal('jwt_expired')
      return refusal('invalid_jwt', (error as Error).message)
    }
  }
}

function then<T, U>(value: MaybePromise<T>, next: (value: T) => MaybePromise<U>): MaybePromise<U> {
  return value instanceof Promise ? value.then(next) : next(value)
}

/** The `apikey` alone: which key it is and the role it acts as. */
export function resolveApiKey(
  keyring: ProjectKeyring,
  apikey: string | undefined,
  userAgent: string | undefined,
): MaybePromise<ApiKeyResolution> {
  if (!apikey) return refusal('no_api_key')
  if (isNewKey(apikey)) return keyring.resolveKey(apikey, userAgent)
  return then(keyring.verifyJwt(apikey), (verified) => {
    if (!verified.ok) return refusal('invalid_api_key', verified.details ?? verified.message)
    if (!isKeyRole(verified.caller.role)) {
      return refusal('invalid_api_key', 'The apikey must be an API key: its role is neither anon nor service_role')
    }
    if (!keyring.legacyKeysEnabled) return refusal('legacy_keys_disabled')
    return verified
  })
}

export interface BearerOptions {
  userAgent: string | undefined
  /** 'refuse': only a JWT will do (functions with verify_jwt); 'accept': a project key stands for its role */
  apiKeys: 'accept' | 'refuse'
}

/** `Authorization: Bearer <token>` alone: a user's JWT, or (unless refused) one of the project's keys. */
export function resolveBearer(
  keyring: ProjectKeyring,
  authorization: string | undefined,
  options: BearerOptions,
): MaybePromise<ApiKeyResolution> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  if (!match) return refusal('malformed_authorization')
  const token = match[1] as string
  if (isNewKey(token)) {
    return options.apiKeys === 'accept' ? keyring.resolveKey(token, options.userAgent) : refusal('api_key_not_jwt')
  }
  return then(keyring.verifyJwt(token), (verified) => {
    if (verified.ok && !keyring.legacyKeysEnabled && isKeyRole(verified.caller.role)) {
      return refusal('legacy_keys_disabled')
    }
    return verified
  })
}

/** What a request says about its caller; header names as Node gives them (lower case). */
export interface CallerCredentials {
  /** the `apikey` header, else the `apikey` query parameter */
  apikey: string | undefined
  authorization: string | undefined
  userAgent: string | undefined
}

/**
 * The caller of a request to a project's API: the `apikey` must be one of the project's keys; a Bearer token, when
 * sent, then decides the role (a user's JWT, or a key of the project).
 */
export function resolveApiRequest(
  keyring: ProjectKeyring,
  credentials: CallerCredentials,
): MaybePromise<ApiKeyResolution> {
  return then(resolveApiKey(keyring, credentials.apikey, credentials.userAgent), (key) => {
    if (!key.ok || credentials.authorization === undefined) return key
    // supabase-js without a session sends the key again as the Bearer: it was just resolved
    if (credentials.authorization === `Bearer ${credentials.apikey}`) return key
    return resolveBearer(keyring, credentials.authorization, { userAgent: credentials.userAgent, apiKeys: 'accept' })
  })
}

/** The credentials of a Node request, from its headers as Node parses them (the caller adds an `apikey` parameter). */
export function credentialsOf(headers: Record<string, string | string[] | undefined>): CallerCredentials {
  const first = (name: string) => {
    const value = headers[name]
    return Array.isArray(value) ? value[0] : value
  }
  return {
    apikey: first('apikey'),
    authorization: first('authorization'),
    userAgent: first('user-agent'),
  }
}
