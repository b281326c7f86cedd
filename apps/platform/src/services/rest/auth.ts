import {
  type ApiKeyRefusal,
  type ApiKeyResolution,
  type CallerCredentials,
  type MaybePromise,
  type ProjectKeyring,
  resolveApiRequest,
  resolveBearer,
} from '../../control/keys/api-key-resolver'
import { RestError, unauthorized } from './errors'

/**
 * Who is calling: the project's shared resolver decides from the `apikey` (a legacy JWT, a publishable or a
 * secret key; header or `apikey` query parameter), the `Authorization: Bearer` token when present (which decides
 * the database role) and the User-Agent (a secret key is refused from a browser).
 */
export interface RequestAuth {
  role: string
  claims: Record<string, unknown>
  /** `claims` as JSON (request.jwt.claims), serialized once per verified token */
  claimsJson?: string
}

/** What a bad Bearer token is refused for: PostgREST answers those with a WWW-Authenticate challenge. */
const BEARER_REFUSALS = new Set<ApiKeyRefusal['code']>(['malformed_authorization', 'jwt_expired', 'invalid_jwt'])

/** A refusal in PostgREST's words: 401, PGRST302 without a key, PGRST303 for an expired JWT, PGRST301 otherwise. */
export function restErrorOf(refusal: ApiKeyRefusal): RestError {
  const code = refusal.code === 'no_api_key' ? 'PGRST302' : refusal.code === 'jwt_expired' ? 'PGRST303' : 'PGRST301'
  if (BEARER_REFUSALS.has(refusal.code)) return unauthorized(code, refusal.message, refusal.details, refusal.hint)
  return new RestError(refusal.status, code, refusal.message, refusal.details, refusal.hint)
}

function accepted(resolution: ApiKeyResolution): RequestAuth {
  if (!resolution.ok) throw restErrorOf(resolution)
  return resolution.caller
}

/**
 * The caller's role and claims. Synchronous when nothing needs verifying (the common case), a promise otherwise;
 * either way a refusal is a RestError (thrown, or the promise's rejection).
 */
export function authenticate(keyring: ProjectKeyring, credentials: CallerCredentials): MaybePromise<RequestAuth> {
  const resolution = resolveApiRequest(keyring, credentials)
  return resolution instanceof Promise ? resolution.then(accepted) : accepted(resolution)
}

/** A Bearer token alone decides (for endpoints that take no apikey): a JWT, or one of the project's keys. */
export async function authenticateBearer(
  keyring: ProjectKeyring,
  authorization: string | undefined,
  userAgent: string | undefined,
): Promise<RequestAuth> {
  return accepted(await resolveBearer(keyring, authorization, { userAgent, apiKeys: 'accept' }))
}
