import { readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectionConfig } from '../cluster/client'
import { initCluster } from '../cluster/init'
import { readPidFile } from '../cluster/pid-file'
import { MIGRATION_ROLE, PLATFORM_SUPERUSER } from '../cluster/role-names'
import { startCluster } from '../cluster/start'
import { stopCluster } from '../cluster/stop'
import { superuserLayout } from '../cluster/superuser-migration'
import { computeSettings } from '../compute'
import { discoverEngines } from '../engines/discover'
import type { PostgresEngine } from '../engines/types'
import { allocatePort } from '../ports'
import { projectUserName, removeProjectUsers } from '../system/project-users'
import { lookupUser, type RunAs, resolveRunAs } from '../system/run-as'
import { makeTempRoot, processUid } from '../testing/fixtures'
import { testPortRange } from '../testing/ports'
import { LocalDriver } from './local'

/**
 * A project as versions before tenant isolation left it: `postgres` is the bootstrap superuser the tenant logs in
 * as, every project runs as the one shared OS user, and the tenant used its superuser powers freely. Starting it
 * with this version must move it to the platform superuser and keep every object, grant and default privilege.
 */
const TIMEOUT_MS = 60_000
const PASSWORD = 'tenant-password-1'
const AUTHENTICATOR_PASSWORD = 'authenticator-secret'
const PORT_RANGE = testPortRange()

/** The role bootstrap those versions ran (as the superuser postgres). */
const LEGACY_BOOTSTRAP = `
CREATE ROLE anon NOLOGIN NOINHERIT;
CREATE ROLE authenticated NOLOGIN NOINHERIT;
CREATE ROLE service_role NOLOGIN NOINHERIT BYPASSRLS;
CREATE ROLE authenticator LOGIN NOINHERIT PASSWORD '${AUTHENTICATOR_PASSWORD}';
GRANT anon, authenticated, service_role TO authenticator;
GRANT USAGE ON SCHEMA public TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON TABLES TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON SEQUENCES TO anon, authenticated, service_role;
ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT ALL ON FUNCTIONS TO anon, authenticated, service_role;
CREATE ROLE pgfleet_read_only LOGIN BYPASSRLS;
GRANT pg_read_all_data, pg_read_all_settings, pg_read_all_stats TO pgfleet_read_only;`

/** What a tenant superuser may have built, including what it may no longer have. */
const TENANT_WORK = `
CREATE TABLE public.todos (id serial PRIMARY KEY, title text, owner text);
INSERT INTO public.todos (title, owner) VALUES ('kept', 'alice'), ('hidden', 'bob');
ALTER TABLE public.todos ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_rows ON public.todos FOR SELECT TO anon USING (owner = 'alice');
CREATE TABLE public.events (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, at timestamptz DEFAULT now());
CREATE VIEW public.todo_titles AS SELECT title FROM public.todos;
CREATE MATERIALIZED VIEW public.todo_count AS SELECT count(*) AS n FROM public.todos;
CREATE TYPE public.mood AS ENUM ('ok', 'great');
CREATE DOMAIN public.short_text AS text CHECK (length(VALUE) < 10);
CREATE FUNCTION public.add_todo(t text) RETURNS void LANGUAGE sql SECURITY DEFINER
  AS $$ INSERT INTO public.todos (title, owner) VALUES (t, 'alice') $$;
CREATE SCHEMA app;
ALTER DEFAULT PRIVILEGES IN SCHEMA app GRANT SELECT ON TABLES TO anon;
CREATE TABLE app.settings (k text PRIMARY KEY, v text);
CREATE ROLE app_user LOGIN PASSWORD 'app-password';
GRANT SELECT ON public.todos TO app_user;
GRANT pg_execute_server_program TO app_user;
CREATE ROLE planted SUPERUSER LOGIN PASSWORD 'planted-password';
CREATE FUNCTION public.raw_length(text) RETURNS int LANGUAGE internal AS 'textlen';
GRANT EXECUTE ON FUNCTION public.raw_length(text) TO app_user;
CREATE EXTENSION pgcrypto;`

let root: string
let sharedUser: RunAs | null
let engines: PostgresEngine[]
const taken = new Set<number>()

beforeAll(async () => {
  root = await makeTempRoot('tenant-migration')
  sharedUser = await resolveRunAs()
  engines = await discoverEngines({ enginesCacheDir: path.join(root, 'engines') })
})

