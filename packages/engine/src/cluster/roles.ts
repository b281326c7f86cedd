import type pg from 'pg'
import { withClient } from './client'
import { readOnlyRoleSql } from './read-only-role'
import { roleInvariantsSql } from './role-invariants'
import {
  API_ROLES,
  AUTHENTICATOR_ROLE,
  FIRST_MAJOR_WITH_RESERVED_CONNECTIONS,
  FIRST_MAJOR_WITH_SAFE_CREATEROLE,
  PLATFORM_SUPERUSER,
  TENANT_OWNER_MEMBERSHIPS,
  TENANT_OWNER_ROLE,
} from './role-names'
import { isPasswordVerifier, scramSha256Verifier } from './scram'
import { platformSuperuserPassword } from './superuser-password'
import type { ClusterLocation } from './types'

export interface BootstrapRolesOptions {
  /** authenticator's password (or verifier); unchanged when omitted. */
  authenticatorPassword?: string
  /** The password (or SCRAM verifier) of the tenant's `postgres` role; unchanged when omitted. */
  ownerPassword?: string
  /** Server major: decides whether `postgres` may have CREATEROLE. */
  major: number
}

type Escaper = Pick<pg.Client, 'escapeIdentifier' | 'escapeLiteral'>

/**
 * `ALTER ROLE ... PASSWORD`, sending a SCRAM verifier instead of the password whenever possible.
 * `password` may itself be a verifier (the platform may never hold the plaintext); it is then stored as-is.
 */
export function alterRolePasswordSql(client: Escaper, role: string, password: string): string {
  const secret = isPasswordVerifier(password) ? password : (scramSha256Verifier(password) ?? password)
  return `ALTER ROLE ${client.escapeIdentifier(role)} PASSWORD ${client.escapeLiteral(secret)}`
}

/** Sets (or resets) a role's password, e.g. the tenant owner's. Runs as the platform superuser. */
export async function setRolePassword(spec: ClusterLocation, role: string, password: string): Promise<void> {
  await withClient(spec, (client) => client.query(alterRolePasswordSql(client, role, password)))
}

export const tenantOwnerAttributes = (major: number): string =>
  `LOGIN NOSUPERUSER ${major >= FIRST_MAJOR_WITH_SAFE_CREATEROLE ? 'CREATEROLE' : 'NOCREATEROLE'} CREATEDB BYPASSRLS NOREPLICATION INHERIT`

export function bootstrapRolesSql(client: Escaper, options: BootstrapRolesOptions): string {
  const apiRoles = API_ROLES.join(', ')
  const owner = TENANT_OWNER_ROLE
  const ownerPassword =
    options.ownerPassword === undefined ? '' : `${alterRolePasswordSql(client, owner, options.ownerPassword)};`
  return `
BEGIN;
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${owner}') THEN CREATE ROLE ${owner}; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'anon') THEN CREATE ROLE anon; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'authenticated') THEN CREATE ROLE authenticated; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'service_role') THEN CREATE ROLE service_role; END IF;
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'authenticator') THEN CREATE ROLE authenticator; END IF;
END
$$;
${alterRolePasswordSql(client, PLATFORM_SUPERUSER, platformSuperuserPassword())};
ALTER ROLE ${owner} ${tenantOwnerAttributes(options.major)};
${ownerPassword}
GRANT ${TENANT_OWNER_MEMBERSHIPS.join(', ')} TO ${owner};
ALTER ROLE anon NOLOGIN NOINHERIT;
ALTER ROLE authenticated NOLOGIN NOINHERIT;
ALTER ROLE service_role NOLOGIN NOINHERIT BYPASSRLS;
ALTER ROLE authenticator LOGIN NOINHERIT;
${options.authenticatorPassword === undefined ? '' : `${alterRolePasswordSql(client, AUTHENTICATOR_ROLE, options.authenticatorPassword)};`}
GRANT ${apiRoles} TO authenticator;
${options.major >= FIRST_MAJOR_WITH_RESERVED_CONNECTIONS ? 'GRANT pg_use_reserved_connections TO authenticator WITH INHERIT TRUE;' : ''}
GRANT ${apiRoles} TO ${owner} WITH ADMIN OPTION;
ALTER DATABASE postgres OWNER TO ${owner};
ALTER SCHEMA public OWNER TO ${owner};
GRANT USAGE ON SCHEMA public TO ${apiRoles};
ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} IN SCHEMA public GRANT ALL ON TABLES TO ${apiRoles};
ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} IN SCHEMA public GRANT ALL ON SEQUENCES TO ${apiRoles};
ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} IN SCHEMA public GRANT ALL ON FUNCTIONS TO ${apiRoles};
${readOnlyRoleSql()}
${roleInvariantsSql(options.major)}
COMMIT;`
}

/**
 * Creates or repairs the project's roles as the platform superuser: the platform superuser's password (the
 * platform's own), the tenant owner `postgres` (not a superuser),
 * anon, authenticated, service_role (NOLOGIN; service_role bypasses RLS), authenticator (LOGIN, NOINHERIT, member of
 * the three) and the read-only role, and enforces that no other role holds superuser or server file access.
 * Idempotent: attributes, passwords and grants are (re)applied on every run, in one transaction.
 */
export async function bootstrapProjectRoles(spec: ClusterLocation, options: BootstrapRolesOptions): Promise<void> {
  await withClient(spec, (client) => client.query(bootstrapRolesSql(client, options)))
}
