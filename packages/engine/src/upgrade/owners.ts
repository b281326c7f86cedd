import type pg from 'pg'

/**
 * Who owns each object of the database that a copy must keep the owner of, by a label such as
 * `function public.f(integer)`: the database, schemas, relations (tables, views, materialized views, sequences,
 * foreign tables), functions and procedures (a security definer says so beside its owner, so a function that stops
 * or starts being one shows too), types (composite, enum, domain, range; not the array and row types that follow
 * their element or table) and large objects. Objects an extension made are left out: the extension's script makes
 * them again in the copy, and an extension is recreated by the platform superuser whoever made it. Read from the
 * catalog only.
 */
const OWNERS = `
select 'database' as object, pg_get_userbyid(datdba) as owner from pg_database where datname = current_database()
union all
select format('schema %I', n.nspname), pg_get_userbyid(n.nspowner) from pg_namespace n
 where n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
   and not exists (select 1 from pg_depend d
                    where d.classid = 'pg_namespace'::regclass and d.objid = n.oid and d.deptype = 'e')
union all
select format('%s %I.%I',
         case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence'
                        when 'f' then 'foreign table' else 'table' end, n.nspname, c.relname),
       pg_get_userbyid(c.relowner)
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where c.relkind in ('r', 'p', 'v', 'm', 'S', 'f') and n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
   and not exists (select 1 from pg_depend d
                    where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
union all
select format('%s %I.%I(%s)', case p.prokind when 'p' then 'procedure' when 'a' then 'aggregate' else 'function' end,
         n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)),
       pg_get_userbyid(p.proowner) || case when p.prosecdef then ' (security definer)' else '' end
  from pg_proc p join pg_namespace n on n.oid = p.pronamespace
 where n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
   and not exists (select 1 from pg_depend d
                    where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
union all
select format('type %I.%I', n.nspname, t.typname), pg_get_userbyid(t.typowner)
  from pg_type t join pg_namespace n on n.oid = t.typnamespace
  left join pg_class c on c.oid = t.typrelid
 where n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
   and (t.typrelid = 0 or c.relkind = 'c')
   and not exists (select 1 from pg_type e where e.typarray = t.oid)
   and not exists (select 1 from pg_depend d
                    where d.classid = 'pg_type'::regclass and d.objid = t.oid and d.deptype = 'e')
union all
select format('large object %s', l.oid), pg_get_userbyid(l.lomowner) from pg_largeobject_metadata l`

/** Each object's owner, by label (see OWNERS). */
export async function ownersOf(client: pg.ClientBase): Promise<Map<string, string>> {
  const { rows } = await client.query<{ object: string; owner: string }>(OWNERS)
  return new Map(rows.map((row) => [row.object, row.owner]))
}

/** Every object whose owner is not the same in both copies (or that one copy lacks), in words. */
export function ownerDifferences(before: Map<string, string>, after: Map<string, string>): string[] {
  const differences: string[] = []
  for (const object of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(object)
    const now = after.get(object)
    if (was === now) continue
    differences.push(`owner of ${object}: ${was ?? 'absent'} before, ${now ?? 'absent'} after`)
  }
  return differences.sort()
}
