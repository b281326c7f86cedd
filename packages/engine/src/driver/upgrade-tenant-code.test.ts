import { rm } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PLATFORM_SUPERUSER, TENANT_OWNER_ROLE } from '../cluster/role-names'
import { stopCluster } from '../cluster/stop'
import { SOCKET_ONLY_PORT } from '../cluster/types'
import { discoverEngines } from '../engines/discover'
import { allocatePort } from '../ports'
import { removeProjectUsers } from '../system/project-users'
import { resolveRunAs } from '../system/run-as'
import { makeTempRoot } from '../testing/fixtures'
import { LocalDriver } from './local'
import type { ProjectRuntimeConfig } from './types'

/**
 * A tenant's code that a major upgrade evaluates (a CHECK constraint, a domain's check, a materialized view's query)
 * must run as the tenant, never in a platform superuser session. The tenant's `audit` function notes on a table's
 * comment any session it runs in that is not its own owner's, and tries what a superuser session would let it do:
 * switch back from SET ROLE, make its role a superuser, hand its security-definer function to the superuser. A
 * partitioned table with a postgres_fdw partition whose user mapping for the platform superuser points at the
 * upgrade's new cluster tries the same through the upgrade's row counts.
 */
const TENANT_SETUP = `
create table public.witness (id int);
create function public.elevated() returns text language sql security definer as 'select current_user::text';
create function public.audit(v int) returns boolean language plpgsql as $$
begin
  if current_user <> 'postgres' or session_user <> 'postgres' then
    execute format('comment on table public.witness is %L',
      concat_ws(', ', obj_description('public.witness'::regclass, 'pg_class'),
        format('current_user=%s session_user=%s', current_user, session_user)));
  end if;
  begin execute 'set role none'; exception when others then null; end;
  begin execute 'alter role postgres superuser'; exception when others then null; end;
  begin execute 'alter function public.elevated() owner to pgfleet_admin'; exception when others then null; end;
  return v > 0;
end $$;
create domain public.audited_int as int check (public.audit(value));
create table public.guarded (v int check (public.audit(v)), w public.audited_int);
insert into public.guarded select g, g from generate_series(1, 20) g;
`

/** A materialized view makes the upgrade go by dump and restore, and its refresh runs `audit` again. */
const MATERIALIZED_VIEW =
  'create materialized view public.audited as select v, public.audit(v) as ok from public.guarded'

/** What a platform service's schema looks like: owned by a role that cannot log in. */
const SERVICE_SETUP = `
create role pgfleet_test_service nologin;
create schema service authorization pgfleet_test_service;
create table service.items (v int check (v > 0));
alter table service.items owner to pgfleet_test_service;
insert into service.items select generate_series(1, 10);
create extension postgres_fdw;
grant usage on foreign data wrapper postgres_fdw to postgres;
`

/** The foreign partition: its user mapping for the platform superuser needs no password, over a trusted socket. */
const foreignPartitionSetup = (newClusterSocketDir: string) => `
create server upgrade_loop foreign data wrapper postgres_fdw
  options (host '${newClusterSocketDir}', port '${SOCKET_ONLY_PORT}', dbname 'postgres');
create user mapping for ${PLATFORM_SUPERUSER} server upgrade_loop options (user '${PLATFORM_SUPERUSER}');
create function public.spy() returns setof int language plpgsql as $$
begin
  if current_user <> 'postgres' or session_user <> 'postgres' then
    execute format('comment on table public.witness is %L',
      concat_ws(', ', obj_description('public.witness'::regclass, 'pg_class'), 'counted as ' || session_user));
  end if;
  begin execute 'alter role postgres superuser'; exception when others then null; end;
  return next 150;
end $$;
create view public.spy_view as select at from public.spy() as at;
create table public.ledger (at int) partition by range (at);
create table public.ledger_local partition of public.ledger for values from (0) to (100);
insert into public.ledger_local values (1), (2);
create foreign table public.ledger_remote partition of public.ledger for values from (100) to (200)
  server upgrade_loop options (schema_name 'public', table_name 'spy_view');
`

