import { alterRolePasswordSql } from '@pgfleet/engine'
import type pg from 'pg'

/** The auth server's own role in a project: owner of the `auth` schema, member of no other role. */
export const AUTH_ADMIN_ROLE = 'supabase_auth_admin'

/** The catalog's answer about the `auth` schema: who owns it, if it exists. */
const SCHEMA_OWNER_SQL = `
SELECT pg_catalog.pg_get_userbyid(nspowner) AS owner FROM pg_catalog.pg_namespace WHERE nspname = 'auth'`

/**
 * Makes the auth server's role as the platform's superuser: the one step no lesser role can take (the tenant's
 * owner may not create roles on every major, and must not own this one). It reads only the catalog and runs no
 * tenant function. Whatever the role was before (a tenant with CREATEROLE may have made one of that name first),
 * afterwards it is a plain login with the platform's password, holds no membership and nobody holds it, and owns
 * the `auth` schema, which is created here when missing.
 */
export function authRoleSql(client: Pick<pg.Client, 'escapeIdentifier' | 'escapeLiteral'>, password: string): string {
  const role = AUTH_ADMIN_ROLE
  return `
BEGIN;
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${role}; END IF;
END
$$;
ALTER ROLE ${role} LOGIN NOINHERIT NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS CONNECTION LIMIT -1;
ALTER ROLE ${role} RESET ALL;
ALTER ROLE ${role} SET search_path = auth;
ALTER ROLE ${role} SET idle_in_transaction_session_timeout = '60s';
${alterRolePasswordSql(client, role, password)};
DO $$
DECLARE
  grant_row record;
  granted_by_works boolean := pg_catalog.current_setting('server_version_num')::int >= 160000;
BEGIN
  FOR grant_row IN
    SELECT m.roleid::regrole::text AS granted, m.member::regrole::text AS member, m.grantor::regrole::text AS grantor
    FROM pg_catalog.pg_auth_members m
    WHERE m.member = '${role}'::regrole OR m.roleid = '${role}'::regrole
  LOOP
    IF granted_by_works THEN
      EXECUTE pg_catalog.format('REVOKE %s FROM %s GRANTED BY %s CASCADE', grant_row.granted, grant_row.member, grant_row.grantor);
    ELSE
      EXECUTE pg_catalog.format('REVOKE %s FROM %s CASCADE', grant_row.granted, grant_row.member);
    END IF;
  END LOOP;
END
$$;
CREATE SCHEMA IF NOT EXISTS auth AUTHORIZATION ${role};
COMMIT;`
}

/** Refuses a schema `auth` the auth server does not own (the tenant made one): nothing is taken from the tenant. */
export async function assertAuthSchemaOwner(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ owner: string }>(SCHEMA_OWNER_SQL)
  const owner = rows[0]?.owner
  if (owner && owner !== AUTH_ADMIN_ROLE) {
    throw new Error(
      `The schema "auth" belongs to the role ${owner}, so the auth server cannot manage it. Rename or drop that schema (or give it to ${AUTH_ADMIN_ROLE}) and try again.`,
    )
  }
}

/** The role and schema, ready for the auth server's own migrations. Runs on a superuser connection. */
export async function ensureAuthRole(
  client: pg.ClientBase & Pick<pg.Client, 'escapeIdentifier' | 'escapeLiteral'>,
  password: string,
): Promise<void> {
  await assertAuthSchemaOwner(client)
  try {
    await client.query(authRoleSql(client, password))
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  }
}
