import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import {
  ISOLATION_GAPS_WITHOUT_ROOT,
  type Organization,
  type PlatformIsolation,
  type Project,
  type ProjectSettingsResponse,
  type QueryErrorResponse,
  type RunQueryResponse,
} from '@pgfleet/contracts'
import {
  API_ROLES,
  FIRST_MAJOR_WITH_SAFE_CREATEROLE,
  PLATFORM_SUPERUSER,
  READ_ONLY_ROLE,
  TENANT_OWNER_MEMBERSHIPS,
} from '@pgfleet/engine'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SqlTestSetup, startSqlTestSetup } from '../control/sql-editor/testing'
import { ApiClient, waitFor } from '../testing/harness'
import { requireRoot } from '../testing/require-root'

/**
 * Attacks a tenant could try from its own project (its psql as `postgres`, the SQL editor as a Developer or a
 * Read-only member) against the platform, other projects and the control plane. Each must fail with an error;
 * afterwards the other project's data and the control plane are unchanged.
 */
const DB_PASSWORD = 'editor-db-password'
const OTHER_DB_PASSWORD = 'other-db-password'

let s: SqlTestSetup
let developer: ApiClient
let reader: ApiClient
let other: { client: ApiClient; project: Project; port: number }
let port: number
let major: number
const outcomes: { attack: string; worked: boolean }[] = []

async function settings(client: ApiClient, ref: string): Promise<ProjectSettingsResponse> {
  return (await client.get<ProjectSettingsResponse>(`/platform/projects/${ref}/settings`)).body
}

async function tcpQuery<T extends pg.QueryResultRow>(
  sql: string,
  login: { port: number; user: string; password: string },
): Promise<T[]> {
  const client = new pg.Client({ host: '127.0.0.1', database: 'postgres', connectionTimeoutMillis: 5_000, ...login })
  // a failure of this one-off client rejects its connect or query, which the test sees
  client.on('error', () => {})
  await client.connect()
  try {
    return (await client.query<T>(sql)).rows
  } finally {
    // the query's outcome is decided; a failed goodbye changes nothing
    await client.end().catch(() => {})
  }
}

const asTenant = <T extends pg.QueryResultRow>(sql: string) =>
  tcpQuery<T>(sql, { port, user: 'postgres', password: DB_PASSWORD })

/** Records the attempt; the attack must be refused with an error matching `refusal`. */
async function attack(name: string, attempt: () => Promise<unknown>, refusal: RegExp): Promise<void> {
  let error: unknown = null
  try {
    await attempt()
  } catch (caught) {
    error = caught
  }
  outcomes.push({ attack: name, worked: error === null })
  expect(error, `${name} must fail`).not.toBeNull()
  expect((error as Error).message, name).toMatch(refusal)
}

const runAs = (client: ApiClient, query: string) =>
  client.post<RunQueryResponse & QueryErrorResponse>(`${s.base}/query`, { query })

/** The SQL editor answers 400 with Postgres' message when a statement fails: make that a rejection. */
async function editorQuery(client: ApiClient, query: string): Promise<RunQueryResponse> {
  const answer = await runAs(client, query)
  if (answer.status !== 200) throw new Error(answer.body.message ?? `status ${answer.status}`)
  return answer.body
}

async function fingerprint(): Promise<string> {
  const otherRows = await tcpQuery<{ n: number; secret: string }>(
    'SELECT count(*)::int AS n, max(secret) AS secret FROM private_notes',
    { port: other.port, user: 'postgres', password: OTHER_DB_PASSWORD },
  )
  const members = await s.owner.get(`/platform/organizations/${await orgSlug(s.owner)}/members`)
  return JSON.stringify({ otherRows, members: members.body })
}

async function orgSlug(client: ApiClient): Promise<string> {
  return (await client.get<Organization[]>('/platform/organizations')).body[0]?.slug ?? ''
}

let before = ''

