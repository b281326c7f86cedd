import { inScope } from './filters'

/**
 * The smaller metadata lists. Each statement answers one text column `json` built in Postgres, reads its
 * schema scope from $1..$3 (see filters.ts) and is sorted by name.
 */

export const SCHEMAS_SQL = `
select coalesce(json_agg(json_build_object(
    'id', n.oid::int8, 'name', n.nspname, 'owner', pg_get_userbyid(n.nspowner)
  ) order by n.nspname), '[]')::text as json
from pg_namespace n
where ${inScope('n.nspname')}`

const FUNCTION_ARGS = `
  select coalesce(json_agg(json_build_object(
      'mode', case coalesce(p.proargmodes[a.ord], 'i')
        when 'i' then 'in' when 'o' then 'out' when 'b' then 'inout' when 'v' then 'variadic' else 'table' end,
      'name', coalesce(p.proargnames[a.ord], ''),
      'type_id', a.type_id::int8,
      'type', format_type(a.type_id, null),
      'type_name', (select t.typname from pg_type t where t.oid = a.type_id),
      'has_default', pg_get_function_arg_default(p.oid, a.ord::int) is not null,
      'default', pg_get_function_arg_default(p.oid, a.ord::int)
    ) order by a.ord), '[]')
  from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality as a(type_id, ord)`

export const FUNCTIONS_SQL = `
select coalesce(json_agg(json_build_object(
    'id', p.oid::int8, 'schema', n.nspname, 'name', p.proname,
    'kind', case p.prokind when 'p' then 'procedure' else 'function' end,
    'language', l.lanname,
    'definition', p.prosrc,
    'complete_statement', pg_get_functiondef(p.oid),
    'args', (${FUNCTION_ARGS}),
    'argument_types', pg_get_function_arguments(p.oid),
    'identity_argument_types', pg_get_function_identity_arguments(p.oid),
    'return_type_id', p.prorettype::int8,
    'return_type', coalesce(pg_get_function_result(p.oid), 'void'),
    'return_type_name', rt.typname,
    'return_type_schema', rtn.nspname,
    'return_type_relation_id', nullif(rt.typrelid, 0)::int8,
    'is_set_returning_function', p.proretset,
    'behavior', case p.provolatile when 'i' then 'IMMUTABLE' when 's' then 'STABLE' else 'VOLATILE' end,
    'security_definer', p.prosecdef,
    'config_params', (
      select json_object_agg(split_part(setting, '=', 1), substr(setting, strpos(setting, '=') + 1))
      from unnest(p.proconfig) as setting
    ),
    'comment', d.description
  ) order by p.proname, n.nspname, pg_get_function_identity_arguments(p.oid)), '[]')::text as json
from pg_proc p
join pg_namespace n on n.oid = p.pronamespace
join pg_language l on l.oid = p.prolang
join pg_type rt on rt.oid = p.prorettype
join pg_namespace rtn on rtn.oid = rt.typnamespace
left join pg_description d on d.objoid = p.oid and d.classoid = 'pg_proc'::regclass and d.objsubid = 0
where p.prokind in ('f', 'p') and ${inScope('n.nspname')}`

/** Extensions are database-wide: the scope does not apply. */
export const EXTENSIONS_SQL = `
select coalesce(json_agg(json_build_object(
    'name', ae.name, 'schema', n.nspname, 'default_version', ae.default_version,
    'installed_version', x.extversion, 'comment', ae.comment
  ) order by ae.name), '[]')::text as json
from pg_available_extensions() as ae(name, default_version, comment)
left join pg_extension x on x.extname = ae.name
left join pg_namespace n on n.oid = x.extnamespace`

export const POLICIES_SQL = `
select coalesce(json_agg(json_build_object(
    'id', p.oid::int8, 'schema', n.nspname, 'table', c.relname, 'table_id', c.oid::int8, 'name', p.polname,
    'action', case when p.polpermissive then 'PERMISSIVE' else 'RESTRICTIVE' end,
    'roles', case when p.polroles = '{0}'::oid[] then json_build_array('public')
      else (select json_agg(r.rolname order by r.rolname) from pg_roles r where r.oid = any(p.polroles)) end,
    'command', case p.polcmd when 'r' then 'SELECT' when 'a' then 'INSERT' when 'w' then 'UPDATE'
      when 'd' then 'DELETE' else 'ALL' end,
    'definition', pg_get_expr(p.polqual, p.polrelid),
    'check', pg_get_expr(p.polwithcheck, p.polrelid)
  ) order by p.polname, c.relname, n.nspname), '[]')::text as json
from pg_policy p
join pg_class c on c.oid = p.polrelid
join pg_namespace n on n.oid = c.relnamespace
where ${inScope('n.nspname')}`

