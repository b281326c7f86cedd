import type pg from 'pg'
import { ignoredError } from '../logger'

/**
 * Which tables logical replication changed on the new cluster from a given moment on. A row trigger (and a
 * TRUNCATE trigger) on every table, enabled ALWAYS so that the subscription's apply worker fires it, notes the
 * table once per session in an unlogged table. Everything lives in one schema of the new cluster, dropped with
 * everything in it before the copies are compared: nothing of it reaches the project.
 */
const SCHEMA = 'pgfleet_upgrade_track'

/** Ordinary tables outside the system schemas, as `schema.table` quoted where needed (the row counts' names). */
const TRACKED_TABLES = `
select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where c.relkind = 'r' and n.nspname !~ '^pg_' and n.nspname not in ('information_schema', '${SCHEMA}')
 order by 1`

// the apply worker is one long session: after a table's first change it only reads a setting, so tracking costs
// a replicated row almost nothing; a rolled-back transaction takes both the note and the setting back with it
const TRACKING_SETUP = `
create schema ${SCHEMA};
create unlogged table ${SCHEMA}.touched (relid oid primary key);
create function ${SCHEMA}.touch() returns trigger language plpgsql set search_path = pg_catalog as $$
begin
  if current_setting('${SCHEMA}.t' || tg_relid, true) is distinct from '1' then
    insert into ${SCHEMA}.touched values (tg_relid) on conflict do nothing;
    perform set_config('${SCHEMA}.t' || tg_relid, '1', false);
  end if;
  return null;
end $$;`

/** Starts noting the tables the subscription changes in this database of the new cluster. */
export async function startChangeTracking(target: pg.ClientBase): Promise<void> {
  await target.query('begin')
  try {
    await target.query(TRACKING_SETUP)
    for (const { name } of (await target.query<{ name: string }>(TRACKED_TABLES)).rows) {
      await target.query(
        `create trigger ${SCHEMA}_rows after insert or update or delete on ${name}
           for each row execute function ${SCHEMA}.touch()`,
      )
      await target.query(
        `create trigger ${SCHEMA}_truncate after truncate on ${name} for each statement execute function ${SCHEMA}.touch()`,
      )
      await target.query(`alter table ${name} enable always trigger ${SCHEMA}_rows`)
      await target.query(`alter table ${name} enable always trigger ${SCHEMA}_truncate`)
    }
    await target.query('commit')
  } catch (error) {
    await target
      .query('rollback')
      .catch(ignoredError('could not roll back the failed setup of change tracking; the setup fails either way'))
    throw error
  }
}

/**
 * The tables changed since tracking started (partitioned tables with a changed partition included), then the
 * tracking removed. Call once the subscription has caught up and stopped.
 */
export async function finishChangeTracking(target: pg.ClientBase): Promise<Set<string>> {
  const { rows } = await target.query<{ name: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.oid in (select relid from ${SCHEMA}.touched)
         or (c.relkind = 'p' and exists (select 1 from pg_partition_tree(c.oid) t
                                          where t.relid in (select relid from ${SCHEMA}.touched)))`,
  )
  await target.query(`drop schema ${SCHEMA} cascade`)
  return new Set(rows.map((row) => row.name))
}

/**
 * How many rows each table (a partitioned one: its partitions) has had inserted, updated or deleted on the source,
 * from its statistics, as text. A server publishes a session's counts at the latest when the session ends, so once
 * the cut-off has ended every client session, a count that did not move means no client changed that table. A
 * statistics reset shows as a change too.
 */
export async function tableChangeCounts(source: pg.ClientBase): Promise<Map<string, string>> {
  const { rows } = await source.query<{ name: string; changes: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name,
            (select coalesce(sum(s.n_tup_ins + s.n_tup_upd + s.n_tup_del), 0) from pg_stat_user_tables s
              where s.relid = c.oid or s.relid in (select relid from pg_partition_tree(c.oid)))::text as changes
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname !~ '^pg_' and n.nspname <> 'information_schema'`,
  )
  return new Map(rows.map((row) => [row.name, row.changes]))
}

/**
 * The counts from before the cut-off that still hold after it: a table keeps its count only if the replication
 * changed nothing in it on the target (`changedOnTarget`) and its change statistics on the source did not move
 * between the two readings. Every other table must be counted again.
 */
export function countsStillValid(
  agreed: ReadonlyMap<string, number>,
  changedOnTarget: ReadonlySet<string>,
  changesBefore: ReadonlyMap<string, string>,
  changesNow: ReadonlyMap<string, string>,
): Map<string, number> {
  const valid = new Map<string, number>()
  for (const [table, rows] of agreed) {
    if (changedOnTarget.has(table)) continue
    const before = changesBefore.get(table)
    if (before === undefined || before !== changesNow.get(table)) continue
    valid.set(table, rows)
  }
  return valid
}