beforeAll(async () => {
  s = await startSqlTestSetup({ reader: 'Read-only', developer: 'Developer' }, { waitHealthy: true })
  developer = s.members.developer as ApiClient
  reader = s.members.reader as ApiClient
  const mine = await settings(s.owner, s.project.ref)
  port = mine.db_port ?? 0
  major = Number.parseInt(mine.db_version, 10)

  // another customer, with a project of its own
  const client = new ApiClient(() => s.t.baseUrl)
  await client.post('/platform/auth/signup', { email: 'other@example.com', password: 'other-password' })
  const created = await client.post<Project>('/v1/projects', {
    name: 'Other',
    organization_slug: await orgSlug(client),
    db_pass: OTHER_DB_PASSWORD,
  })
  if (created.status !== 201) throw new Error(`other project: ${JSON.stringify(created.body)}`)
  await waitFor(
    async () => (await settings(client, created.body.ref)).status,
    (status) => status === 'ACTIVE_HEALTHY',
    60_000,
  )
  other = { client, project: created.body, port: (await settings(client, created.body.ref)).db_port ?? 0 }
  await tcpQuery("CREATE TABLE private_notes (secret text); INSERT INTO private_notes VALUES ('other tenant secret')", {
    port: other.port,
    user: 'postgres',
    password: OTHER_DB_PASSWORD,
  })
  await asTenant('CREATE TABLE IF NOT EXISTS victim (x text)')
  before = await fingerprint()
})

afterAll(async () => {
  const worked = outcomes.filter((outcome) => outcome.worked)
  console.log(`[isolation] attacks tried: ${outcomes.length}, attacks that worked: ${worked.length}`)
  await s?.t.destroy()
})

describe("the tenant's postgres role", () => {
  it('has exactly the allowed attributes and memberships', async () => {
    const [role] = await asTenant<Record<string, boolean>>(
      `SELECT rolsuper, rolcreaterole, rolcreatedb, rolbypassrls, rolreplication, rolcanlogin
       FROM pg_roles WHERE rolname = current_user`,
    )
    expect(role).toEqual({
      rolsuper: false,
      rolcreaterole: major >= FIRST_MAJOR_WITH_SAFE_CREATEROLE,
      rolcreatedb: true,
      rolbypassrls: true,
      rolreplication: false,
      rolcanlogin: true,
    })
    const memberships = await asTenant<{ rolname: string }>(
      `SELECT g.rolname FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid
       WHERE m.member = (SELECT oid FROM pg_roles WHERE rolname = current_user) ORDER BY 1`,
    )
    expect(memberships.map((row) => row.rolname)).toEqual([...TENANT_OWNER_MEMBERSHIPS, ...API_ROLES].sort())
    const superusers = await asTenant<{ rolname: string }>('SELECT rolname FROM pg_roles WHERE rolsuper')
    expect(superusers).toEqual([{ rolname: PLATFORM_SUPERUSER }])
    const [owns] = await asTenant<{ db: string; schema: string }>(
      `SELECT (SELECT datdba::regrole::text FROM pg_database WHERE datname = 'postgres') AS db,
              (SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = 'public') AS schema`,
    )
    expect(owns).toEqual({ db: 'postgres', schema: 'postgres' })
  })

  it('still does what a database owner does', async () => {
    await asTenant(`CREATE EXTENSION IF NOT EXISTS pgcrypto;
      CREATE TABLE owned (id int PRIMARY KEY); ALTER TABLE owned ENABLE ROW LEVEL SECURITY;
      CREATE POLICY p ON owned USING (true); CREATE SCHEMA extra; DROP TABLE owned; DROP SCHEMA extra`)
    if (major >= FIRST_MAJOR_WITH_SAFE_CREATEROLE) {
      await asTenant('CREATE ROLE app_reader NOLOGIN; GRANT anon TO app_reader; DROP ROLE app_reader')
    }
  })
})

