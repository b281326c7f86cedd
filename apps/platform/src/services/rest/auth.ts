import { errors as joseErrors } from 'jose'
import { API_KEY_ROLES, type VerifiedJwt, verifyProjectJwt } from '../../control/keys/api-keys'
import { RestError, unauthorized } from './errors'
import type { ProjectEntry } from './project-directory'

/**
 * Who is calling: every request carries the project's `apikey` (anon or service_role key, as a header or the
 * `apikey` query parameter); an `Authorization: Bearer` JWT, when present, decides the database role. Both are
 * verified against the project's JWT secret.
 */
export interface RequestAuth {
  role: string
  claims: Record<string, unknown>
  /** `claims` as JSON (request.jwt.claims), serialized once per verified token */
  claimsJson?: string
}

const MAX_CACHED_TOKENS = 10_000

/**
 * The token's verified role and claims: from the project's cache while the token is unexpired (synchronously, so a
 * busy endpoint spends no promise on it), else verified against the project's secret and cached.
 */
function verifyCached(entry: ProjectEntry, token: string): RequestAuth | Promise<RequestAuth> {
  const cached = entry.tokens.get(token)
  if (cached && cached.expiresAtMs > Date.now()) return cached.auth
  return verifyAndCache(entry, token)
}

async function verifyAndCache(entry: ProjectEntry, token: string): Promise<RequestAuth> {
  let jwt: VerifiedJwt
  try {
    jwt = await verifyProjectJwt(token, entry.jwtSecret)
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw unauthorized('PGRST303', 'JWT expired')
    throw unauthorized('PGRST301', 'JWT could not be verified', (error as Error).message)
  }
  const exp = typeof jwt.claims.exp === 'number' ? jwt.claims.exp * 1000 : Number.POSITIVE_INFINITY
  const auth: RequestAuth = { role: jwt.role, claims: jwt.claims, claimsJson: JSON.stringify(jwt.claims) }
  if (entry.tokens.size >= MAX_CACHED_TOKENS) entry.tokens.clear()
  entry.tokens.set(token, { auth, expiresAtMs: exp })
  return auth
}

const invalidApiKey = () =>
  new RestError(401, 'PGRST301', 'Invalid API key', null, 'Double check the anon or service_role API key.')

/**
 * The caller's role and claims. Synchronous when the tokens are cached (the common case), a promise otherwise;
 * either way a failure is a RestError (thrown, or the promise's rejection).
 */
export function authenticate(
  entry: ProjectEntry,
  apikey: string | undefined,
  authorization: string | undefined,
): RequestAuth | Promise<RequestAuth> {
  if (!apikey) {
    throw new RestError(
      401,
      'PGRST302',
      'No API key found in request',
      null,
      'No `apikey` request header or url param was found.',
    )
  }
  const key = verifyCached(entry, apikey)
  if (key instanceof Promise) {
    return key.then(
      (verified) => withBearer(entry, verified, authorization),
      () => {
        throw invalidApiKey()
      },
    )
  }
  return withBearer(entry, key, authorization)
}

/** The API key's role decides unless an `Authorization: Bearer` JWT is given. */
function withBearer(
  entry: ProjectEntry,
  key: RequestAuth,
  authorization: string | undefined,
): RequestAuth | Promise<RequestAuth> {
  if (!(API_KEY_ROLES as readonly string[]).includes(key.role)) {
    throw new RestError(401, 'PGRST301', 'Invalid API key', null, 'The apikey must be the anon or service_role key.')
  }
  if (!authorization) return key
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
  if (!match) throw unauthorized('PGRST301', 'The Authorization header must be "Bearer <token>"')
  return verifyCached(entry, match[1] as string)
}

/** A Bearer JWT signed with the project's secret, alone: its role decides (for endpoints that take no apikey). */
export async function authenticateBearer(entry: ProjectEntry, authorization: string | undefined): Promise<RequestAuth> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  if (!match) throw unauthorized('PGRST301', 'The Authorization header must be "Bearer <token>"')
  return verifyCached(entry, match[1] as string)
}