/** tgtype bits: ROW 1, BEFORE 2, INSERT 4, DELETE 8, UPDATE 16, TRUNCATE 32, INSTEAD 64 (pg_trigger.h). */
export const TRIGGERS_SQL = `
select coalesce(json_agg(json_build_object(
    'id', t.oid::int8, 'table_id', c.oid::int8,
    'enabled_mode', case t.tgenabled when 'O' then 'ORIGIN' when 'R' then 'REPLICA' when 'A' then 'ALWAYS' else 'DISABLED' end,
    'name', t.tgname, 'table', c.relname, 'schema', n.nspname,
    'condition', (regexp_match(pg_get_triggerdef(t.oid), ' WHEN \\((.*)\\) EXECUTE (FUNCTION|PROCEDURE) '))[1],
    'orientation', case when t.tgtype & 1 = 1 then 'ROW' else 'STATEMENT' end,
    'activation', case when t.tgtype & 2 = 2 then 'BEFORE' when t.tgtype & 64 = 64 then 'INSTEAD OF' else 'AFTER' end,
    'events', (
      select json_agg(e.name order by e.bit)
      from (values (4, 'INSERT'), (8, 'DELETE'), (16, 'UPDATE'), (32, 'TRUNCATE')) as e(bit, name)
      where t.tgtype & e.bit = e.bit
    ),
    'function_schema', fn.nspname, 'function_name', f.proname,
    -- tgargs holds each argument followed by a NUL byte; split the hex pairs, never mid-byte
    'function_args', coalesce((
      select json_agg(convert_from(decode(m[1], 'hex'), 'UTF8'))
      from regexp_matches(encode(t.tgargs, 'hex'), '((?:(?!00)..)*)00', 'g') as m
    ), '[]')
  ) order by t.tgname, c.relname, n.nspname), '[]')::text as json
from pg_trigger t
join pg_class c on c.oid = t.tgrelid
join pg_namespace n on n.oid = c.relnamespace
join pg_proc f on f.oid = t.tgfoid
join pg_namespace fn on fn.oid = f.pronamespace
where not t.tgisinternal and ${inScope('n.nspname')}`

/** Roles are cluster-wide: $1 says whether to include the built-in pg_* roles. */
export const ROLES_SQL = `
select coalesce(json_agg(json_build_object(
    'id', r.oid::int8, 'name', r.rolname, 'is_superuser', r.rolsuper, 'can_create_db', r.rolcreatedb,
    'can_create_role', r.rolcreaterole, 'inherit_role', r.rolinherit, 'can_login', r.rolcanlogin,
    'is_replication_role', r.rolreplication, 'can_bypass_rls', r.rolbypassrls,
    'active_connections', coalesce(s.connections, 0), 'connection_limit', r.rolconnlimit,
    'password', '********', 'valid_until', r.rolvaliduntil,
    'config', (
      select json_object_agg(split_part(setting, '=', 1), substr(setting, strpos(setting, '=') + 1))
      from unnest(r.rolconfig) as setting
    )
  ) order by r.rolname), '[]')::text as json
from pg_roles r
left join (select usesysid, count(*)::int as connections from pg_stat_activity group by usesysid) s on s.usesysid = r.oid
where $1::boolean or r.rolname !~ '^pg_'`

/** Enums and stand-alone composite types (not the row types every table has, nor arrays). */
export const TYPES_SQL = `
select coalesce(json_agg(json_build_object(
    'id', t.oid::int8, 'name', t.typname, 'schema', n.nspname, 'format', format_type(t.oid, null),
    'kind', case t.typtype when 'e' then 'enum' else 'composite' end,
    'enums', coalesce((select json_agg(e.enumlabel order by e.enumsortorder) from pg_enum e where e.enumtypid = t.oid), '[]'),
    'attributes', coalesce((
      select json_agg(json_build_object('name', a.attname, 'type_id', a.atttypid::int8, 'type_name', at.typname) order by a.attnum)
      from pg_attribute a join pg_type at on at.oid = a.atttypid
      where t.typtype = 'c' and a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped
    ), '[]'),
    'comment', d.description
  ) order by t.typname, n.nspname), '[]')::text as json
from pg_type t
join pg_namespace n on n.oid = t.typnamespace
left join pg_class c on c.oid = t.typrelid
left join pg_description d on d.objoid = t.oid and d.classoid = 'pg_type'::regclass and d.objsubid = 0
where (t.typtype = 'e' or (t.typtype = 'c' and c.relkind = 'c')) and ${inScope('n.nspname')}`

/** Whole foreign keys whose referencing table is in scope. */
export const FOREIGN_KEYS_SQL = `
select coalesce(json_agg(json_build_object(
    'id', k.oid::int8, 'constraint_name', k.conname,
    'source_schema', sn.nspname, 'source_table_name', sc.relname,
    'source_columns', (select json_agg(a.attname order by u.ord) from unnest(k.conkey) with ordinality as u(attnum, ord)
      join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.attnum),
    'target_schema', tn.nspname, 'target_table_name', tc.relname,
    'target_columns', (select json_agg(a.attname order by u.ord) from unnest(k.confkey) with ordinality as u(attnum, ord)
      join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.attnum),
    'is_one_to_one', exists (
      select 1 from pg_index i
      where i.indrelid = k.conrelid and i.indisunique and i.indpred is null
        and i.indnkeyatts = cardinality(k.conkey) and (i.indkey::int2[])[0:i.indnkeyatts - 1] @> k.conkey
        and (i.indkey::int2[])[0:i.indnkeyatts - 1] <@ k.conkey
    ),
    'on_update', case k.confupdtype when 'a' then 'NO ACTION' when 'r' then 'RESTRICT' when 'c' then 'CASCADE'
      when 'n' then 'SET NULL' else 'SET DEFAULT' end,
    'on_delete', case k.confdeltype when 'a' then 'NO ACTION' when 'r' then 'RESTRICT' when 'c' then 'CASCADE'
      when 'n' then 'SET NULL' else 'SET DEFAULT' end
  ) order by sc.relname, k.conname), '[]')::text as json
from pg_constraint k
join pg_class sc on sc.oid = k.conrelid
join pg_namespace sn on sn.oid = sc.relnamespace
join pg_class tc on tc.oid = k.confrelid
join pg_namespace tn on tn.oid = tc.relnamespace
where k.contype = 'f' and ${inScope('sn.nspname')}`
