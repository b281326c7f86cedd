import {
  FIRST_MAJOR_WITH_SAFE_CREATEROLE,
  MIGRATION_ROLE,
  PLATFORM_SUPERUSER,
  SERVER_ACCESS_ROLES,
  UPGRADE_REPLICATION_ROLE,
} from './role-names'

/**
 * Checked on every start: no role but the platform superuser (and the migration role while it exists) is a
 * superuser or may replicate, none is a member of the server file/program roles, and before Postgres 16 none
 * has CREATEROLE (which could grant those roles). Whatever a tenant or an older version left is taken away.
 */
export function roleInvariantsSql(major: number): string {
  const createRole =
    major >= FIRST_MAJOR_WITH_SAFE_CREATEROLE
      ? ''
      : `FOR r IN SELECT rolname FROM pg_catalog.pg_roles WHERE rolcreaterole AND ${notPlatform('rolname')} LOOP
    EXECUTE format('ALTER ROLE %I NOCREATEROLE', r.rolname);
  END LOOP;`
  return `
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT rolname FROM pg_catalog.pg_roles WHERE (rolsuper OR rolreplication) AND ${notPlatform('rolname')}
    AND NOT (rolname = '${UPGRADE_REPLICATION_ROLE}' AND NOT rolsuper) LOOP
    EXECUTE format('ALTER ROLE %I NOSUPERUSER NOREPLICATION', r.rolname);
  END LOOP;
  FOR r IN SELECT g.rolname AS granted, m.rolname AS member
    FROM pg_catalog.pg_auth_members am
    JOIN pg_catalog.pg_roles g ON g.oid = am.roleid
    JOIN pg_catalog.pg_roles m ON m.oid = am.member
    WHERE g.rolname IN (${SERVER_ACCESS_ROLES.map((role) => `'${role}'`).join(', ')}) AND ${notPlatform('m.rolname')}
  LOOP
    EXECUTE format('REVOKE %I FROM %I CASCADE', r.granted, r.member);
  END LOOP;
  ${createRole}
END
$$;`
}

const notPlatform = (column: string): string => `${column} NOT IN ('${PLATFORM_SUPERUSER}', '${MIGRATION_ROLE}')`