describe('attacks from the tenant psql', () => {
  const denied =
    /permission denied|must be superuser|must be owner|not allowed|only superusers|Only roles with|not available|could not open extension control file|is not trusted/i
  const cases: [string, string][] = [
    ['COPY FROM PROGRAM', "COPY victim FROM PROGRAM 'id'"],
    ['COPY TO PROGRAM', "COPY victim TO PROGRAM 'sh -c id'"],
    ['COPY FROM a server file', "COPY victim FROM '/etc/passwd'"],
    ['CREATE EXTENSION pltclu', 'CREATE EXTENSION pltclu'],
    ['CREATE EXTENSION plperlu', 'CREATE EXTENSION plperlu'],
    ['CREATE EXTENSION dblink', 'CREATE EXTENSION dblink'],
    ['CREATE EXTENSION postgres_fdw', 'CREATE EXTENSION postgres_fdw'],
    ['CREATE EXTENSION file_fdw', 'CREATE EXTENSION file_fdw'],
    [
      'a C function calling system()',
      "CREATE FUNCTION sys(cstring) RETURNS int AS '/lib/x86_64-linux-gnu/libc.so.6', 'system' LANGUAGE c",
    ],
    ['an internal-language function', "CREATE FUNCTION len(text) RETURNS int LANGUAGE internal AS 'textlen'"],
    ['pg_ls_dir', "SELECT pg_ls_dir('..')"],
    ['pg_read_file', "SELECT pg_read_file('/etc/passwd')"],
    ['pg_read_binary_file', "SELECT pg_read_binary_file('global/pg_control')"],
    ['pg_stat_file', "SELECT pg_stat_file('/etc/shadow')"],
    ['lo_import', "SELECT lo_import('/etc/passwd')"],
    ['lo_export', "SELECT lo_export(lo_create(0), '/tmp/pgfleet-planted')"],
    ['ALTER SYSTEM', "ALTER SYSTEM SET archive_command = 'id'"],
    ['ALTER ROLE ... SUPERUSER', 'ALTER ROLE postgres SUPERUSER'],
    ['CREATE ROLE ... SUPERUSER', 'CREATE ROLE planted SUPERUSER LOGIN'],
    ['GRANT pg_execute_server_program', 'GRANT pg_execute_server_program TO postgres'],
    ['GRANT pg_read_server_files', 'GRANT pg_read_server_files TO postgres'],
    ['GRANT pg_write_server_files', 'GRANT pg_write_server_files TO postgres'],
    ['SET ROLE to the platform superuser', `SET ROLE ${PLATFORM_SUPERUSER}`],
    ['SET SESSION AUTHORIZATION', `SET SESSION AUTHORIZATION ${PLATFORM_SUPERUSER}`],
    ['ALTER the platform superuser', `ALTER ROLE ${PLATFORM_SUPERUSER} PASSWORD 'mine'`],
    ['LOAD a library', "LOAD '/tmp/planted.so'"],
    ['session_replication_role (skips triggers)', 'SET session_replication_role = replica'],
    ['disable the platform event trigger', 'ALTER EVENT TRIGGER pgfleet_read_only_grants DISABLE'],
    ['drop the platform schema', 'DROP SCHEMA _pgfleet CASCADE'],
    [
      'replace a platform function',
      'CREATE OR REPLACE FUNCTION _pgfleet.grant_read_only() RETURNS event_trigger LANGUAGE plpgsql AS $$ BEGIN END $$',
    ],
    ['give the read-only role more', `GRANT pg_read_all_data TO ${READ_ONLY_ROLE}`],
  ]
  it.each(cases)('%s fails', async (name, sql) => {
    await attack(name, () => asTenant(sql), denied)
  })

  it('cannot log in as the platform roles over TCP', async () => {
    for (const user of [PLATFORM_SUPERUSER, READ_ONLY_ROLE]) {
      await attack(
        `TCP login as ${user}`,
        () => tcpQuery('SELECT 1', { port, user, password: DB_PASSWORD }),
        /rejects connection|no pg_hba\.conf entry|password authentication failed/,
      )
    }
  })

  it("cannot log in to another project's database with its own password", async () => {
    await attack(
      "another project's database",
      () => tcpQuery('SELECT 1', { port: other.port, user: 'postgres', password: DB_PASSWORD }),
      /password authentication failed/,
    )
  })
})

describe("attacks on the platform's own superuser sessions", () => {
  it("a search_path trojan does not run as the platform's superuser when the project restarts", async () => {
    // the tenant puts its own format() before pg_catalog's for every session of its database, the platform's included
    await asTenant(`CREATE TABLE trojan_runs (who text, superuser boolean);
      GRANT INSERT ON trojan_runs TO PUBLIC;
      CREATE FUNCTION public.format(text, name) RETURNS text LANGUAGE plpgsql AS $fn$
      BEGIN
        INSERT INTO public.trojan_runs SELECT current_user, rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user;
        RETURN pg_catalog.format($1, $2);
      END $fn$;
      GRANT EXECUTE ON FUNCTION public.format(text, name) TO PUBLIC;
      ALTER DATABASE postgres SET search_path = public, pg_catalog`)
    const restarted = await s.owner.post(`/v1/projects/${s.project.ref}/restart`)
    expect(restarted.status, JSON.stringify(restarted.body)).toBeLessThan(300)
    await waitFor(
      async () => (await settings(s.owner, s.project.ref)).status,
      (status) => status === 'ACTIVE_HEALTHY',
      60_000,
    )
    const runs = await asTenant<{ who: string; superuser: boolean }>('SELECT * FROM trojan_runs WHERE superuser')
    outcomes.push({ attack: 'search_path trojan in a platform session', worked: runs.length > 0 })
    expect(runs).toEqual([])
    await asTenant('ALTER DATABASE postgres RESET search_path; DROP FUNCTION public.format(text, name)')
  })
})

