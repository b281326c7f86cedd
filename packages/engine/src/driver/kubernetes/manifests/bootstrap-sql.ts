import { escapeLiteral } from 'pg'
import { readOnlyRoleSql } from '../../../cluster/read-only-role'
import { API_ROLES, AUTHENTICATOR_ROLE } from '../../../cluster/role-names'
import { isPasswordVerifier, scramSha256Verifier } from '../../../cluster/scram'

/**
 * The roles a new project needs, run once by CloudNativePG right after initdb (`postInitSQLRefs`, as its superuser
 * `postgres`, in the `postgres` database). On Kubernetes `postgres` is CloudNativePG's superuser, which its operator
 * needs, so unlike on the local driver it is not demoted to a plain owner: the tenant's owner role model of the local
 * driver does not apply here. The authenticator's password goes in as a SCRAM verifier, never in plain text.
 */
export function projectBootstrapSql(authenticatorPassword: string): string {
  const secret = isPasswordVerifier(authenticatorPassword)
    ? authenticatorPassword
    : (scramSha256Verifier(authenticatorPassword) ?? authenticatorPassword)
  const apiRoles = API_ROLES.join(', ')
  const createApiRoles = API_ROLES.map(
    (role) => `  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${role}; END IF;`,
  ).join('\n')
  return `DO $$
BEGIN
${createApiRoles}
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${AUTHENTICATOR_ROLE}') THEN CREATE ROLE ${AUTHENTICATOR_ROLE}; END IF;
END
$$;
ALTER ROLE anon NOLOGIN NOINHERIT;
ALTER ROLE authenticated NOLOGIN NOINHERIT;
ALTER ROLE service_role NOLOGIN NOINHERIT BYPASSRLS;
ALTER ROLE ${AUTHENTICATOR_ROLE} LOGIN NOINHERIT PASSWORD ${escapeLiteral(secret)};
GRANT ${apiRoles} TO ${AUTHENTICATOR_ROLE};
GRANT USAGE ON SCHEMA public TO ${apiRoles};
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON TABLES TO ${apiRoles};
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON SEQUENCES TO ${apiRoles};
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT ALL ON FUNCTIONS TO ${apiRoles};
${readOnlyRoleSql()}
`
}
