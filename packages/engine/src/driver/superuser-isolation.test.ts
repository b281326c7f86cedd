import { rm } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { closeReplicationLogin, openReplicationLogin } from '../cluster/replication-login'
import { PLATFORM_SUPERUSER, TENANT_OWNER_ROLE } from '../cluster/role-names'
import { stopCluster } from '../cluster/stop'
import { platformSuperuserPassword } from '../cluster/superuser-password'
import type { SuperuserLogin } from '../cluster/types'
import { discoverEngines } from '../engines/discover'
import { allocatePort } from '../ports'
import { removeProjectUsers } from '../system/project-users'
import { resolveRunAs } from '../system/run-as'
import { makeTempRoot } from '../testing/fixtures'
import { testPortRange } from '../testing/ports'
import { LocalDriver } from './local'
import type { ProjectRuntimeConfig } from './types'

/**
 * A tenant's postgres_fdw and dblink connections against the platform superuser. The tenant controls every foreign
 * server and user mapping of its project, including mappings for the platform superuser, whose sessions skip
 * postgres_fdw's password rule. Neither the restore check (which the scheduler runs unasked) nor any connection the
 * project's server opens may ever run the tenant's code as the platform superuser.
 *
 * Both ways the platform runs: `peer` is the platform as root with an OS user per project; `password` is the
 * platform whose servers run as its own OS user, where only the platform's password keeps the superuser's login.
 */
const TIMEOUT_MS = 120_000
const PORT_RANGE = testPortRange()
const OWNER_PASSWORD = 'tenant-owner-password'
const taken = new Set<number>()
/** How a refused login of the platform superuser reads: peer or password authentication failed, or TCP rejected. */
const LOGIN_REFUSED = /authentication failed|no password supplied|rejects connection/

/** Turns the tenant's `postgres` into a superuser when it runs as one: the proof that tenant code ran as one. */
const ESCALATE = `
CREATE FUNCTION public.escalate() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT rolsuper FROM pg_catalog.pg_roles WHERE rolname = current_user) THEN
    ALTER ROLE postgres SUPERUSER;
  END IF;
  RETURN true;
END
$$;
CREATE VIEW public.bait AS SELECT g AS id FROM generate_series(10, 12) g WHERE public.escalate();`

