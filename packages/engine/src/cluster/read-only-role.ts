/**
 * The role read-only dashboard members run SQL as. It reads every table, view and sequence of the tenant's
 * schemas (bypassing RLS) and nothing else; its transactions are read-only by default and it has no password.
 *
 * It is deliberately NOT a member of pg_read_all_data: that role reads system catalogs too, pg_authid's password
 * verifiers included. Instead it holds SELECT grants on the tenant's schemas, and an event trigger (owned by the
 * platform superuser) grants SELECT on every relation and USAGE on every schema created later.
 */
export const READ_ONLY_ROLE = 'pgfleet_read_only'
export const PLATFORM_SCHEMA = '_pgfleet'
export const READ_ONLY_TRIGGER = 'pgfleet_read_only_grants'

/** Schemas that belong to Postgres or the platform, never the tenant's. */
export const SYSTEM_SCHEMA_CONDITION = (column: string): string =>
  `${column} NOT IN ('pg_catalog', 'information_schema', '${PLATFORM_SCHEMA}') AND ${column} NOT LIKE 'pg\\_%'`

export function readOnlyRoleSql(): string {
  const role = READ_ONLY_ROLE
  return `
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '${role}') THEN CREATE ROLE ${role}; END IF;
END
$$;
ALTER ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION BYPASSRLS NOINHERIT PASSWORD NULL;
ALTER ROLE ${role} SET default_transaction_read_only = on;
REVOKE pg_read_all_data, pg_read_all_settings, pg_read_all_stats FROM ${role};
DO $$
DECLARE s record;
BEGIN
  FOR s IN SELECT nspname FROM pg_catalog.pg_namespace WHERE ${SYSTEM_SCHEMA_CONDITION('nspname')} LOOP
    EXECUTE format('GRANT USAGE ON SCHEMA %I TO ${role}', s.nspname);
    EXECUTE format('GRANT SELECT ON ALL TABLES IN SCHEMA %I TO ${role}', s.nspname);
    EXECUTE format('GRANT SELECT ON ALL SEQUENCES IN SCHEMA %I TO ${role}', s.nspname);
  END LOOP;
END
$$;
CREATE SCHEMA IF NOT EXISTS ${PLATFORM_SCHEMA};
REVOKE ALL ON SCHEMA ${PLATFORM_SCHEMA} FROM PUBLIC;
CREATE OR REPLACE FUNCTION ${PLATFORM_SCHEMA}.grant_read_only() RETURNS event_trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog
AS $fn$
DECLARE c record;
BEGIN
  FOR c IN SELECT * FROM pg_catalog.pg_event_trigger_ddl_commands()
    WHERE command_tag NOT IN ('GRANT', 'REVOKE') AND object_identity IS NOT NULL
      AND coalesce(schema_name, '') NOT LIKE 'pg\\_temp%'
  LOOP
    IF c.object_type IN ('table', 'view', 'materialized view', 'foreign table', 'sequence')
       AND ${SYSTEM_SCHEMA_CONDITION("coalesce(c.schema_name, '')")} THEN
      EXECUTE format('GRANT SELECT ON %s TO ${role}', c.object_identity);
    ELSIF c.object_type = 'schema' AND ${SYSTEM_SCHEMA_CONDITION('c.object_identity')} THEN
      EXECUTE format('GRANT USAGE ON SCHEMA %s TO ${role}', c.object_identity);
    END IF;
  END LOOP;
END
$fn$;
REVOKE ALL ON FUNCTION ${PLATFORM_SCHEMA}.grant_read_only() FROM PUBLIC;
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_event_trigger WHERE evtname = '${READ_ONLY_TRIGGER}') THEN
    CREATE EVENT TRIGGER ${READ_ONLY_TRIGGER} ON ddl_command_end EXECUTE FUNCTION ${PLATFORM_SCHEMA}.grant_read_only();
  END IF;
END
$$;`
}
