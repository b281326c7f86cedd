import type pg from 'pg'

/**
 * How the data API notices DDL without a restart: an event trigger bumps a one-row counter in every DDL
 * transaction, and each API request reads that counter in the statement that sets its role (no extra round
 * trip). The counter is transactional, so a request never sees a version whose catalog changes it cannot see.
 * Installed once per project, as postgres, in the `_pgfleet` schema (never exposed through the API).
 */
export const WATCH_SCHEMA = '_pgfleet'
export const WATCH_TRIGGER = 'pgfleet_schema_version'

const INSTALL_SQL = `
DO $install$
BEGIN
  IF to_regclass('_pgfleet.schema_version') IS NULL
     OR NOT EXISTS (SELECT 1 FROM pg_catalog.pg_event_trigger WHERE evtname = 'pgfleet_schema_version') THEN
    CREATE SCHEMA IF NOT EXISTS _pgfleet;
    COMMENT ON SCHEMA _pgfleet IS 'pgfleet bookkeeping: the data API schema cache version';
    CREATE TABLE IF NOT EXISTS _pgfleet.schema_version (
      only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
      version bigint NOT NULL DEFAULT 1
    );
    INSERT INTO _pgfleet.schema_version DEFAULT VALUES ON CONFLICT DO NOTHING;
    CREATE OR REPLACE FUNCTION _pgfleet.bump_schema_version() RETURNS event_trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog
      AS $fn$ BEGIN UPDATE _pgfleet.schema_version SET version = version + 1; END $fn$;
    IF NOT EXISTS (SELECT 1 FROM pg_catalog.pg_event_trigger WHERE evtname = 'pgfleet_schema_version') THEN
      CREATE EVENT TRIGGER pgfleet_schema_version ON ddl_command_end
        EXECUTE FUNCTION _pgfleet.bump_schema_version();
    END IF;
    REVOKE ALL ON SCHEMA _pgfleet FROM PUBLIC;
    GRANT USAGE ON SCHEMA _pgfleet TO authenticator;
    GRANT SELECT ON _pgfleet.schema_version TO authenticator;
  END IF;
END
$install$`

export async function installDdlWatch(client: pg.ClientBase): Promise<void> {
  await client.query(INSTALL_SQL)
}

/** Set in this order; concat_ws evaluates every argument and keeps the answer small (the values stay here). */
const PRELUDE_SETTINGS = [
  "pg_catalog.set_config('role', $1, true)",
  "pg_catalog.set_config('request.jwt.claims', $2, true)",
  "pg_catalog.set_config('request.jwt.claim.sub', $3, true)",
  "pg_catalog.set_config('request.jwt.claim.role', $1, true)",
  "pg_catalog.set_config('request.method', $4, true)",
  "pg_catalog.set_config('request.path', $5, true)",
  "pg_catalog.set_config('request.headers', $6, true)",
]
const READ_ONLY = "pg_catalog.set_config('transaction_read_only', 'on', true)"
const VERSION = '(SELECT version::text FROM _pgfleet.schema_version)'

type PreludeKind = `${'v' | 'n'}${'r' | 'w'}`

function preludeText(kind: PreludeKind) {
  const settings = [...PRELUDE_SETTINGS, ...(kind[1] === 'r' ? [READ_ONLY] : [])]
  return {
    name: `pgfleet_rest_prelude_${kind}2`,
    text: `SELECT pg_catalog.length(pg_catalog.concat_ws(',', ${settings.join(', ')})) AS settings, ${kind[0] === 'v' ? VERSION : 'NULL::text'} AS version`,
  }
}

/** The four preludes' names and texts, built once. */
const PRELUDES: Record<PreludeKind, { name: string; text: string }> = {
  vr: preludeText('vr'),
  vw: preludeText('vw'),
  nr: preludeText('nr'),
  nw: preludeText('nw'),
}

/**
 * The first statement of every request's transaction: SET LOCAL ROLE (set_config('role', ..., true) is the same)
 * and the request GUCs RLS policies read, plus the schema version when the watch is installed. Privileges of
 * this statement are checked before the role switch takes effect, so authenticator's grant on the counter is
 * what counts. `readOnly` makes an implicit transaction read-only (an explicit one says so in its BEGIN).
 */
export function preludeStatement(withVersion: boolean, readOnly: boolean, values: unknown[]) {
  const { name, text } = PRELUDES[`${withVersion ? 'v' : 'n'}${readOnly ? 'r' : 'w'}`]
  return { name, text, values }
}
