import { inScope } from './filters'
import { COLUMN_CTES } from './relations'

/**
 * Light lists for the SQL editor's completion: names only, so 10,000 tables answer in well under a MB where
 * the tables list with columns is tens of MB. Columns come one relation at a time, when completion needs them.
 */

/** Tables (plain and partitioned), views, materialized views and foreign tables, sorted by name. */
export const TABLE_NAMES_SQL = `
select coalesce(json_agg(json_build_object(
    'id', c.oid::int8, 'schema', n.nspname, 'name', c.relname,
    'kind', case c.relkind
      when 'v' then 'view' when 'm' then 'materialized_view' when 'f' then 'foreign_table' else 'table' end
  ) order by c.relname, n.nspname), '[]')::text as json
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
where c.relkind in ('r', 'p', 'v', 'm', 'f') and ${inScope('n.nspname')}`

/** Functions and procedures with their arguments as Postgres prints them, sorted by name. */
export const FUNCTION_NAMES_SQL = `
select coalesce(json_agg(json_build_object(
    'id', p.oid::int8, 'schema', n.nspname, 'name', p.proname,
    'kind', case p.prokind when 'p' then 'procedure' else 'function' end,
    'argument_types', pg_get_function_identity_arguments(p.oid),
    'return_type', coalesce(pg_get_function_result(p.oid), 'void')
  ) order by p.proname, n.nspname, pg_get_function_identity_arguments(p.oid)), '[]')::text as json
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
where p.prokind in ('f', 'p') and ${inScope('n.nspname')}`

/** The columns of one relation of any kind ($1: its oid), in order; `found` is false when there is none. */
export const RELATION_COLUMNS_SQL = `
with rel as materialized (
  select c.oid, c.relkind from pg_class c where c.oid = $1::oid and c.relkind in ('r', 'p', 'v', 'm', 'f')
),
${COLUMN_CTES}
select coalesce((select columns from cols), '[]')::text as json, exists (select from rel) as found`

/**
 * Names of built-in functions that only read: defined in pg_catalog, and every function of that name, in
 * any schema, IMMUTABLE or STABLE (Postgres refuses writes inside those). A name that a user-defined
 * volatile function shares is left out, since an unqualified call may reach it. Sorted.
 */
export const READ_ONLY_FUNCTION_NAMES_SQL = `
select coalesce(json_agg(proname order by proname), '[]')::text as json
from (
  select p.proname
  from pg_proc p
  group by p.proname
  having bool_and(p.provolatile in ('i', 's'))
    and bool_or(p.pronamespace = 'pg_catalog'::regnamespace)
) names`
