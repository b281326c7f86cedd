import type pg from 'pg'
import { withClient } from './client'
import { READ_ONLY_ROLE, SYSTEM_SCHEMA_CONDITION } from './read-only-role'
import {
  AUTHENTICATOR_ROLE,
  MIGRATION_ROLE,
  PLATFORM_SUPERUSER,
  TENANT_OWNER_ROLE,
  UPGRADE_REPLICATION_ROLE,
} from './role-names'
import { scramSha256Verifier } from './scram'
import { platformSuperuserPassword } from './superuser-password'
import type { ClusterLocation } from './types'

/**
 * Projects created before tenant isolation have a superuser `postgres` that the tenant logs in as. Postgres 16 and
 * later refuse to take SUPERUSER from the bootstrap role, so the move is:
 *   1. a temporary superuser (MIGRATION_ROLE) renames the bootstrap role `postgres` to the platform superuser and
 *      creates a new, non-superuser `postgres` with the same password verifier, in one transaction;
 *   2. in every database, the tenant's objects (schemas, relations, routines, types, ...) move to the new
 *      `postgres` and its default privileges are recreated for it; ALTER SYSTEM settings are reset;
 *   3. the temporary role is dropped, which marks the migration complete (a crash before that repeats step 2,
 *      which is idempotent).
 * Routines in untrusted languages (C, internal, plperlu, ...) a tenant superuser created stay with the platform
 * superuser and lose every EXECUTE grant: the tenant may no longer run code as the server's OS user.
 */
export type SuperuserLayout = 'platform' | 'legacy' | 'migrating'

/** SQLSTATE of "role ... does not exist" at login (invalid_authorization_specification). */
const UNKNOWN_ROLE = '28000'

const isUnknownRole = (error: unknown): boolean => (error as { code?: unknown }).code === UNKNOWN_ROLE

export async function superuserLayout(location: ClusterLocation): Promise<SuperuserLayout> {
  try {
    const { rows } = await withClient(location, (client) =>
      client.query<{ migrating: boolean }>('SELECT EXISTS (SELECT FROM pg_roles WHERE rolname = $1) AS migrating', [
        MIGRATION_ROLE,
      ]),
    )
    return rows[0]?.migrating ? 'migrating' : 'platform'
  } catch (error) {
    if (isUnknownRole(error)) return 'legacy'
    throw error
  }
}

/** Brings a project to the platform-superuser layout; returns true when it had to migrate. Safe to repeat. */
export async function ensurePlatformSuperuser(location: ClusterLocation): Promise<boolean> {
  let layout = await superuserLayout(location)
  if (layout === 'platform') return false
  if (layout === 'legacy') {
    await withClient(location, (client) => client.query(createMigrationRoleSql(client)), { user: TENANT_OWNER_ROLE })
    await withClient(location, (client) => client.query(renameBootstrapRoleSql(client)), { user: MIGRATION_ROLE })
    layout = 'migrating'
  }
  await withClient(location, (client) => client.query('ALTER SYSTEM RESET ALL'))
  await withClient(location, (client) => client.query(ADMIN_OF_TENANT_ROLES))
  const { rows } = await withClient(location, (client) =>
    client.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datallowconn AND NOT datistemplate'),
  )
  for (const { datname } of rows) {
    await withClient(location, (client) => client.query(moveTenantObjectsSql()), { database: datname })
  }
  await withClient(location, (client) => client.query(`DROP ROLE IF EXISTS ${MIGRATION_ROLE}`))
  return true
}

type Escaper = Pick<pg.Client, 'escapeLiteral'>

/** A SCRAM verifier of the platform's password (never the password itself, which stays out of the server's logs). */
function platformVerifier(client: Escaper): string {
  const verifier = scramSha256Verifier(platformSuperuserPassword())
  if (!verifier) throw new Error('The platform password must be printable ASCII')
  return client.escapeLiteral(verifier)
}

// the migration role logs in with the platform's password, like the platform superuser it makes
const createMigrationRoleSql = (client: Escaper) => `
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${MIGRATION_ROLE}') THEN
    CREATE ROLE ${MIGRATION_ROLE} SUPERUSER LOGIN PASSWORD ${platformVerifier(client)};
  END IF;
END
$$`

// The verifier is read before the rename: an MD5 verifier is salted with the role name, which the new role keeps.
const renameBootstrapRoleSql = (client: Escaper) => `
DO $$
DECLARE verifier text;
BEGIN
  SELECT rolpassword INTO verifier FROM pg_catalog.pg_authid WHERE oid = 10;
  EXECUTE 'ALTER ROLE ${TENANT_OWNER_ROLE} RENAME TO ${PLATFORM_SUPERUSER}';
  CREATE ROLE ${TENANT_OWNER_ROLE} LOGIN;
  IF verifier IS NOT NULL THEN
    EXECUTE format('ALTER ROLE ${TENANT_OWNER_ROLE} PASSWORD %L', verifier);
  END IF;
  ALTER ROLE ${PLATFORM_SUPERUSER} PASSWORD ${platformVerifier(client)};
END
$$`

