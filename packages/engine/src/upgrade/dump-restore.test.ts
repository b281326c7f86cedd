import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withClient } from '../cluster/client'
import { initCluster } from '../cluster/init'
import { PLATFORM_SUPERUSER } from '../cluster/role-names'
import { startCluster } from '../cluster/start'
import { stopCluster } from '../cluster/stop'
import type { ClusterSpec } from '../cluster/types'
import { computeSettings } from '../compute'
import { discoverEngines, engineForMajor } from '../engines/discover'
import { resolveRunAs } from '../system/run-as'
import { makeTempRoot, testClusterSpec } from '../testing/fixtures'
import { type DumpTools, dumpTools } from './client-tools'
import { dumpAndRestore } from './dump-restore'
import { pipeMaker, type StreamedTable, streamTable, tablesToStream } from './stream-tables'
import { compareDatabases } from './verify'

/**
 * What the dump leaves out and the COPY streams carry must add up to the whole database, whatever the tables hold:
 * user-defined types (text format), built-in types only (binary format), generated and identity columns, a dropped
 * column, partitions, an unlogged table, a name that looks like a pattern, large objects, sequences, and the
 * indexes, foreign keys and triggers built after the rows.
 */
const FIXTURE = `
set search_path = public, pg_catalog;
create type mood as enum ('calm', 'busy');
create table people (id int generated always as identity primary key, name text, moods mood[], gone int,
  doubled int generated always as (id * 2) stored);
alter table people drop column gone;
insert into people (name, moods) select case when g % 7 = 0 then null else 'O''Brien ' || g || ' ünï' end,
  array['calm', 'busy']::mood[] from generate_series(1, 3000) g;
create table "odd ""name"" *" (k bigint primary key, payload bytea, amount numeric(12, 2), at timestamptz,
  doc jsonb, tags int[]);
insert into "odd ""name"" *" select g, decode(md5(g::text), 'hex'), g / 3.0, '2026-01-01'::timestamptz + g * interval '1 min',
  jsonb_build_object('g', g, 'nested', jsonb_build_array(g, 'x')), array[g, g + 1] from generate_series(1, 20000) g;
create table odd (k int);
insert into odd select generate_series(1, 10);
create table events (at date not null, what text) partition by range (at);
create table events_2025 partition of events for values from ('2025-01-01') to ('2026-01-01');
create table events_2026 partition of events for values from ('2026-01-01') to ('2027-01-01');
insert into events select '2025-06-01'::date + g, 'event ' || g from generate_series(1, 400) g;
create unlogged table scratch (v text);
insert into scratch select repeat('s', 200) from generate_series(1, 2000);
create table orders (id serial primary key, person int references people (id), note text);
insert into orders (person, note) select (g % 3000) + 1, 'order ' || g from generate_series(1, 5000) g;
create function stamp() returns trigger language plpgsql as $$ begin new.note := new.note || ' (stamped)'; return new; end $$;
create trigger orders_stamp before insert on orders for each row execute function stamp();
create table moods_log (at int, moods mood[]);
insert into moods_log select g, array['busy']::mood[] from generate_series(1, 100) g;
create domain positive as int check (value > 0);
create table checked (v int check (v > 0), p positive);
insert into checked select g, g from generate_series(1, 100) g;
create table by_expr (v int) partition by range ((v % 10));
create table by_expr_low partition of by_expr for values from (0) to (5);
create table by_expr_high partition of by_expr for values from (5) to (10);
insert into by_expr select generate_series(1, 100);
select lo_from_bytea(424242, 'a large object');
select setval('orders_id_seq', 7000);
`

const CASES = [
  { database: 'all_streamed', streamMinBytes: 0 },
  { database: 'none_streamed', streamMinBytes: 1024 ** 4 },
  // the quoted table with a pattern-like name (about 3 MB) streams; "odd" must still come through the dump
  { database: 'some_streamed', streamMinBytes: 1024 ** 2 },
]

