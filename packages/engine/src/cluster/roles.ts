import type pg from 'pg'
import { withClient } from './client'
import { isPasswordVerifier, scramSha256Verifier } from './scram'
import type { ClusterLocation } from './types'

/** The API roles the hosted product creates; the data API logs in as authenticator and switches role per request. */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const
export const AUTHENTICATOR_ROLE = 'authenticator'

export interface BootstrapRolesOptions {
  authenticatorPassword: string
}

/**
 * `ALTER ROLE ... PASSWORD`, sending a SCRAM verifier instead of the password whenever possible.
 * `password` may itself be a verifier (the platform may never hold the plaintext); it is then stored as-is.
 */
export function alterRolePasswordSql(
  client: Pick<pg.Client, 'escapeIdentifier' | 'escapeLiteral'>,
  role: string,
  password: string,
): string {
  const secret = isPasswordVerifier(password) ? password : (scramSha256Verifier(password) ?? password)
  return `ALTER ROLE ${client.escapeIdentifier(role)} PASSWORD ${client.escapeLiteral(secret)}`
}

/** Sets (or resets) a role's password, e.g. the postgres superuser's. */
export async function setRolePassword(spec: ClusterLocation, role: string, password: string): Promise<void> {
  await withClient(spec, (client) => client.query(alterRolePasswordSql(client, role, password)))
}

export function bootstrapRolesSql(
  client: Pick<pg.Client, 'escapeIdentifier' | 'escapeLiteral'>,
  authenticatorPassword: string,
): string {
  const apiRoles = API_ROLES.join(', ')
  return `
BEGIN;
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'anon') THEN CREATE ROLE anon; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'authenticated') THEN CREATE ROLE authenticated; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'service_role') THEN CREATE ROLE service_role; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'authenticator') THEN CREATE ROLE authenticator; END IF;
END
$$;
ALTER ROLE anon NOLOGIN NOINHERIT;
ALTER ROLE authenticated NOLOGIN NOINHERIT;
ALTER ROLE service_role NOLOGIN NOINHERIT BYPASSRLS;
ALTER ROLE authenticator LOGIN NOINHERIT;
${alterRolePasswordSql(client, AUTHENTICATOR_ROLE, authenticatorPassword)};
GRANT ${apiRoles} TO authenticator;
GRANT USAGE ON SCHEMA public TO ${apiRoles};
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON TABLES TO ${apiRoles};
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON SEQUENCES TO ${apiRoles};
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON FUNCTIONS TO ${apiRoles};
COMMIT;`
}

/**
 * Creates anon, authenticated, service_role (NOLOGIN; service_role bypasses RLS) and authenticator (LOGIN,
 * NOINHERIT, member of the three), and lets them use what postgres creates in public. Idempotent: attributes,
 * password and grants are (re)applied on every run, in one transaction.
 */
export async function bootstrapProjectRoles(spec: ClusterLocation, options: BootstrapRolesOptions): Promise<void> {
  await withClient(spec, (client) => client.query(bootstrapRolesSql(client, options.authenticatorPassword)))
}