describe.each(['peer', 'password'] as const)(
  'the platform superuser against tenant connections (%s logins)',
  (login) => {
    const REF = `suiso${login[0]}`
    let root: string
    let driver: LocalDriver
    let config: ProjectRuntimeConfig

    const connect = async (user: string) => {
      const client = new pg.Client(await driver.projectConnection(REF, { user }))
      client.on('error', () => {})
      await client.connect()
      return client
    }
    async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(text: string, user: string) {
      const client = await connect(user)
      try {
        return (await client.query<T>(text)).rows
      } finally {
        await client.end().catch(() => {})
      }
    }
    const asTenant = (text: string) => sql(text, TENANT_OWNER_ROLE)
    const asPlatform = (text: string) => sql(text, PLATFORM_SUPERUSER)
    /** The refusal of an attempt that must fail, with the server's detail (where postgres_fdw and dblink say why). */
    async function refusal(attempt: Promise<unknown>): Promise<string> {
      try {
        await attempt
      } catch (error) {
        const { message, detail } = error as { message: string; detail?: string }
        return `${message}: ${detail ?? ''}`
      }
      throw new Error('the attempt succeeded')
    }
    const tenantIsSuperuser = async () =>
      (await asPlatform("SELECT rolsuper FROM pg_roles WHERE rolname = 'postgres'"))[0]?.rolsuper

    beforeAll(async () => {
      if (process.getuid?.() !== 0) throw new Error('These attacks need root: per-project OS users and peer logins')
      root = await makeTempRoot(`superuser-${login}`)
      const engines = await discoverEngines({ enginesCacheDir: path.join(root, 'engines') })
      const superuserLogin: SuperuserLogin = login
      driver = new LocalDriver({
        dataDir: path.join(root, 'projects'),
        runAs: await resolveRunAs(),
        engines,
        listenAddress: '127.0.0.1',
        superuserLogin,
      })
      const port = await allocatePort(PORT_RANGE, taken)
      taken.add(port)
      config = { major: 17, port, computeSize: 'nano', walArchiving: true }
      await driver.createProject({ ref: REF, ...config, superuserPassword: OWNER_PASSWORD, authenticatorPassword: 'a' })
      // what the platform's extension allow-list does when the tenant asks for them
      await asPlatform(
        'CREATE EXTENSION postgres_fdw SCHEMA public; CREATE EXTENSION dblink SCHEMA public; GRANT USAGE ON FOREIGN DATA WRAPPER postgres_fdw TO postgres',
      )
      const { socketDir } = driver.projectPaths(REF)
      await asTenant(`${ESCALATE};
      CREATE SERVER own_socket FOREIGN DATA WRAPPER postgres_fdw
        OPTIONS (host '${socketDir}', port '${port}', dbname 'postgres');
      CREATE SERVER own_tcp FOREIGN DATA WRAPPER postgres_fdw
        OPTIONS (host '127.0.0.1', port '${port}', dbname 'postgres');`)
    }, TIMEOUT_MS)

    afterAll(async () => {
      await driver?.stopAll().catch(() => {})
      if (driver) await stopCluster(driver.projectPaths(REF), 'immediate', 5_000).catch(() => {})
      if (root) {
        await removeProjectUsers(path.join(root, 'projects'))
        await rm(root, { recursive: true, force: true })
      }
    })

    it(
      "a restore check never scans a tenant's foreign partition or inheritance child as the platform superuser",
      async () => {
        await asTenant(`
        CREATE USER MAPPING FOR pgfleet_admin SERVER own_socket OPTIONS (user 'pgfleet_admin');
        CREATE TABLE public.measurements (id int) PARTITION BY RANGE (id);
        CREATE TABLE public.measurements_local PARTITION OF public.measurements FOR VALUES FROM (0) TO (10);
        CREATE FOREIGN TABLE public.measurements_remote PARTITION OF public.measurements
          FOR VALUES FROM (10) TO (20) SERVER own_socket OPTIONS (schema_name 'public', table_name 'bait');
        INSERT INTO public.measurements_local VALUES (1), (2);
        CREATE TABLE public.readings (id int);
        CREATE FOREIGN TABLE public.readings_remote () INHERITS (public.readings)
          SERVER own_socket OPTIONS (schema_name 'public', table_name 'bait');
        INSERT INTO public.readings VALUES (3);`)
        const backup = await driver.backupProject(REF)
        const result = await driver.checkBackupRestore(REF, backup.id, config)
        expect(await tenantIsSuperuser()).toBe(false)
        // the rows of the backup itself: the local partition and the parent's own row
        expect(result.rows).toBe(3)
        await asTenant('DROP USER MAPPING FOR pgfleet_admin SERVER own_socket')
      },
      TIMEOUT_MS,
    )

    const mappings = [
      ['on the socket, no password', 'own_socket', ''],
      ['on the socket, a guessed password', 'own_socket', ", password 'postgres'"],
      ['over TCP, no password', 'own_tcp', ''],
      ['over TCP, a guessed password', 'own_tcp', ", password 'postgres'"],
    ] as const

    it.each(mappings)(
      'a postgres_fdw user mapping as the platform superuser (%s) never logs in, even when the superuser scans it',
      async (_name, server, password) => {
        await asTenant(`
        CREATE USER MAPPING FOR PUBLIC SERVER ${server} OPTIONS (user 'pgfleet_admin'${password});
        CREATE FOREIGN TABLE public.remote_${server} (id int) SERVER ${server}
          OPTIONS (schema_name 'public', table_name 'bait');`)
        try {
          // the tenant's own scan, and one by a platform session that touches the table
          await expect(asTenant(`SELECT count(*) FROM public.remote_${server}`)).rejects.toThrow()
          expect(await refusal(asPlatform(`SELECT count(*) FROM public.remote_${server}`))).toMatch(LOGIN_REFUSED)
          expect(await tenantIsSuperuser()).toBe(false)
        } finally {
          await asTenant(`DROP FOREIGN TABLE public.remote_${server}; DROP USER MAPPING FOR PUBLIC SERVER ${server}`)
        }
      },
      TIMEOUT_MS,
    )

    it(
      'dblink to the own server as the platform superuser never logs in, from the tenant or a platform session',
      async () => {
        const { socketDir } = driver.projectPaths(REF)
        const targets = [
          `host=${socketDir} port=${config.port} dbname=postgres user=pgfleet_admin`,
          `host=${socketDir} port=${config.port} dbname=postgres user=pgfleet_admin password=postgres`,
          `host=127.0.0.1 port=${config.port} dbname=postgres user=pgfleet_admin password=postgres`,
        ]
        for (const target of targets) {
          const call = `SELECT * FROM public.dblink('${target}', 'SELECT count(*) FROM public.bait') AS t(n bigint)`
          await expect(asTenant(call)).rejects.toThrow()
          expect(await refusal(asPlatform(call))).toMatch(LOGIN_REFUSED)
        }
        expect(await tenantIsSuperuser()).toBe(false)
      },
      TIMEOUT_MS,
    )

    it.runIf(login === 'peer')(
      "with peer logins, not even the platform's own password logs in from the project's server",
      async () => {
        const secret = platformSuperuserPassword()
        await asTenant(`
        CREATE USER MAPPING FOR PUBLIC SERVER own_socket OPTIONS (user 'pgfleet_admin', password '${secret}');
        CREATE FOREIGN TABLE public.remote_known (id int) SERVER own_socket
          OPTIONS (schema_name 'public', table_name 'bait');`)
        try {
          expect(await refusal(asTenant('SELECT count(*) FROM public.remote_known'))).toMatch(/peer authentication/i)
          expect(await refusal(asPlatform('SELECT count(*) FROM public.remote_known'))).toMatch(/peer authentication/i)
          expect(await tenantIsSuperuser()).toBe(false)
        } finally {
          await asTenant('DROP FOREIGN TABLE public.remote_known; DROP USER MAPPING FOR PUBLIC SERVER own_socket')
        }
      },
      TIMEOUT_MS,
    )

    it(
      "the upgrades' replication login takes only the password made for it, is no superuser, and none once closed",
      async () => {
        const { socketDir } = driver.projectPaths(REF)
        const location = { socketDir, port: config.port }
        const login = await openReplicationLogin(location)
        const dblinkAs = (password: string) =>
          `SELECT * FROM public.dblink('host=${socketDir} port=${config.port} dbname=postgres user=${login.user} password=${password}',
            'SELECT rolsuper::text FROM pg_catalog.pg_roles WHERE rolname = current_user') AS t(s text)`
        try {
          expect(await refusal(asTenant(dblinkAs('postgres')))).toMatch(/authentication failed/)
          expect(await asTenant(dblinkAs(login.password))).toEqual([{ s: 'false' }])
        } finally {
          await closeReplicationLogin(location)
        }
        expect(await refusal(asTenant(dblinkAs(login.password)))).toMatch(
          /authentication failed|not permitted to log in/,
        )
      },
      TIMEOUT_MS,
    )

    it(
      "a project whose platform superuser has no password yet gets the platform's on its next start",
      async () => {
        await asPlatform('ALTER ROLE pgfleet_admin PASSWORD NULL')
        await driver.restartProject(REF, config)
        const verifier = await asPlatform("SELECT rolpassword FROM pg_authid WHERE rolname = 'pgfleet_admin'")
        expect(verifier[0]?.rolpassword).toMatch(/^SCRAM-SHA-256\$/)
        expect((await asPlatform('SELECT 1 AS ok'))[0]?.ok).toBe(1)
      },
      TIMEOUT_MS,
    )
  },
)
