import type { ExtensionAvailability } from '@pgfleet/contracts'

/**
 * An extension that is not trusted but that the platform installs on the tenant's request. Each one was checked
 * for what a non-superuser can do with it: none reads server files, runs programs or bypasses privileges, and
 * none requires another extension (a required extension's schema, possibly writable by the tenant, would be on
 * the install script's search_path).
 */
export interface AllowListedExtension {
  name: string
  /** what it is for, shown on the extensions page */
  purpose: string
  /** run as the platform superuser right after CREATE EXTENSION, with the extension in `schema` */
  /** Grants to the tenant's owner (`owner`: the driver's name for it), run after installing. */
  grantsSql?: (schema: string, owner: string) => string
  /** a library the server must load at start (shared_preload_libraries) before the extension works */
  preloadLibrary?: string
  /** run as the platform superuser after CREATE EXTENSION and before DROP EXTENSION: what turns it on and off */
  enabledSql?: string
  disabledSql?: string
  /** sessions opened before the change keep the old behaviour: the platform's pools reconnect */
  reconnectPools?: boolean
}

const schemaQualified = (schema: string, name: string) => `"${schema.replaceAll('"', '""')}".${name}`

export const PLATFORM_EXTENSIONS: readonly AllowListedExtension[] = [
  {
    name: 'dblink',
    purpose: 'Queries other Postgres databases. A connection must give a password, so local sockets stay closed.',
    // the install script revokes these already; restated so a future script cannot hand them to PUBLIC
    grantsSql: (schema) =>
      `REVOKE ALL ON FUNCTION ${schemaQualified(schema, 'dblink_connect_u(text)')}, ` +
      `${schemaQualified(schema, 'dblink_connect_u(text, text)')} FROM PUBLIC`,
  },
  {
    name: 'postgres_fdw',
    purpose: 'Foreign tables in other Postgres databases. User mappings need a password, so local sockets stay closed.',
    grantsSql: (_schema, owner) => `GRANT USAGE ON FOREIGN DATA WRAPPER postgres_fdw TO ${identifier(owner)}`,
  },
  {
    name: 'pg_stat_statements',
    purpose: 'Planning and execution statistics of every SQL statement the server ran.',
    preloadLibrary: 'pg_stat_statements',
    // the server counts nothing by default (the counters cost throughput); the database counts once it is on
    enabledSql: `DO $track$ BEGIN
  EXECUTE pg_catalog.format('ALTER DATABASE %I SET pg_stat_statements.track = %L', current_database(), 'top');
END $track$`,
    disabledSql: `DO $track$ BEGIN
  EXECUTE pg_catalog.format('ALTER DATABASE %I RESET pg_stat_statements.track', current_database());
END $track$`,
    reconnectPools: true,
    // reset is revoked from PUBLIC by the script; the database owner may clear its statistics
    grantsSql: (schema, owner) => `
DO $grant$
DECLARE f regprocedure;
BEGIN
  FOR f IN SELECT p.oid::regprocedure FROM pg_catalog.pg_proc p
    WHERE p.proname = 'pg_stat_statements_reset'
      AND p.pronamespace = (SELECT oid FROM pg_catalog.pg_namespace WHERE nspname = ${literal(schema)})
  LOOP
    EXECUTE pg_catalog.format('GRANT EXECUTE ON FUNCTION %s TO %I', f, ${literal(owner)});
  END LOOP;
END
$grant$`,
  },
  { name: 'pg_buffercache', purpose: 'What the shared buffer cache holds (for members of pg_monitor).' },
  { name: 'pgstattuple', purpose: 'Tuple-level statistics of tables and indexes: bloat and dead rows.' },
  { name: 'pgrowlocks', purpose: 'The row locks held on a table.' },
  { name: 'pg_freespacemap', purpose: 'The free space map of a table.' },
  { name: 'pg_visibility', purpose: 'The visibility map and page-level visibility of a table.' },
  { name: 'bloom', purpose: 'Bloom filter indexes, for equality tests on many columns at once.' },
  { name: 'moddatetime', purpose: 'A trigger that keeps a last-modified timestamp column up to date.' },
  { name: 'insert_username', purpose: 'A trigger that records which role changed a row.' },
  { name: 'autoinc', purpose: 'A trigger that fills a column from a sequence.' },
  { name: 'refint', purpose: 'Triggers that check references between tables (older than foreign keys).' },
  { name: 'intagg', purpose: 'Integer aggregator and enumerator functions.' },
]

export const SERVER_ACCESS_REASON = 'it could run code or read files on the server'
export const RAW_STORAGE_REASON =
  "it reads or rewrites raw pages and WAL, which hold rows of every role, the platform's own included"
export const NOT_ALLOW_LISTED_REASON = "it needs superuser rights and is not on the platform's allow-list"

/** Never offered, whatever else changes: the reason names the harm. */
export const NEVER_OFFERED: Readonly<Record<string, string>> = {
  plperlu: SERVER_ACCESS_REASON,
  pltclu: SERVER_ACCESS_REASON,
  plpython3u: SERVER_ACCESS_REASON,
  bool_plperlu: SERVER_ACCESS_REASON,
  hstore_plperlu: SERVER_ACCESS_REASON,
  jsonb_plperlu: SERVER_ACCESS_REASON,
  hstore_plpython3u: SERVER_ACCESS_REASON,
  jsonb_plpython3u: SERVER_ACCESS_REASON,
  ltree_plpython3u: SERVER_ACCESS_REASON,
  file_fdw: SERVER_ACCESS_REASON,
  adminpack: SERVER_ACCESS_REASON,
  // XSLT's document() reads files and URLs from the server
  xml2: SERVER_ACCESS_REASON,
  pageinspect: RAW_STORAGE_REASON,
  pg_surgery: RAW_STORAGE_REASON,
  pg_walinspect: RAW_STORAGE_REASON,
}

/** The reason an extension is never offered, or undefined ('constructor' and the like are plain names here). */
export function neverOfferedReason(name: string): string | undefined {
  return Object.hasOwn(NEVER_OFFERED, name) ? NEVER_OFFERED[name] : undefined
}

const allowListed = new Map(PLATFORM_EXTENSIONS.map((extension) => [extension.name, extension]))

export function allowListedExtension(name: string): AllowListedExtension | undefined {
  return allowListed.get(name)
}

export interface Availability {
  availability: ExtensionAvailability
  /** the purpose of a platform extension, the reason an unavailable one is not offered; null for trusted ones */
  reason: string | null
}

/**
 * How the platform treats an extension the server has. The never-offered list wins over everything (a trusted
 * control file included), then the control file's `trusted`, then the allow-list.
 */
export function availabilityOf(name: string, trusted: boolean): Availability {
  const never = neverOfferedReason(name)
  if (never) return { availability: 'unavailable', reason: never }
  if (trusted) return { availability: 'trusted', reason: null }
  const listed = allowListed.get(name)
  if (listed) return { availability: 'platform', reason: listed.purpose }
  return { availability: 'unavailable', reason: NOT_ALLOW_LISTED_REASON }
}

/** Whether `shared_preload_libraries` (as current_setting shows it) loads `library`. */
export function preloads(setting: string, library: string): boolean {
  return setting
    .split(',')
    .map((entry) => entry.trim().replace(/^"|"$/g, ''))
    .includes(library)
}

function identifier(value: string): string {
  return `"${value.replaceAll('"', '""')}"`
}

function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`
}
