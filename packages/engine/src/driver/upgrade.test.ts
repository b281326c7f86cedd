import { mkdir, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TENANT_OWNER_ROLE } from '../cluster/role-names'
import { stopCluster } from '../cluster/stop'
import { discoverEngines } from '../engines/discover'
import { allocatePort } from '../ports'
import { removeProjectUsers } from '../system/project-users'
import { resolveRunAs } from '../system/run-as'
import { startCommittingClient } from '../testing/committing-client'
import { makeTempRoot } from '../testing/fixtures'
import type { UpgradeProgressKey } from '../upgrade/progress'
import { UPGRADE_PROGRESS_KEYS } from '../upgrade/progress'
import { LocalDriver } from './local'
import type { ProjectRuntimeConfig } from './types'

/**
 * A 15 project with extensions, views, functions, grants, sequences, RLS and a table without a primary key,
 * upgraded to 17 by each method.
 */
describe.each(['logical', 'dump'] as const)('major upgrade by %s', (method) => {
  const REF = `upgrade15${method[0]}`
  let root: string
  let driver: LocalDriver
  let source: ProjectRuntimeConfig
  let target: ProjectRuntimeConfig
  const upgrade = (progress: (key: UpgradeProgressKey) => void) =>
    driver.upgradeProject(REF, source, target, progress, { method })

  beforeAll(async () => {
    root = await makeTempRoot(`upgrade-${method}`)
    const runAs = await resolveRunAs()
    const engines = await discoverEngines({ enginesCacheDir: path.join(root, 'engines') })
    // the dump run takes its new cluster from a spare data directory, as the platform keeps them; the logical run
    // makes its own with initdb
    driver = new LocalDriver({
      dataDir: path.join(root, 'projects'),
      runAs,
      engines,
      listenAddress: '127.0.0.1',
      spareDataDirs: method === 'dump' ? 1 : 0,
    })
    const port = await allocatePort(
      method === 'logical' ? { from: 57_450, to: 57_570 } : { from: 57_580, to: 57_700 },
      new Set(),
    )
    source = { major: 15, port, computeSize: 'nano' }
    target = { ...source, major: 17 }
    await driver.createProject({ ref: REF, ...source, superuserPassword: 'pw-owner', authenticatorPassword: 'pw-auth' })
    await sql(`
    create extension pgcrypto; create extension "uuid-ossp"; create extension pg_trgm;
    create table public.notes (id bigserial primary key, owner uuid default uuid_generate_v4(), body text);
    insert into public.notes (body) select 'note ' || g from generate_series(1, 500) g;
    create index notes_body_trgm on public.notes using gin (body gin_trgm_ops);
    create view public.note_digests as select id, encode(digest(body, 'sha256'), 'hex') as digest from public.notes;
    create function public.note_count() returns bigint language sql stable as 'select count(*) from public.notes';
    alter table public.notes enable row level security;
    create policy "anon reads" on public.notes for select to anon using (id < 100);
    grant select on public.notes to anon;
    create sequence public.tickets start 1000; select nextval('public.tickets'); select nextval('public.tickets');
    create table public.events_log (at timestamptz default now(), what text);
    insert into public.events_log (what) select 'event ' || g from generate_series(1, 50) g;
    create table public.writes (id int primary key);
  `)
  }, 120_000)

  afterAll(async () => {
    await driver?.stopAll().catch(() => {})
    await driver?.spareDataDirsSettled()
    if (driver) await stopCluster(driver.projectPaths(REF), 'immediate', 5_000).catch(() => {})
    await removeProjectUsers(path.join(root, 'projects'))
    const { rm } = await import('node:fs/promises')
    await rm(root, { recursive: true, force: true })
  })

  async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, user = TENANT_OWNER_ROLE) {
    const client = new pg.Client(await driver.projectConnection(REF, { user }))
    await client.connect()
    try {
      return (await client.query<T>(text)).rows
    } finally {
      await client.end()
    }
  }

  /**
   * A client writing over TCP as the tenant the whole time: an insert, and an UPDATE of the table without a
   * primary key (which a publication would refuse without a replica identity).
   */
  const startWriter = () =>
    startCommittingClient(
      {
        host: '127.0.0.1',
        port: source.port ?? 0,
        user: TENANT_OWNER_ROLE,
        password: 'pw-owner',
        database: 'postgres',
      },
      async (client, id) => {
        await client.query('insert into public.writes (id) values ($1)', [id])
        await client.query("update public.events_log set what = what where what = 'event 1'")
      },
    )

  it('reports what blocks an upgrade', async () => {
    expect(await driver.upgradeBlockers(REF, 15, 17)).toEqual([])
    expect(await driver.upgradeBlockers(REF, 15, 99)).toContain('Postgres 99 is not installed on this platform')
  })

  it.each(UPGRADE_PROGRESS_KEYS.slice(0, -1))(
    'leaves the project on 15 with its data when the upgrade fails at "%s"',
    async (failAt) => {
      const seen: UpgradeProgressKey[] = []
      await expect(
        upgrade((key) => {
          seen.push(key)
          if (key === failAt) throw new Error('injected failure')
        }),
      ).rejects.toThrow('injected failure')
      expect(seen.at(-1)).toBe(failAt)
      expect((await sql<{ n: string }>("select current_setting('server_version_num') as n"))[0]?.n).toMatch(/^15/)
      expect((await sql<{ n: number }>('select count(*)::int as n from public.notes'))[0]?.n).toBe(500)
      // the port came back: clients connect as before
      expect((await driver.projectConnection(REF)).port).toBe(source.port)
      // nothing of the replication is left: no slot holding WAL, no publication, replica identities as they were
      expect(await sql('select 1 from pg_replication_slots', 'pgfleet_admin')).toHaveLength(0)
      expect(await sql('select 1 from pg_publication', 'pgfleet_admin')).toHaveLength(0)
      expect(
        (
          await sql<{ r: string }>(
            "select relreplident::text as r from pg_class where oid = 'public.events_log'::regclass",
          )
        )[0]?.r,
      ).toBe('d')
    },
    120_000,
  )

  it('first removes what a crashed logical attempt left: publication, slot, changed replica identity', async () => {
    const { projectDir } = driver.projectPaths(REF)
    await mkdir(path.join(projectDir, 'upgrade-journal'), { recursive: true })
    await writeFile(
      path.join(projectDir, 'upgrade-journal', 'postgres.json'),
      JSON.stringify([{ table: 'public.events_log', was: 'd' }]),
    )
    await sql('alter table public.events_log replica identity full', 'pgfleet_admin')
    await sql('create publication pgfleet_upgrade for all tables', 'pgfleet_admin')
    await sql("select pg_create_logical_replication_slot('pgfleet_upgrade_0', 'pgoutput')", 'pgfleet_admin')
    await expect(
      upgrade((key) => {
        if (key === 'started') throw new Error('injected failure')
      }),
    ).rejects.toThrow('injected failure')
    expect(await sql('select 1 from pg_replication_slots', 'pgfleet_admin')).toHaveLength(0)
    expect(await sql('select 1 from pg_publication', 'pgfleet_admin')).toHaveLength(0)
    expect(
      (
        await sql<{ r: string }>(
          "select relreplident::text as r from pg_class where oid = 'public.events_log'::regclass",
        )
      )[0]?.r,
    ).toBe('d')
  }, 120_000)

  it('after a crash between the switchover renames, puts the old data back before trying again', async () => {
    const { dataDir } = driver.projectPaths(REF)
    await driver.stopProject(REF)
    await rename(dataDir, `${dataDir}.pre-upgrade-15`)
    await mkdir(`${dataDir}.upgrading`)
    await expect(
      upgrade((key) => {
        // the new attempt ran from the old data: it gets as far as a new cluster, then fails and starts the old one
        if (key === 'launched upgraded instance') throw new Error('injected failure')
      }),
    ).rejects.toThrow('injected failure')
    expect((await sql<{ n: string }>("select current_setting('server_version_num') as n"))[0]?.n).toMatch(/^15/)
    expect((await sql<{ n: number }>('select count(*)::int as n from public.notes'))[0]?.n).toBe(500)
  }, 120_000)

  it('upgrades to 17 object by object, keeping passwords, grants, RLS and sequence values', async () => {
    if (method === 'dump') {
      driver.prepareSpareDataDirs([17])
      await driver.spareDataDirsSettled()
    }
    const seen: UpgradeProgressKey[] = []
    const writer = startWriter()
    await new Promise((resolve) => setTimeout(resolve, 300))
    const result = await upgrade((key) => {
      seen.push(key)
    })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const { committed, longestGapMs } = await writer.stop()
    // every write a client saw committed, before, during or after the upgrade, is on 17
    const present = new Set((await sql<{ id: number }>('select id from public.writes')).map((row) => row.id))
    expect(committed.length).toBeGreaterThan(10)
    expect(committed.filter((id) => !present.has(id))).toEqual([])
    console.log(`${method}: ${committed.length} writes committed, longest gap ${Math.round(longestGapMs)} ms`)
    expect(seen).toEqual([...UPGRADE_PROGRESS_KEYS])
    expect(result.method).toBe(method)
    expect(result.newClusterSource).toBe(method === 'dump' ? 'spare' : 'initdb')
    expect((await sql<{ n: number }>('select count(*)::int as n from public.events_log'))[0]?.n).toBe(50)
    expect(await sql('select 1 from pg_subscription', 'pgfleet_admin')).toHaveLength(0)
    expect(result.previousDataDir).toMatch(/pgdata\.pre-upgrade-15$/)
    expect((await sql<{ n: string }>("select current_setting('server_version_num') as n"))[0]?.n).toMatch(/^17/)
    expect((await sql<{ n: number }>('select count(*)::int as n from public.notes'))[0]?.n).toBe(500)
    expect((await sql<{ n: string }>('select public.note_count()::text as n'))[0]?.n).toBe('500')
    expect((await sql<{ d: string }>('select digest as d from public.note_digests where id = 1'))[0]?.d).toHaveLength(
      64,
    )
    expect((await sql<{ v: string }>("select nextval('public.tickets')::text as v"))[0]?.v).toBe('1002')
    const extensions = await sql<{ extname: string }>('select extname from pg_extension order by 1')
    expect(extensions.map((e) => e.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'pgcrypto', 'uuid-ossp']))
    expect(await sql("select 1 from pg_policies where policyname = 'anon reads'")).toHaveLength(1)
    expect(
      await sql("select 1 from information_schema.role_table_grants where grantee = 'anon' and table_name = 'notes'"),
    ).not.toHaveLength(0)
    // the tenant still is no superuser, and the authenticator's password still works over TCP
    expect((await sql<{ s: boolean }>("select rolsuper as s from pg_roles where rolname = 'postgres'"))[0]?.s).toBe(
      false,
    )
    const tcp = new pg.Client({
      host: '127.0.0.1',
      port: source.port ?? 0,
      user: 'authenticator',
      password: 'pw-auth',
      database: 'postgres',
    })
    await tcp.connect()
    await tcp.end()
    console.log(
      `upgrade 15 → 17 (${method}): ${JSON.stringify(result.timings)}; extensions ${result.extensionsUpdated.join(', ') || 'unchanged'}`,
    )
  }, 180_000)

  it('after a crash once switched over (before the platform recorded it), finishes on 17 without redoing it', async () => {
    await driver.stopProject(REF)
    const seen: UpgradeProgressKey[] = []
    const result = await upgrade((key) => {
      seen.push(key)
    })
    expect(seen).toEqual(['completed upgrade'])
    expect(result.previousDataDir).toMatch(/pgdata\.pre-upgrade-15$/)
    expect((await sql<{ n: string }>("select current_setting('server_version_num') as n"))[0]?.n).toMatch(/^17/)
    expect((await sql<{ n: number }>('select count(*)::int as n from public.notes'))[0]?.n).toBe(500)
  }, 120_000)
})