/** On Postgres 16 and later a CREATEROLE role manages only roles it has ADMIN on: the tenant's roles, then. */
const ADMIN_OF_TENANT_ROLES = `
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT rolname FROM pg_catalog.pg_roles
    WHERE rolname NOT LIKE 'pg\\_%' AND NOT rolsuper
      AND rolname NOT IN ('${TENANT_OWNER_ROLE}', '${PLATFORM_SUPERUSER}', '${MIGRATION_ROLE}', '${READ_ONLY_ROLE}', '${AUTHENTICATOR_ROLE}', '${UPGRADE_REPLICATION_ROLE}')
  LOOP
    BEGIN
      EXECUTE format('GRANT %I TO ${TENANT_OWNER_ROLE} WITH ADMIN OPTION', r.rolname);
    EXCEPTION WHEN invalid_grant_operation THEN NULL; -- a role that is itself a member of postgres
    END;
  END LOOP;
END
$$`

/** Objects of the bootstrap role (OID 10) in the tenant's schemas, not part of an extension. */
const tenantOwned = (catalog: string, oidColumn: string, ownerColumn: string, namespaceColumn: string | null) => `
  ${ownerColumn} = 10
  ${namespaceColumn ? `AND ${namespaceColumn} IN (SELECT oid FROM pg_catalog.pg_namespace WHERE ${SYSTEM_SCHEMA_CONDITION('nspname')})` : ''}
  AND NOT EXISTS (SELECT FROM pg_catalog.pg_depend ext_dep
    WHERE ext_dep.classid = '${catalog}'::regclass AND ext_dep.objid = ${oidColumn} AND ext_dep.deptype = 'e')`

