/**
 * What a restore check reads of a restored copy, chosen so that counting never runs code a tenant wrote: only
 * relations whose rows live in the copy's own files (plain tables, partitions that are plain tables, materialized
 * views), each counted with ONLY so that no inheritance child is scanned with it. Partitioned parents, views and
 * foreign tables are left out: their scans run the tenant's view definitions or open connections through a
 * foreign-data wrapper.
 */
export const RESTORE_CHECK_TABLES_SQL = `select format('%I.%I', n.nspname, c.relname) as name from pg_catalog.pg_class c
  join pg_catalog.pg_namespace n on n.oid = c.relnamespace
  where c.relkind in ('r', 'm') and n.nspname !~ '^pg_' and n.nspname <> 'information_schema'`

/** Counts one relation's own rows; `name` is a quoted name from RESTORE_CHECK_TABLES_SQL. */
export const restoreCheckCountSql = (name: string): string => `select count(*) as n from only ${name}`

/**
 * `restrict_nonsystem_relation_kind` (Postgres 12.20, 13.16, 14.13, 15.8, 16.4, 17.0 and later) makes a session
 * refuse to scan views and foreign tables: a second guard in case a scan reaches one all the same.
 */
const FIRST_MINOR_WITH_RELATION_KIND_GUARD: Record<number, number> = { 12: 20, 13: 16, 14: 13, 15: 8, 16: 4 }

export function hasRelationKindGuard(version: string): boolean {
  const [major, minor] = version.split('.').map((part) => Number.parseInt(part, 10))
  if (major === undefined || Number.isNaN(major)) return false
  if (major >= 17) return true
  const first = FIRST_MINOR_WITH_RELATION_KIND_GUARD[major]
  return first !== undefined && minor !== undefined && minor >= first
}

/** The session option that refuses views and foreign tables, when the server knows it (else none). */
export const relationKindGuardOption = (version: string): string =>
  hasRelationKindGuard(version) ? '-c restrict_nonsystem_relation_kind=view,foreign-table' : ''