describe('attacks through the SQL editor', () => {
  it('runs Developer SQL as postgres, never as the platform superuser', async () => {
    const answer = await editorQuery(
      developer,
      'select current_user, (select rolsuper from pg_roles where rolname = current_user)',
    )
    expect(answer.results[0]?.rows).toEqual([['postgres', false]])
    await attack(
      'COPY FROM PROGRAM as a Developer',
      () => editorQuery(developer, "copy victim from program 'id'"),
      /permission denied|must be superuser/,
    )
  })

  it('runs Read-only SQL as a role that reads tables but no password verifiers', async () => {
    const answer = await editorQuery(reader, 'select current_user, count(*) from victim')
    expect(answer.results[0]?.rows).toEqual([[READ_ONLY_ROLE, '0']])
    await attack(
      'read pg_authid as Read-only',
      () => editorQuery(reader, 'select rolpassword from pg_authid'),
      /permission denied/,
    )
    await attack(
      'read pg_shadow as Read-only',
      () => editorQuery(reader, 'select passwd from pg_shadow'),
      /permission denied/,
    )
    await attack(
      'write as Read-only',
      () => editorQuery(reader, "insert into victim values ('x')"),
      /read-only|permission denied/,
    )
    const roles = await asTenant<{ rolname: string }>(
      `SELECT g.rolname FROM pg_auth_members m JOIN pg_roles g ON g.oid = m.roleid
       WHERE m.member = (SELECT oid FROM pg_roles WHERE rolname = '${READ_ONLY_ROLE}')`,
    )
    expect(roles).toEqual([])
  })

  it('lets Read-only members read tables created later, in new schemas too', async () => {
    await asTenant('CREATE SCHEMA later; CREATE TABLE later.t (x int); INSERT INTO later.t VALUES (1)')
    const answer = await editorQuery(reader, 'select x from later.t')
    expect(answer.results[0]?.rows).toEqual([[1]])
  })
})

describe('operating-system isolation', () => {
  it('says what isolation the platform gives, to signed-in users only', async () => {
    const isolation = await s.owner.get<PlatformIsolation>('/platform/isolation')
    expect(isolation.body).toEqual({
      tenant_superuser: false,
      os_user_per_project: process.getuid?.() === 0,
      missing: process.getuid?.() === 0 ? [] : [...ISOLATION_GAPS_WITHOUT_ROOT],
    })
    expect((await new ApiClient(() => s.t.baseUrl).get('/platform/isolation')).status).toBe(401)
  })

  const processUser = async (pid: number) => /^Uid:\s+(\d+)/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1]
  const postmasterUid = async (dataDir: string) => {
    const pid = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0])
    return processUser(pid)
  }

  it('runs each project and the control plane as different users, with private directories', async () => {
    requireRoot('one OS user per project')
    const projects = path.join(s.t.dataDir, 'projects')
    const uids = new Set<string | undefined>()
    for (const ref of [s.project.ref, other.project.ref]) {
      const dataDir = path.join(projects, ref, 'pgdata')
      const uid = await postmasterUid(dataDir)
      uids.add(uid)
      for (const dir of [dataDir, path.join(projects, ref, 'run')]) {
        const info = await stat(dir)
        expect({ dir, mode: info.mode & 0o777, uid: String(info.uid) }).toEqual({ dir, mode: 0o700, uid })
      }
      // the project directory is the platform's: the server's user (its group) passes through, adds nothing
      const project = await stat(path.join(projects, ref))
      expect({ mode: project.mode & 0o777, uid: project.uid, gid: project.gid }).toEqual({
        mode: 0o710,
        uid: 0,
        gid: (await stat(dataDir)).gid,
      })
    }
    uids.add(await postmasterUid(path.join(s.t.dataDir, 'control', 'pgdata')))
    expect(uids.size).toBe(3)
    expect(uids.has('0')).toBe(false)
    expect(await readdir(projects)).toEqual(expect.arrayContaining([s.project.ref, other.project.ref]))
  })
})

describe('afterwards', () => {
  it("left the other project's data and the control plane unchanged", async () => {
    expect(await fingerprint()).toBe(before)
    expect(outcomes.filter((outcome) => outcome.worked)).toEqual([])
  })
})