/** One database's part of the migration, as one transaction (run as a superuser connected to that database). */
export function moveTenantObjectsSql(): string {
  const owner = TENANT_OWNER_ROLE
  return `
BEGIN;
SET LOCAL search_path = pg_catalog;
DO $$
DECLARE r record;
BEGIN
  IF (SELECT datdba FROM pg_database WHERE datname = current_database()) = 10 THEN
    EXECUTE format('ALTER DATABASE %I OWNER TO ${owner}', current_database());
  END IF;
  FOR r IN SELECT oid::regnamespace AS name FROM pg_namespace n WHERE ${tenantOwned('pg_namespace', 'n.oid', 'n.nspowner', null)}
    AND ${SYSTEM_SCHEMA_CONDITION('n.nspname')} LOOP
    EXECUTE format('ALTER SCHEMA %s OWNER TO ${owner}', r.name);
  END LOOP;

  -- relations; sequences that belong to a column move with their table; foreign tables only over postgres_fdw
  FOR r IN SELECT c.oid::regclass AS name, c.relkind FROM pg_class c
    WHERE ${tenantOwned('pg_class', 'c.oid', 'c.relowner', 'c.relnamespace')}
      AND c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
      AND NOT (c.relkind = 'S' AND EXISTS (SELECT FROM pg_depend d
        WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype IN ('a', 'i')))
      AND NOT (c.relkind = 'f' AND NOT EXISTS (SELECT FROM pg_foreign_table ft
        JOIN pg_foreign_server s ON s.oid = ft.ftserver JOIN pg_foreign_data_wrapper w ON w.oid = s.srvfdw
        WHERE ft.ftrelid = c.oid AND w.fdwname = 'postgres_fdw'))
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${owner}',
      CASE r.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW'
        WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, r.name);
  END LOOP;

  -- routines in trusted languages move; the others stay with the platform and nobody else may run them
  FOR r IN SELECT p.oid::regprocedure AS name, p.prokind, l.lanpltrusted AS trusted FROM pg_proc p
    JOIN pg_language l ON l.oid = p.prolang
    WHERE ${tenantOwned('pg_proc', 'p.oid', 'p.proowner', 'p.pronamespace')}
  LOOP
    IF r.trusted THEN
      EXECUTE format('ALTER %s %s OWNER TO ${owner}',
        CASE r.prokind WHEN 'a' THEN 'AGGREGATE' WHEN 'p' THEN 'PROCEDURE' ELSE 'FUNCTION' END, r.name);
    ELSE
      EXECUTE format('REVOKE ALL ON %s %s FROM PUBLIC',
        CASE r.prokind WHEN 'p' THEN 'PROCEDURE' ELSE 'FUNCTION' END, r.name);
    END IF;
  END LOOP;
  FOR r IN SELECT p.oid::regprocedure AS name, p.prokind, a.grantee::regrole AS grantee FROM pg_proc p
    JOIN pg_language l ON l.oid = p.prolang CROSS JOIN LATERAL aclexplode(p.proacl) a
    WHERE NOT l.lanpltrusted AND a.grantee <> 0 AND a.grantee <> p.proowner
      AND ${tenantOwned('pg_proc', 'p.oid', 'p.proowner', 'p.pronamespace')}
  LOOP
    EXECUTE format('REVOKE ALL ON %s %s FROM %s',
      CASE r.prokind WHEN 'p' THEN 'PROCEDURE' ELSE 'FUNCTION' END, r.name, r.grantee);
  END LOOP;

  -- standalone types: enums, domains, ranges and composite types (not a table's row type or an array type)
  FOR r IN SELECT t.oid::regtype AS name, t.typtype FROM pg_type t
    WHERE ${tenantOwned('pg_type', 't.oid', 't.typowner', 't.typnamespace')}
      AND t.typtype IN ('e', 'd', 'r', 'c')
      AND (t.typtype <> 'c' OR (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c')
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${owner}', CASE r.typtype WHEN 'd' THEN 'DOMAIN' ELSE 'TYPE' END, r.name);
  END LOOP;

  FOR r IN SELECT c.oid FROM pg_collation c WHERE ${tenantOwned('pg_collation', 'c.oid', 'c.collowner', 'c.collnamespace')} LOOP
    EXECUTE format('ALTER COLLATION %s OWNER TO ${owner}',
      (SELECT format('%I.%I', nspname, collname) FROM pg_collation c JOIN pg_namespace n ON n.oid = c.collnamespace WHERE c.oid = r.oid));
  END LOOP;
  FOR r IN SELECT o.oid::regoperator AS name FROM pg_operator o WHERE ${tenantOwned('pg_operator', 'o.oid', 'o.oprowner', 'o.oprnamespace')} LOOP
    EXECUTE format('ALTER OPERATOR %s OWNER TO ${owner}', r.name);
  END LOOP;
  FOR r IN SELECT c.oid::regconfig AS name FROM pg_ts_config c WHERE ${tenantOwned('pg_ts_config', 'c.oid', 'c.cfgowner', 'c.cfgnamespace')} LOOP
    EXECUTE format('ALTER TEXT SEARCH CONFIGURATION %s OWNER TO ${owner}', r.name);
  END LOOP;
  FOR r IN SELECT d.oid::regdictionary AS name FROM pg_ts_dict d WHERE ${tenantOwned('pg_ts_dict', 'd.oid', 'd.dictowner', 'd.dictnamespace')} LOOP
    EXECUTE format('ALTER TEXT SEARCH DICTIONARY %s OWNER TO ${owner}', r.name);
  END LOOP;
  FOR r IN SELECT format('%I.%I', n.nspname, s.stxname) AS name FROM pg_statistic_ext s JOIN pg_namespace n ON n.oid = s.stxnamespace
    WHERE ${tenantOwned('pg_statistic_ext', 's.oid', 's.stxowner', 's.stxnamespace')} LOOP
    EXECUTE format('ALTER STATISTICS %s OWNER TO ${owner}', r.name);
  END LOOP;
  FOR r IN SELECT p.pubname FROM pg_publication p WHERE p.pubowner = 10 LOOP
    EXECUTE format('ALTER PUBLICATION %I OWNER TO ${owner}', r.pubname);
  END LOOP;
  FOR r IN SELECT s.srvname FROM pg_foreign_server s JOIN pg_foreign_data_wrapper w ON w.oid = s.srvfdw
    WHERE s.srvowner = 10 AND w.fdwname = 'postgres_fdw' LOOP
    EXECUTE format('ALTER SERVER %I OWNER TO ${owner}', r.srvname);
  END LOOP;
  FOR r IN SELECT oid FROM pg_largeobject_metadata WHERE lomowner = 10 LOOP
    EXECUTE format('ALTER LARGE OBJECT %s OWNER TO ${owner}', r.oid);
  END LOOP;

  -- default privileges the old superuser had set up, recreated for the new owner
  FOR r IN SELECT d.defaclnamespace::regnamespace AS schema, d.defaclnamespace AS nsp,
      CASE d.defaclobjtype WHEN 'r' THEN 'TABLES' WHEN 'S' THEN 'SEQUENCES' WHEN 'f' THEN 'FUNCTIONS'
        WHEN 'T' THEN 'TYPES' WHEN 'n' THEN 'SCHEMAS' END AS kind,
      a.privilege_type, a.grantee, a.is_grantable
    FROM pg_default_acl d CROSS JOIN LATERAL aclexplode(d.defaclacl) a
    WHERE d.defaclrole = 10 AND a.grantee <> 10
  LOOP
    EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE ${owner} %s GRANT %s ON %s TO %s %s',
      CASE WHEN r.nsp = 0 THEN '' ELSE format('IN SCHEMA %s', r.schema) END, r.privilege_type, r.kind,
      CASE WHEN r.grantee = 0 THEN 'PUBLIC' ELSE r.grantee::regrole::text END,
      CASE WHEN r.is_grantable THEN 'WITH GRANT OPTION' ELSE '' END);
  END LOOP;
END
$$;
COMMIT;`
}
