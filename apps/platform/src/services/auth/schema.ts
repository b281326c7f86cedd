import type pg from 'pg'

/**
 * The `auth` schema of a project's database, with the tables, types and functions apps and policies written for the
 * hosted product use by name (`auth.users`, `auth.identities`, `auth.sessions`, `auth.refresh_tokens`, `auth.uid()`,
 * `auth.role()`, `auth.jwt()`, `auth.email()`). Run by the auth server's own role, which owns the schema; the
 * tenant's owner gets every privilege on the tables (so `references auth.users` and triggers on it work, as they do
 * on the hosted product) but no CREATE on the schema.
 */

/** The schema comment names the version of this script that ran; a new version runs it again (it is idempotent). */
export const AUTH_SCHEMA_MARKER = 'pgfleet auth schema v1'

const enumSql = (name: string, values: string[]) => `
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_type t JOIN pg_catalog.pg_namespace n ON n.oid = t.typnamespace
                 WHERE n.nspname = 'auth' AND t.typname = '${name}') THEN
    CREATE TYPE auth.${name} AS ENUM (${values.map((value) => `'${value}'`).join(', ')});
  END IF;
END $$;`

const SCHEMA_SQL = `
BEGIN;
SELECT pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('pgfleet.auth.schema'));
${enumSql('aal_level', ['aal1', 'aal2', 'aal3'])}
${enumSql('code_challenge_method', ['s256', 'plain'])}
${enumSql('one_time_token_type', [
  'confirmation_token',
  'reauthentication_token',
  'recovery_token',
  'email_change_token_new',
  'email_change_token_current',
  'phone_change_token',
])}
${enumSql('factor_type', ['totp', 'webauthn', 'phone'])}
${enumSql('factor_status', ['unverified', 'verified'])}

CREATE TABLE IF NOT EXISTS auth.schema_migrations (version varchar(255) PRIMARY KEY);

CREATE TABLE IF NOT EXISTS auth.users (
  instance_id uuid,
  id uuid PRIMARY KEY,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255) DEFAULT '',
  confirmation_sent_at timestamptz,
  recovery_token varchar(255) DEFAULT '',
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255) DEFAULT '',
  email_change varchar(255) DEFAULT '',
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text UNIQUE DEFAULT NULL,
  phone_confirmed_at timestamptz,
  phone_change text DEFAULT '',
  phone_change_token varchar(255) DEFAULT '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz GENERATED ALWAYS AS (LEAST(email_confirmed_at, phone_confirmed_at)) STORED,
  email_change_token_current varchar(255) DEFAULT '',
  email_change_confirm_status smallint DEFAULT 0 CHECK (email_change_confirm_status >= 0 AND email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) DEFAULT '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean NOT NULL DEFAULT false,
  deleted_at timestamptz,
  is_anonymous boolean NOT NULL DEFAULT false
);
-- one account per address among ordinary users (SSO users may share one), whatever its case
CREATE UNIQUE INDEX IF NOT EXISTS users_email_partial_key ON auth.users (email) WHERE is_sso_user = false;
CREATE INDEX IF NOT EXISTS users_instance_id_email_idx ON auth.users (instance_id, lower(email));
CREATE INDEX IF NOT EXISTS users_created_at_idx ON auth.users (created_at DESC, id);
CREATE INDEX IF NOT EXISTS users_is_anonymous_idx ON auth.users (is_anonymous);

CREATE TABLE IF NOT EXISTS auth.identities (
  provider_id text NOT NULL,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  identity_data jsonb NOT NULL,
  provider text NOT NULL,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text GENERATED ALWAYS AS (lower(identity_data ->> 'email')) STORED,
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  CONSTRAINT identities_provider_id_provider_unique UNIQUE (provider_id, provider)
);
CREATE INDEX IF NOT EXISTS identities_user_id_idx ON auth.identities (user_id);
CREATE INDEX IF NOT EXISTS identities_email_idx ON auth.identities (email text_pattern_ops);

CREATE TABLE IF NOT EXISTS auth.sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  created_at timestamptz,
  updated_at timestamptz,
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
CREATE INDEX IF NOT EXISTS sessions_user_id_idx ON auth.sessions (user_id);
CREATE INDEX IF NOT EXISTS sessions_not_after_idx ON auth.sessions (not_after DESC);

CREATE TABLE IF NOT EXISTS auth.refresh_tokens (
  instance_id uuid,
  id bigserial PRIMARY KEY,
  token varchar(255) UNIQUE,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid REFERENCES auth.sessions (id) ON DELETE CASCADE
);
CREATE INDEX IF NOT EXISTS refresh_tokens_session_id_revoked_idx ON auth.refresh_tokens (session_id, revoked);
CREATE INDEX IF NOT EXISTS refresh_tokens_parent_idx ON auth.refresh_tokens (parent);

CREATE TABLE IF NOT EXISTS auth.flow_state (
  id uuid PRIMARY KEY,
  user_id uuid,
  auth_code text NOT NULL,
  code_challenge_method auth.code_challenge_method NOT NULL,
  code_challenge text NOT NULL,
  provider_type text NOT NULL,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz,
  updated_at timestamptz,
  authentication_method text NOT NULL,
  auth_code_issued_at timestamptz
);
CREATE INDEX IF NOT EXISTS idx_auth_code ON auth.flow_state (auth_code);

CREATE TABLE IF NOT EXISTS auth.one_time_tokens (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  token_type auth.one_time_token_type NOT NULL,
  token_hash text NOT NULL CHECK (char_length(token_hash) > 0),
  relates_to text NOT NULL,
  created_at timestamp NOT NULL DEFAULT now(),
  updated_at timestamp NOT NULL DEFAULT now(),
  CONSTRAINT one_time_tokens_user_id_token_type_key UNIQUE (user_id, token_type)
);
CREATE INDEX IF NOT EXISTS one_time_tokens_token_hash_hash_idx ON auth.one_time_tokens USING hash (token_hash);
CREATE INDEX IF NOT EXISTS one_time_tokens_relates_to_hash_idx ON auth.one_time_tokens USING hash (relates_to);

CREATE TABLE IF NOT EXISTS auth.audit_log_entries (
  instance_id uuid,
  id uuid PRIMARY KEY,
  payload json,
  created_at timestamptz,
  ip_address varchar(64) NOT NULL DEFAULT ''
);

-- kept for the MFA that follows: sessions name their factor and their methods
CREATE TABLE IF NOT EXISTS auth.mfa_factors (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
  friendly_name text,
  factor_type auth.factor_type NOT NULL,
  status auth.factor_status NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  secret text,
  phone text,
  last_challenged_at timestamptz UNIQUE
);
CREATE TABLE IF NOT EXISTS auth.mfa_amr_claims (
  session_id uuid NOT NULL REFERENCES auth.sessions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  authentication_method text NOT NULL,
  id uuid PRIMARY KEY,
  CONSTRAINT mfa_amr_claims_session_id_authentication_method_pkey UNIQUE (session_id, authentication_method)
);

-- the helpers policies call: the caller's claims as the data API, storage and functions set them
CREATE OR REPLACE FUNCTION auth.uid() RETURNS uuid LANGUAGE sql STABLE AS $fn$
  SELECT coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$fn$;
CREATE OR REPLACE FUNCTION auth.role() RETURNS text LANGUAGE sql STABLE AS $fn$
  SELECT coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$fn$;
CREATE OR REPLACE FUNCTION auth.email() RETURNS text LANGUAGE sql STABLE AS $fn$
  SELECT coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$fn$;
CREATE OR REPLACE FUNCTION auth.jwt() RETURNS jsonb LANGUAGE sql STABLE AS $fn$
  SELECT coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$fn$;

-- the tenant may create triggers on the auth tables (TRIGGER privilege) but, not owning them, not drop them:
-- this drops a trigger on an auth table for it, and nothing else
CREATE OR REPLACE FUNCTION auth.drop_trigger(table_name text, trigger_name text) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog AS $fn$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_catalog.pg_tables WHERE schemaname = 'auth' AND tablename = table_name) THEN
    RAISE EXCEPTION 'auth.% is not a table of the auth schema', table_name;
  END IF;
  EXECUTE pg_catalog.format('DROP TRIGGER %I ON auth.%I', trigger_name, table_name);
END
$fn$;
REVOKE ALL ON FUNCTION auth.drop_trigger(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION auth.drop_trigger(text, text) TO postgres;

GRANT USAGE ON SCHEMA auth TO postgres, anon, authenticated, service_role;
GRANT ALL ON ALL TABLES IN SCHEMA auth TO postgres;
GRANT ALL ON ALL SEQUENCES IN SCHEMA auth TO postgres;
GRANT EXECUTE ON FUNCTION auth.uid(), auth.role(), auth.email(), auth.jwt() TO PUBLIC;
COMMENT ON SCHEMA auth IS '${AUTH_SCHEMA_MARKER}';
COMMIT;`

const CURRENT_SQL = `
SELECT d.description AS marker
FROM pg_catalog.pg_namespace n
LEFT JOIN pg_catalog.pg_description d ON d.objoid = n.oid AND d.classoid = 'pg_catalog.pg_namespace'::regclass
WHERE n.nspname = 'auth'`

/** Creates or completes the auth schema unless this version of it is there already. Run as the auth role. */
export async function ensureAuthSchema(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ marker: string | null }>(CURRENT_SQL)
  if (rows[0]?.marker === AUTH_SCHEMA_MARKER) return
  try {
    await client.query(SCHEMA_SQL)
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {})
    throw error
  }
}
