import { escapeLiteral } from 'pg'
import { READ_ONLY_ROLE, readOnlyRoleSql } from '../../../cluster/read-only-role'
import { API_ROLES, AUTHENTICATOR_ROLE, TENANT_OWNER_MEMBERSHIPS } from '../../../cluster/role-names'
import { tenantOwnerAttributes } from '../../../cluster/roles'
import { isPasswordVerifier, scramSha256Verifier } from '../../../cluster/scram'
import {
  declaredRoles,
  KUBERNETES_TENANT_OWNER,
  PLATFORM_LOGIN_ROLES,
  PLATFORM_OWNER_LOGIN,
  roleAttributesSql,
} from './roles'

export interface BootstrapPasswords {
  /** The tenant owner's first password (or its SCRAM verifier). */
  ownerPassword: string
  /** The data API authenticator's password (or its SCRAM verifier). */
  authenticatorPassword: string
}

/** A password as Postgres should store it: a SCRAM verifier, so the plaintext never reaches the server. */
function storedSecret(password: string): string {
  return isPasswordVerifier(password) ? password : (scramSha256Verifier(password) ?? password)
}

export function tenantPasswordsSql(major: number, passwords: BootstrapPasswords): string {
  return `ALTER ROLE ${KUBERNETES_TENANT_OWNER} ${tenantOwnerAttributes(major)} PASSWORD ${escapeLiteral(storedSecret(passwords.ownerPassword))};
ALTER ROLE ${AUTHENTICATOR_ROLE} LOGIN NOINHERIT PASSWORD ${escapeLiteral(storedSecret(passwords.authenticatorPassword))};`
}

/**
 * The roles and ownership a new project needs, run once by CloudNativePG right after initdb (`postInitSQLRefs`,
 * as its superuser, in the `postgres` database). CloudNativePG creates `managed.roles` only after bootstrap, so
 * the roles are created here with the attributes the managed stanza declares (no password for the platform's
 * logins: CloudNativePG sets those from their Secrets), and the stanza keeps them so. The tenant's owner owns the `postgres` database and
 * its `public` schema, as `postgres` does on the local driver.
 */
export function projectBootstrapSql(major: number, passwords: BootstrapPasswords): string {
  const readOnlyRole = declaredRoles(major).find((role) => role.name === READ_ONLY_ROLE)
  if (!readOnlyRole) throw new Error('The read-only role is not declared')
  const apiRoles = API_ROLES.join(', ')
  const owner = KUBERNETES_TENANT_OWNER
  const created = [...API_ROLES, AUTHENTICATOR_ROLE, owner, ...PLATFORM_LOGIN_ROLES]
    .map((role) => `  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${role}; END IF;`)
    .join('\n')
  return `DO $$
BEGIN
${created}
END
$$;
${declaredRoles(major).map(roleAttributesSql).join('\n')}
${tenantPasswordsSql(major, passwords)}
GRANT ${TENANT_OWNER_MEMBERSHIPS.join(', ')} TO ${owner};
GRANT ${apiRoles} TO ${AUTHENTICATOR_ROLE};
GRANT ${apiRoles} TO ${owner} WITH ADMIN OPTION;
GRANT ${owner} TO ${PLATFORM_OWNER_LOGIN};
ALTER ROLE ${PLATFORM_OWNER_LOGIN} SET role = '${owner}';
ALTER DATABASE postgres OWNER TO ${owner};
ALTER SCHEMA public OWNER TO ${owner};
GRANT USAGE ON SCHEMA public TO ${apiRoles};
ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} IN SCHEMA public GRANT ALL ON TABLES TO ${apiRoles};
ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} IN SCHEMA public GRANT ALL ON SEQUENCES TO ${apiRoles};
ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} IN SCHEMA public GRANT ALL ON FUNCTIONS TO ${apiRoles};
${readOnlyRoleSql()}
${roleAttributesSql(readOnlyRole)}
`
}
