import { readFile, rm, writeFile } from 'node:fs/promises'
import type pg from 'pg'
import type { ReplicationLogin } from '../cluster/replication-login'
import type { ClusterLocation } from '../cluster/types'
import { settingsPort } from '../cluster/types'

/**
 * Moving a database to a newer major by logical replication: the schema is copied first, then a subscription on
 * the new cluster copies every table and follows the writes the old one keeps taking, so clients are cut off only
 * for the switchover (catch up, sequences, checks), whatever the size.
 */

export const UPGRADE_PUBLICATION = 'pgfleet_upgrade'
const SLOT_PREFIX = 'pgfleet_upgrade_'
const POLL_MS = 50

/** The slot (and subscription) name for the n-th database: slots are cluster-wide, names must not collide. */
export const upgradeSlotName = (index: number) => `${SLOT_PREFIX}${index}`

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`
const quoteLiteral = (text: string) => `'${text.replaceAll("'", "''")}'`
/** A libpq connection-string value: quoted, with quotes and backslashes escaped. */
const conninfoValue = (value: string) => `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`

/**
 * Why logical replication cannot carry this database faithfully (empty when it can): it carries no large
 * objects, no rows of unlogged tables and no materialized view contents. Those databases move by dump and
 * restore instead.
 */
export async function logicalReplicationBlockers(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ large_objects: boolean; unlogged: number; matviews: number }>(`
    select exists (select 1 from pg_largeobject_metadata) as large_objects,
      (select count(*)::int from pg_class where relpersistence = 'u' and relkind in ('r', 'p')) as unlogged,
      (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'm' and n.nspname !~ '^pg_' and n.nspname <> 'information_schema') as matviews`)
  const found = rows[0]
  const blockers: string[] = []
  if (found?.large_objects) blockers.push('it has large objects')
  if (found?.unlogged) blockers.push(`it has ${found.unlogged} unlogged table(s)`)
  if (found?.matviews) blockers.push(`it has ${found.matviews} materialized view(s)`)
  return blockers
}

type ReplicaIdentityChange = { table: string; was: 'd' | 'n' }

/**
 * Tables without a primary key (or with REPLICA IDENTITY NOTHING) would refuse UPDATE and DELETE on the old
 * cluster once published: they get REPLICA IDENTITY FULL for the duration. The list of changes is written to
 * `journal` first, so a crash of the platform can still put them back.
 */
export async function publishForUpgrade(client: pg.ClientBase, journal: string): Promise<void> {
  const { rows } = await client.query<ReplicaIdentityChange>(`
    select format('%I.%I', n.nspname, c.relname) as table, c.relreplident::text as was
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and c.relpersistence = 'p' and n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
      and (c.relreplident = 'n'
        or (c.relreplident = 'd' and not exists (select 1 from pg_index i where i.indrelid = c.oid and i.indisprimary)))`)
  await writeFile(journal, JSON.stringify(rows))
  await client.query(`set lock_timeout = '5s'`)
  for (const change of rows) await client.query(`alter table ${change.table} replica identity full`)
  await client.query(`create publication ${UPGRADE_PUBLICATION} for all tables`)
}

/**
 * Removes what `publishForUpgrade` and the subscription left on the old cluster's database: the publication,
 * the upgrade's replication slots, and the replica identities it changed. Safe to run when there is nothing.
 */