describe('dump and restore with large tables streamed', () => {
  let root: string
  let source: ClusterSpec
  let target: ClusterSpec
  let tools: DumpTools

  beforeAll(async () => {
    root = await makeTempRoot('dump-restore')
    const runAs = await resolveRunAs()
    const engines = await discoverEngines()
    const spec = (major: number): ClusterSpec => {
      const dir = path.join(root, `pg${major}`)
      return testClusterSpec(dir, engineForMajor(engines, major), runAs, {
        listenAddress: '',
        settings: { ...computeSettings('nano'), wal_level: 'minimal', max_wal_senders: 0 },
      })
    }
    source = spec(15)
    target = spec(17)
    const found = dumpTools(source.engine)
    if (!found) throw new Error('pg_dump and pg_restore of Postgres 15 are needed for this test')
    tools = found
    for (const cluster of [source, target]) {
      await initCluster(cluster, { superuser: PLATFORM_SUPERUSER })
      await startCluster(cluster)
    }
    for (const { database } of CASES) {
      await withClient(source, (client) => client.query(`create database ${database}`))
      await withClient(target, (client) => client.query(`create database ${database}`))
      await withClient(source, (client) => client.query(FIXTURE), { database })
    }
  }, 120_000)

  afterAll(async () => {
    for (const cluster of [source, target]) if (cluster) await stopCluster(cluster, 'immediate', 5_000).catch(() => {})
    await rm(root, { recursive: true, force: true })
  })

  const fingerprint = (spec: ClusterSpec, database: string) =>
    withClient(
      spec,
      async (client) => {
        await client.query('set search_path = public, pg_catalog')
        const tables = await client.query<{ name: string }>(
          `select format('%I.%I', schemaname, relname) as name from pg_stat_user_tables order by 1`,
        )
        const prints: Record<string, string> = {}
        for (const { name } of tables.rows) {
          const { rows } = await client.query<{ md5: string }>(
            `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from ${name} t`,
          )
          prints[name] = rows[0]?.md5 ?? ''
        }
        const extra = await client.query(
          `select encode(lo_get(424242), 'escape') as lo, (select last_value from orders_id_seq) as seq,
                  (select count(*)::int from pg_constraint where contype = 'f') as fks,
                  (select count(*)::int from pg_trigger where not tgisinternal) as triggers,
                  (select count(*)::int from pg_indexes where schemaname = 'public') as indexes`,
        )
        return { prints, extra: extra.rows[0] }
      },
      { database },
    )

  it.each(CASES)(
    'copies $database whole',
    async ({ database, streamMinBytes }) => {
      const streamed = await withClient(source, (client) => tablesToStream(client, streamMinBytes), { database })
      const copied = await dumpAndRestore(tools, source, target, database, { streamMinBytes })
      expect([...copied.rowsCopied.keys()].sort()).toEqual(streamed.map((table) => table.name).sort())
      if (database === 'all_streamed') {
        // user-defined types go as text, built-in ones as binary; the partitioned parent holds no rows of its own
        const formats = Object.fromEntries(streamed.map((table) => [table.name, table.binary]))
        expect(formats).toMatchObject({
          'public.moods_log': false,
          'public."odd ""name"" *"': true,
          'public.odd': true,
        })
        expect(formats).not.toHaveProperty('public.events')
        // loading these rows runs tenant code (a generated column, CHECK and domain constraints, a partition key
        // expression): they come through the dump, restored as their owner, never by the superuser's stream
        for (const table of ['public.people', 'public.checked', 'public.by_expr_low', 'public.by_expr_high']) {
          expect(formats).not.toHaveProperty(table)
        }
        expect(copied.rowsCopied.get('public.events_2025')).toBe(213)
      }
      if (database === 'some_streamed') expect([...copied.rowsCopied.keys()]).toEqual(['public."odd ""name"" *"'])

      const differences = await withClient(
        source,
        (from) => withClient(target, (to) => compareDatabases(from, to), { database }),
        { database },
      )
      expect(differences).toEqual([])
      expect(await fingerprint(target, database)).toEqual(await fingerprint(source, database))
      // constraints and triggers exist and act on the copy
      await withClient(
        target,
        async (client) => {
          await client.query('set search_path = public, pg_catalog')
          await expect(client.query('insert into orders (person, note) values (999999, $1)', ['x'])).rejects.toThrow(
            /foreign key/,
          )
          const { rows } = await client.query<{ note: string; id: number }>(
            "insert into orders (person, note) values (1, 'new') returning id, note",
          )
          // 7001 went to the refused insert
          expect(rows[0]).toEqual({ id: 7002, note: 'new (stamped)' })
        },
        { database },
      )
    },
    60_000,
  )

  it('reports an object whose owner changed, and a function that became a security definer', async () => {
    const database = 'some_streamed'
    await withClient(target, async (client) => {
      await client.query('create role someone_else')
    })
    await withClient(
      target,
      (client) =>
        client.query(`alter table public.odd owner to someone_else;
          alter function public.stamp() security definer;
          alter type public.mood owner to someone_else`),
      { database },
    )
    const differences = await withClient(
      source,
      (from) => withClient(target, (to) => compareDatabases(from, to), { database }),
      { database },
    )
    // (the earlier test's insert and the new role show among the counts)
    expect(differences.filter((difference) => difference.startsWith('owner of'))).toEqual([
      'owner of function public.stamp(): pgfleet_admin before, pgfleet_admin (security definer) after',
      'owner of table public.odd: pgfleet_admin before, someone_else after',
      'owner of type public.mood: pgfleet_admin before, someone_else after',
    ])
  })

  describe('a stream whose other half fails', () => {
    const table = (name: string): StreamedTable => ({
      name: `public.${name}`,
      schema: 'public',
      table: name,
      bytes: 0,
      binary: true,
    })
    let pipes: string
    let nextPipe: () => Promise<string>
    beforeAll(async () => {
      pipes = await mkdtemp(path.join(os.tmpdir(), 'pgfleet-stream-test-'))
      nextPipe = await pipeMaker(pipes, source.runAs)
      await withClient(
        source,
        (client) => client.query('create table public.only_source (v int); insert into public.only_source values (1)'),
        {
          database: 'none_streamed',
        },
      )
      await withClient(
        target,
        (client) => client.query('create table public.only_target (v int); insert into public.only_target values (7)'),
        {
          database: 'none_streamed',
        },
      )
    })
    afterAll(() => rm(pipes, { recursive: true, force: true }))

    it('ends when the source cannot read, and leaves the target as it was', async () => {
      await expect(
        streamTable(source, target, 'none_streamed', table('only_target'), await nextPipe()),
      ).rejects.toThrow(/Reading public.only_target failed: .*does not exist/)
      const { rows } = await withClient(target, (client) => client.query('select v from public.only_target'), {
        database: 'none_streamed',
      })
      // the truncate was rolled back with the copy
      expect(rows).toEqual([{ v: 7 }])
    }, 20_000)

    it('ends when the target fails in the middle of the rows, and keeps none of them', async () => {
      for (const [cluster, columns] of [
        [source, 'v int'],
        [target, 'v int, w int'],
      ] as const) {
        await withClient(
          cluster,
          (client) =>
            client.query(
              `create table public.mismatch (${columns}); insert into public.mismatch (v) select generate_series(1, 200000)`,
            ),
          { database: 'none_streamed' },
        )
      }
      await expect(streamTable(source, target, 'none_streamed', table('mismatch'), await nextPipe())).rejects.toThrow(
        /(Reading|Writing) public.mismatch failed/,
      )
      const { rows } = await withClient(
        target,
        (client) => client.query('select count(*)::int as n from public.mismatch'),
        {
          database: 'none_streamed',
        },
      )
      expect(rows).toEqual([{ n: 200000 }])
    }, 20_000)

    it('ends when the target cannot write', async () => {
      await expect(
        streamTable(source, target, 'none_streamed', table('only_source'), await nextPipe()),
      ).rejects.toThrow(/Writing public.only_source failed: .*does not exist/)
    }, 20_000)
  })
})
