import { errors as joseErrors } from 'jose'
import { API_KEY_ROLES, type VerifiedJwt, verifyProjectJwt } from '../keys/api-keys'
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
}

const MAX_CACHED_TOKENS = 10_000

async function verifyCached(entry: ProjectEntry, token: string): Promise<VerifiedJwt> {
  const cached = entry.tokens.get(token)
  if (cached && cached.expiresAtMs > Date.now()) return cached.jwt
  let jwt: VerifiedJwt
  try {
    jwt = await verifyProjectJwt(token, entry.jwtSecret)
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) throw unauthorized('PGRST303', 'JWT expired')
    throw unauthorized('PGRST301', 'JWT could not be verified', (error as Error).message)
  }
  const exp = typeof jwt.claims.exp === 'number' ? jwt.claims.exp * 1000 : Number.POSITIVE_INFINITY
  if (entry.tokens.size >= MAX_CACHED_TOKENS) entry.tokens.clear()
  entry.tokens.set(token, { jwt, expiresAtMs: exp })
  return jwt
}

export async function authenticate(
  entry: ProjectEntry,
  apikey: string | undefined,
  authorization: string | undefined,
): Promise<RequestAuth> {
  if (!apikey) {
    throw new RestError(
      401,
      'PGRST302',
      'No API key found in request',
      null,
      'No `apikey` request header or url param was found.',
    )
  }
  let key: VerifiedJwt
  try {
    key = await verifyCached(entry, apikey)
  } catch {
    throw new RestError(401, 'PGRST301', 'Invalid API key', null, 'Double check the anon or service_role API key.')
  }
  if (!(API_KEY_ROLES as readonly string[]).includes(key.role)) {
    throw new RestError(401, 'PGRST301', 'Invalid API key', null, 'The apikey must be the anon or service_role key.')
  }
  if (!authorization) return { role: key.role, claims: key.claims }
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization)
  if (!match) throw unauthorized('PGRST301', 'The Authorization header must be "Bearer <token>"')
  const jwt = await verifyCached(entry, match[1] as string)
  return { role: jwt.role, claims: jwt.claims }
}

/** A Bearer JWT signed with the project's secret, alone: its role decides (for endpoints that take no apikey). */
export async function authenticateBearer(entry: ProjectEntry, authorization: string | undefined): Promise<RequestAuth> {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  if (!match) throw unauthorized('PGRST301', 'The Authorization header must be "Bearer <token>"')
  const jwt = await verifyCached(entry, match[1] as string)
  return { role: jwt.role, claims: jwt.claims }
}
