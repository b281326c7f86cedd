import { jwtVerify, SignJWT } from 'jose'

export const API_KEY_ROLES = ['anon', 'service_role'] as const
export type ApiKeyRole = (typeof API_KEY_ROLES)[number]

/** Keys are long-lived: ten years, like the hosted product's. */
const KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 3600
export const API_KEY_ISSUER = 'pgfleet'

const secretBytes = (secret: string) => new TextEncoder().encode(secret)

/**
 * A project API key: an HS256 JWT signed with the project's JWT secret. `iat` is the project's creation time,
 * so the same secret always yields the same keys and rotating the secret is what changes them.
 */
export async function signApiKey(role: ApiKeyRole, jwtSecret: string, ref: string, issuedAt: Date): Promise<string> {
  const iat = Math.floor(issuedAt.getTime() / 1000)
  return new SignJWT({ role, ref })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(API_KEY_ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + KEY_LIFETIME_SECONDS)
    .sign(secretBytes(jwtSecret))
}

export interface VerifiedJwt {
  role: string
  claims: Record<string, unknown>
}

/** Verifies any JWT a client presents to a project's APIs (keys or user tokens) against the project's secret. */
export async function verifyProjectJwt(token: string, jwtSecret: string): Promise<VerifiedJwt> {
  const { payload } = await jwtVerify(token, secretBytes(jwtSecret), { algorithms: ['HS256'] })
  const role = typeof payload.role === 'string' ? payload.role : 'anon'
  return { role, claims: payload as Record<string, unknown> }
}

export async function projectApiKeys(project: { ref: string; jwt_secret: string; created_at: Date }) {
  return {
    anon: await signApiKey('anon', project.jwt_secret, project.ref, project.created_at),
    service_role: await signApiKey('service_role', project.jwt_secret, project.ref, project.created_at),
  }
}