afterAll(async () => {
  // best-effort cleanup: a test that failed may have left these stopped already, or never started them
  for (const ref of ['legacy17', 'legacy15']) {
    await stopCluster({ dataDir: path.join(root, 'projects', ref, 'pgdata') }, 'immediate', 5_000).catch(() => {})
  }
  await removeProjectUsers(path.join(root, 'projects'))
  await rm(root, { recursive: true, force: true })
})

async function query<T extends pg.QueryResultRow>(config: pg.ClientConfig, sql: string): Promise<T[]> {
  const client = new pg.Client({ ...config, database: config.database ?? 'postgres' })
  await client.connect()
  try {
    const result = await client.query<T>(sql)
    return (Array.isArray(result) ? (result.at(-1) as pg.QueryResult<T>) : result).rows
  } finally {
    await client.end()
  }
}

describe.each([{ major: 17 }, { major: 15 }])('a Postgres $major project made before tenant isolation', ({ major }) => {
  const ref = `legacy${major}`
  let port: number
  let driver: LocalDriver
  const tcp = (user: string, password: string): pg.ClientConfig => ({ host: '127.0.0.1', port, user, password })

  it('is migrated on start, keeping its objects, grants and password', { timeout: TIMEOUT_MS }, async () => {
    port = await allocatePort(PORT_RANGE, taken)
    taken.add(port)
    const engine = engines.find((candidate) => candidate.major === major)
    if (!engine) throw new Error(`no Postgres ${major} engine`)
    const projectDir = path.join(root, 'projects', ref)
    const spec = {
      dataDir: path.join(projectDir, 'pgdata'),
      socketDir: path.join(projectDir, 'run'),
      logFile: path.join(projectDir, 'log', 'postgres.log'),
      port,
      listenAddress: '127.0.0.1',
      engine,
      runAs: sharedUser,
      settings: computeSettings('nano'),
    }
    await initCluster(spec, { superuser: 'postgres', superuserPassword: PASSWORD })
    await startCluster(spec)
    await query(connectionConfig(spec, 'postgres', 'postgres'), `${LEGACY_BOOTSTRAP}\n${TENANT_WORK}`)
    await query(connectionConfig(spec, 'postgres', 'postgres'), "ALTER SYSTEM SET work_mem = '77MB'")
    await query(connectionConfig(spec, 'postgres', 'postgres'), 'CREATE DATABASE second')
    await query(
      connectionConfig(spec, 'second', 'postgres'),
      'CREATE TABLE notes (id int); CREATE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$',
    )
    expect(await superuserLayout(spec)).toBe('legacy')

    // The new version starts it while the old server still runs as the shared user.
    driver = new LocalDriver({
      dataDir: path.join(root, 'projects'),
      runAs: sharedUser,
      engines,
      listenAddress: '127.0.0.1',
    })
    await driver.startProject(ref, { major, port, computeSize: 'nano' })
    expect(await superuserLayout(spec)).toBe('platform')

    const [me] = await query<{ user: string; rolsuper: boolean; n: number }>(
      tcp('postgres', PASSWORD),
      `SELECT current_user AS user, rolsuper, (SELECT count(*)::int FROM public.todos) AS n
       FROM pg_roles WHERE rolname = current_user`,
    )
    expect(me).toEqual({ user: 'postgres', rolsuper: false, n: 2 })
    await expect(query(tcp(PLATFORM_SUPERUSER, PASSWORD), 'SELECT 1')).rejects.toThrow()

    const admin = await driver.projectConnection(ref)
    const leftovers = await query<{ kind: string; name: string }>(
      admin,
      `SELECT 'relation' AS kind, c.oid::regclass::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE c.relowner = 10 AND n.nspname IN ('public', 'app') AND c.relkind IN ('r', 'v', 'm', 'S')
       UNION ALL SELECT 'schema', nspname FROM pg_namespace WHERE nspowner = 10 AND nspname IN ('public', 'app')
       UNION ALL SELECT 'routine', p.oid::regprocedure::text FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
         WHERE p.proowner = 10 AND n.nspname = 'public' AND p.prolang <> (SELECT oid FROM pg_language WHERE lanname = 'internal')
           AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
       UNION ALL SELECT 'type', t.oid::regtype::text FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
         WHERE t.typowner = 10 AND n.nspname = 'public' AND t.typtype IN ('e', 'd')
       UNION ALL SELECT 'database', datname FROM pg_database WHERE datdba = 10 AND NOT datistemplate`,
    )
    expect(leftovers).toEqual([])

    // RLS, policies and default privileges still work for the API roles.
    const asAnon = await query<{ title: string }>(
      tcp('authenticator', AUTHENTICATOR_PASSWORD),
      'SET ROLE anon; SELECT title FROM public.todos ORDER BY id',
    )
    expect(asAnon).toEqual([{ title: 'kept' }])
    await query(tcp('postgres', PASSWORD), 'CREATE TABLE public.after (x int); CREATE TABLE app.more (x int)')
    const grants = await query<{ anon_public: boolean; anon_app: boolean }>(
      admin,
      `SELECT has_table_privilege('anon', 'public.after', 'SELECT') AS anon_public,
              has_table_privilege('anon', 'app.more', 'SELECT') AS anon_app`,
    )
    expect(grants).toEqual([{ anon_public: true, anon_app: true }])
    await query(
      tcp('postgres', PASSWORD),
      "SELECT public.add_todo('via definer'); REFRESH MATERIALIZED VIEW public.todo_count",
    )

    // What the tenant may no longer have.
    const roles = await query<{ rolname: string; rolsuper: boolean; server_program: boolean }>(
      admin,
      `SELECT rolname, rolsuper, pg_has_role(oid, 'pg_execute_server_program', 'MEMBER') AS server_program
       FROM pg_roles WHERE rolname IN ('app_user', 'planted', 'postgres') ORDER BY rolname`,
    )
    expect(roles).toEqual([
      { rolname: 'app_user', rolsuper: false, server_program: false },
      { rolname: 'planted', rolsuper: false, server_program: false },
      { rolname: 'postgres', rolsuper: false, server_program: false },
    ])
    await expect(query(tcp('app_user', 'app-password'), "SELECT public.raw_length('abc')")).rejects.toThrow(
      /permission denied/,
    )
    await expect(query(tcp('postgres', PASSWORD), "SELECT public.raw_length('abc')")).rejects.toThrow(
      /permission denied/,
    )
    await expect(query(tcp('postgres', PASSWORD), "COPY public.todos FROM PROGRAM 'id'")).rejects.toThrow(
      /permission denied|must be superuser/,
    )
    const auto = await readFile(path.join(spec.dataDir, 'postgresql.auto.conf'), 'utf8')
    expect(auto).not.toContain('work_mem')

    // The other database moved too.
    const second = await query<{ owner: string; table_owner: string }>(
      { ...admin, database: 'second' },
      `SELECT (SELECT datdba::regrole::text FROM pg_database WHERE datname = 'second') AS owner,
              (SELECT relowner::regrole::text FROM pg_class WHERE relname = 'notes') AS table_owner`,
    )
    expect(second).toEqual([{ owner: 'postgres', table_owner: 'postgres' }])

    // The server now runs as the project's own OS user, which owns the files.
    if (sharedUser) {
      const own = await lookupUser(projectUserName(ref))
      const pidFile = await readPidFile(spec.dataDir)
      expect(own?.uid).not.toBe(sharedUser.uid)
      expect(pidFile && (await processUid(pidFile.pid))).toBe(own?.uid)
      expect((await stat(spec.dataDir)).uid).toBe(own?.uid)
    }
  })

  it('finishes an interrupted migration and is a no-op afterwards', { timeout: TIMEOUT_MS }, async () => {
    const admin = await driver.projectConnection(ref)
    // what a crash between the rename and the end of the object moves leaves
    await query(admin, `CREATE ROLE ${MIGRATION_ROLE} SUPERUSER LOGIN; CREATE TABLE public.mid (x int)`)
    await query(admin, 'ALTER TABLE public.mid OWNER TO pgfleet_admin')
    await driver.restartProject(ref, { major, port, computeSize: 'nano' })
    const [state] = await query<{ migrator: boolean; owner: string }>(
      admin,
      `SELECT EXISTS (SELECT FROM pg_roles WHERE rolname = '${MIGRATION_ROLE}') AS migrator,
              (SELECT relowner::regrole::text FROM pg_class WHERE oid = 'public.mid'::regclass) AS owner`,
    )
    expect(state).toEqual({ migrator: false, owner: 'postgres' })
    await driver.restartProject(ref, { major, port, computeSize: 'nano' })
    const { dataDir, socketDir } = driver.projectPaths(ref)
    expect(await superuserLayout({ dataDir, socketDir, port })).toBe('platform')
    await driver.stopProject(ref)
  })
})