export async function unpublishAfterUpgrade(client: pg.ClientBase, journal: string): Promise<void> {
  await client.query(`set lock_timeout = '5s'`)
  await client.query(`drop publication if exists ${UPGRADE_PUBLICATION}`)
  // a slot left behind would keep WAL forever; its sender may take a moment to notice the subscriber is gone
  const deadline = performance.now() + 10_000
  for (;;) {
    await client.query(
      `select pg_drop_replication_slot(slot_name) from pg_replication_slots
       where slot_name like '${SLOT_PREFIX}%' and database = current_database() and not active`,
    )
    const { rows } = await client.query<{ left: number }>(
      `select count(*)::int as left from pg_replication_slots
       where slot_name like '${SLOT_PREFIX}%' and database = current_database()`,
    )
    if ((rows[0]?.left ?? 0) === 0) break
    if (performance.now() > deadline) throw new Error('An upgrade replication slot is still in use')
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
  const changes = await readFile(journal, 'utf8').then(
    (text) => JSON.parse(text) as ReplicaIdentityChange[],
    () => [] as ReplicaIdentityChange[],
  )
  for (const change of changes) {
    const back = change.was === 'n' ? 'nothing' : 'default'
    // a table dropped meanwhile has nothing to put back
    await client.query(`do $$ begin
      if to_regclass(${quoteLiteral(change.table)}) is not null then
        execute 'alter table ' || ${quoteLiteral(change.table)} || ' replica identity ${back}';
      end if; end $$`)
  }
  await rm(journal, { force: true })
}

/** How the new cluster reaches the old one: its unix socket, as the upgrade's replication login (never the superuser). */
function sourceConninfo(
  source: Pick<ClusterLocation, 'socketDir' | 'port'>,
  database: string,
  login: ReplicationLogin,
): string {
  return [
    `host=${conninfoValue(source.socketDir)}`,
    `port=${settingsPort(source)}`,
    `dbname=${conninfoValue(database)}`,
    `user=${conninfoValue(login.user)}`,
    `password=${conninfoValue(login.password)}`,
  ].join(' ')
}

/** The first major whose subscriptions apply each table's rows as the table's owner. */
export const FIRST_MAJOR_APPLYING_AS_OWNER = 16

/**
 * Subscribes the new cluster's copy of `database` (schema already there) to the old cluster's publication. The
 * subscription belongs to the platform superuser, but with `run_as_owner = false` (and only from Postgres 16 on)
 * its workers copy and apply each table's rows as that table's owner, in a security-restricted operation: a CHECK
 * constraint, a default or a replica trigger runs with the owner's rights and cannot switch role. An older target
 * would run them as the superuser, so it is refused.
 */
export async function subscribeForUpgrade(
  target: pg.ClientBase,
  source: Pick<ClusterLocation, 'socketDir' | 'port'>,
  database: string,
  slot: string,
  login: ReplicationLogin,
): Promise<void> {
  const { rows } = await target.query<{ n: number }>(`select current_setting('server_version_num')::int as n`)
  if ((rows[0]?.n ?? 0) < FIRST_MAJOR_APPLYING_AS_OWNER * 10_000) {
    throw new Error(`An upgrade by logical replication needs Postgres ${FIRST_MAJOR_APPLYING_AS_OWNER} or newer`)
  }
  const conninfo = sourceConninfo(source, database, login)
  await target.query(
    `create subscription ${quoteIdent(slot)} connection ${quoteLiteral(conninfo)}
     publication ${UPGRADE_PUBLICATION}
     with (slot_name = ${quoteLiteral(slot)}, copy_data = true, run_as_owner = false)`,
  )
}

/** Waits until every table of the subscription has its initial copy (state 'r'); fails on replication errors. */
export async function waitForInitialCopy(target: pg.ClientBase, slot: string, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const { rows } = await target.query<{ pending: number; errors: number }>(
      `select (select count(*)::int from pg_subscription_rel r join pg_subscription s on s.oid = r.srsubid
                where s.subname = $1 and r.srsubstate <> 'r') as pending,
              coalesce((select (apply_error_count + sync_error_count)::int from pg_stat_subscription_stats
                where subname = $1), 0) as errors`,
      [slot],
    )
    const state = rows[0]
    if (state && state.errors > 0) {
      throw new Error('Copying the tables to the new major failed (the project log has the error)')
    }
    if (state && state.pending === 0) return
    if (performance.now() > deadline) throw new Error(`The initial copy did not finish within ${timeoutMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/**
 * With clients cut off, waits until the subscriptions confirmed everything the old cluster has written, so
 * the copy holds every committed row.
 */
export async function waitForCatchUp(source: pg.ClientBase, slots: string[], timeoutMs: number): Promise<void> {
  const { rows } = await source.query<{ lsn: string }>('select pg_current_wal_flush_lsn()::text as lsn')
  const lsn = rows[0]?.lsn
  const deadline = performance.now() + timeoutMs
  for (;;) {
    const { rows: slotRows } = await source.query<{ behind: number }>(
      `select count(*)::int as behind from pg_replication_slots
       where slot_name = any($1) and (confirmed_flush_lsn is null or confirmed_flush_lsn < $2::pg_lsn)`,
      [slots, lsn],
    )
    if (slotRows[0]?.behind === 0) return
    if (performance.now() > deadline) {
      throw new Error(`The new major did not catch up with the last writes within ${timeoutMs / 1000} s`)
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}

/** Logical replication carries no sequence values: each is set on the copy as the old cluster has it. */
export async function copySequenceValues(source: pg.ClientBase, target: pg.ClientBase): Promise<number> {
  const { rows } = await source.query<{ name: string; last_value: string | null }>(
    `select format('%I.%I', schemaname, sequencename) as name, last_value::text from pg_sequences
     where schemaname !~ '^pg_' and schemaname <> 'information_schema'`,
  )
  let copied = 0
  for (const row of rows) {
    if (row.last_value === null) continue
    await target.query('select setval($1::regclass, $2::bigint, true)', [row.name, row.last_value])
    copied++
  }
  return copied
}

/** Drops the copy's subscription, and with it the slot on the old cluster (which must still answer). */
export async function dropUpgradeSubscription(target: pg.ClientBase, slot: string): Promise<void> {
  await target.query(`drop subscription if exists ${quoteIdent(slot)}`)
}
