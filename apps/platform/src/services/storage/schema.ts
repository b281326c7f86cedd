import type pg from 'pg'

/**
 * The `storage` schema of a project's database, shaped like the hosted product's so that RLS policies written
 * for it work unchanged: `storage.buckets` and `storage.objects` with RLS on and no policy (only service_role,
 * which bypasses RLS, can do anything until the user adds policies), and the helper functions policies use.
 * Created on first use, so projects made before storage existed get it too.
 */

/** The schema comment says which version of this script ran; a new version re-runs it (it is idempotent). */
export const STORAGE_SCHEMA_MARKER = 'pgfleet storage schema v1'

const SCHEMA_SQL = `
BEGIN;
SELECT pg_advisory_xact_lock(hashtext('pgfleet.storage.schema'));
CREATE SCHEMA IF NOT EXISTS storage AUTHORIZATION postgres;
CREATE TABLE IF NOT EXISTS storage.buckets (
  id text PRIMARY KEY,
  name text NOT NULL,
  owner uuid,
  owner_id text,
  public boolean NOT NULL DEFAULT false,
  allowed_mime_types text[],
  file_size_limit bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS bname ON storage.buckets (name);
CREATE TABLE IF NOT EXISTS storage.objects (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  bucket_id text REFERENCES storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  path_tokens text[] GENERATED ALWAYS AS (string_to_array(name, '/')) STORED,
  created_at timestamptz DEFAULT now(),
  updated_at timestamptz DEFAULT now(),
  last_accessed_at timestamptz DEFAULT now()
);
CREATE UNIQUE INDEX IF NOT EXISTS bucketid_objname ON storage.objects (bucket_id, name);
-- prefix searches (list) use LIKE 'folder/%', which the default collation's index cannot serve
CREATE INDEX IF NOT EXISTS objects_bucket_name_prefix ON storage.objects (bucket_id, name text_pattern_ops);
ALTER TABLE storage.buckets ENABLE ROW LEVEL SECURITY;
ALTER TABLE storage.objects ENABLE ROW LEVEL SECURITY;

CREATE OR REPLACE FUNCTION storage.foldername(name text) RETURNS text[]
  LANGUAGE sql IMMUTABLE AS $fn$ SELECT (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1] $fn$;
CREATE OR REPLACE FUNCTION storage.filename(name text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $fn$ SELECT (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)] $fn$;
CREATE OR REPLACE FUNCTION storage.extension(name text) RETURNS text
  LANGUAGE sql IMMUTABLE AS $fn$ SELECT CASE WHEN storage.filename(name) LIKE '%.%'
    THEN reverse(split_part(reverse(storage.filename(name)), '.', 1)) ELSE '' END $fn$;

GRANT USAGE ON SCHEMA storage TO anon, authenticated, service_role;
GRANT ALL ON storage.buckets, storage.objects TO anon, authenticated, service_role;
GRANT EXECUTE ON FUNCTION storage.foldername(text), storage.filename(text), storage.extension(text)
  TO anon, authenticated, service_role;
COMMENT ON SCHEMA storage IS '${STORAGE_SCHEMA_MARKER}';
COMMIT;`

const CURRENT_SQL = `
SELECT d.description AS marker
FROM pg_catalog.pg_namespace n
LEFT JOIN pg_catalog.pg_description d ON d.objoid = n.oid AND d.classoid = 'pg_catalog.pg_namespace'::regclass
WHERE n.nspname = 'storage'`

/** Creates or completes the storage schema unless this version of it is already there. Run as postgres. */
export async function ensureStorageSchema(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ marker: string | null }>(CURRENT_SQL)
  if (rows[0]?.marker === STORAGE_SCHEMA_MARKER) return
  try {
    await client.query(SCHEMA_SQL)
  } catch (error) {
    // the error above is what the caller gets; a rollback that fails (connection gone) ends with the connection
    await client.query('ROLLBACK').catch(() => {})
    throw error
  }
}