describe.each(['dump', 'logical'] as const)('a major upgrade by %s runs tenant code as the tenant', (method) => {
  const REF = `tenantcode${method[0]}`
  let root: string
  let driver: LocalDriver
  let source: ProjectRuntimeConfig
  let target: ProjectRuntimeConfig

  beforeAll(async () => {
    root = await makeTempRoot(`upgrade-tenant-code-${method}`)
    const engines = await discoverEngines({ enginesCacheDir: path.join(root, 'engines') })
    driver = new LocalDriver({
      dataDir: path.join(root, 'projects'),
      runAs: await resolveRunAs(),
      engines,
      listenAddress: '127.0.0.1',
    })
    const port = await allocatePort(
      method === 'dump' ? { from: 57_710, to: 57_760 } : { from: 57_770, to: 57_820 },
      new Set(),
    )
    source = { major: 15, port, computeSize: 'nano' }
    target = { ...source, major: 17 }
    await driver.createProject({ ref: REF, ...source, superuserPassword: 'pw-owner', authenticatorPassword: 'pw-auth' })
    await sql(SERVICE_SETUP, PLATFORM_SUPERUSER)
    await sql(TENANT_SETUP)
    if (method === 'dump') await sql(MATERIALIZED_VIEW)
    await sql(foreignPartitionSetup(path.join(driver.projectPaths(REF).projectDir, 'run-upgrade')))
  }, 120_000)

  afterAll(async () => {
    await driver?.stopAll().catch(() => {})
    if (driver) await stopCluster(driver.projectPaths(REF), 'immediate', 5_000).catch(() => {})
    await removeProjectUsers(path.join(root, 'projects'))
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

  it('upgrades to 17 without running the tenant code as pgfleet_admin, and every object keeps its owner', async () => {
    const result = await driver.upgradeProject(REF, source, target, () => {}, method === 'dump' ? {} : { method })
    expect(result.method).toBe(method)
    expect((await sql<{ n: string }>("select current_setting('server_version_num') as n"))[0]?.n).toMatch(/^17/)
    const [state] = await sql<{ witness: string | null; superuser: boolean; owner: string; definer: boolean }>(`
      select obj_description('public.witness'::regclass, 'pg_class') as witness,
             (select rolsuper from pg_roles where rolname = 'postgres') as superuser,
             pg_get_userbyid(proowner) as owner, prosecdef as definer
        from pg_proc where oid = 'public.elevated()'::regprocedure`)
    // the subscription's workers apply each table's rows as its owner, in a security-restricted operation: the
    // session is the subscription owner's, the rights are the table owner's, and no switching back
    const allowed = method === 'logical' ? [null, `current_user=postgres session_user=${PLATFORM_SUPERUSER}`] : [null]
    expect(allowed).toContain(
      state?.witness
        ?.split(', ')
        .filter((note, i, all) => all.indexOf(note) === i)
        .join(', ') ?? null,
    )
    expect(state).toMatchObject({ superuser: false, owner: TENANT_OWNER_ROLE, definer: true })
    expect((await sql<{ n: number }>('select count(*)::int as n from public.guarded'))[0]?.n).toBe(20)
    const [service] = await sql<{ owner: string; login: boolean; rows: number }>(
      `select pg_get_userbyid(nspowner) as owner, (select rolcanlogin from pg_roles where rolname = 'pgfleet_test_service') as login,
              (select count(*)::int from service.items) as rows
         from pg_namespace where nspname = 'service'`,
      PLATFORM_SUPERUSER,
    )
    // the service's role logged in for the restore only
    expect(service).toEqual({ owner: 'pgfleet_test_service', login: false, rows: 10 })
    if (method === 'dump') {
      expect((await sql<{ n: number }>('select count(*)::int as n from public.audited where ok'))[0]?.n).toBe(20)
    }
  }, 240_000)
})
