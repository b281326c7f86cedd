import { access, mkdir, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clusterPid, readPidFile } from '../cluster/pid-file'
import { TENANT_OWNER_ROLE } from '../cluster/role-names'
import { scramSha256Verifier } from '../cluster/scram'
import { stopCluster } from '../cluster/stop'
import { discoverEngines } from '../engines/discover'
import { allocatePort, canBind } from '../ports'
import { projectUserName, removeProjectUsers } from '../system/project-users'
import { lookupUser, type RunAs, resolveRunAs } from '../system/run-as'
import { makeTempRoot, processUid } from '../testing/fixtures'
import { testPortRange } from '../testing/ports'
import { LocalDriver } from './local'

const TIMEOUT_MS = 20_000
const SUPERUSER_PASSWORD = 'correct-horse-battery'
const AUTHENTICATOR_PASSWORD = 'authenticator-secret'
const PORT_RANGE = testPortRange()

let root: string
let runAs: RunAs | null
let driver: LocalDriver
const takenPorts = new Set<number>()

beforeAll(async () => {
  root = await makeTempRoot('driver')
  runAs = await resolveRunAs()
  const engines = await discoverEngines({ enginesCacheDir: path.join(root, 'engines') })
  driver = new LocalDriver({ dataDir: path.join(root, 'projects'), runAs, engines, listenAddress: '127.0.0.1' })
})

afterAll(async () => {
  // best-effort cleanup: a test that failed may have left these stopped already, or never started them
  await driver?.stopAll().catch(() => {})
  // Belt and braces: whatever the driver no longer sees as running, no postmaster may outlive the suite.
  for (const ref of ['p17', 'p15']) await stopCluster(driver.projectPaths(ref), 'immediate', 5_000).catch(() => {})
  await removeProjectUsers(path.join(root, 'projects'))
  await rm(root, { recursive: true, force: true })
})

/** Rows of the last statement (a multi-statement query answers with one result per statement). */
function lastRows(result: pg.QueryResult | pg.QueryResult[]) {
  return (Array.isArray(result) ? result.at(-1) : result)?.rows ?? []
}

async function tcpQuery(port: number, user: string, password: string, sql: string) {
  const client = new pg.Client({ host: '127.0.0.1', port, user, password, database: 'postgres' })
  await client.connect()
  try {
    return lastRows(await client.query(sql))
  } finally {
    await client.end()
  }
}

/** As the tenant's owner role over the socket (what the SQL editor does for a Developer). */
async function socketQuery(ref: string, sql: string) {
  const client = new pg.Client(await driver.projectConnection(ref, { user: TENANT_OWNER_ROLE }))
  await client.connect()
  try {
    return lastRows(await client.query(sql))
  } finally {
    await client.end()
  }
}

describe.each([
  // 17 gets a SCRAM verifier as its password (what the platform stores), 15 the plaintext.
  { major: 17, ref: 'p17', superuserPassword: scramSha256Verifier(SUPERUSER_PASSWORD) ?? '' },
  { major: 15, ref: 'p15', superuserPassword: SUPERUSER_PASSWORD },
])('a Postgres $major project', ({ major, ref, superuserPassword }) => {
  let port: number
  const config = () => ({ major, port, computeSize: 'nano' as const })

  it('is created, reachable over TCP with the password and over the socket', { timeout: TIMEOUT_MS }, async () => {
    port = await allocatePort(PORT_RANGE, takenPorts)
    takenPorts.add(port)
    if (major === 15) {
      // What a crash in the middle of an earlier attempt can leave: a data directory without pg_control.
      const { dataDir } = driver.projectPaths(ref)
      await mkdir(dataDir, { recursive: true })
      await writeFile(path.join(dataDir, 'PG_VERSION'), '15\n')
    }
    const created = await driver.createProject({
      ref,
      ...config(),
      superuserPassword,
      authenticatorPassword: AUTHENTICATOR_PASSWORD,
    })
    console.log(
      `[engine timings] pg${major} create: initdb ${created.timings.initdbMs} ms, start-to-ready ${created.timings.startMs} ms, ` +
        `roles ${created.timings.bootstrapMs} ms, total ${created.timings.totalMs} ms`,
    )
    expect(created).toMatchObject({
      ref,
      major,
      initialized: true,
      version: expect.stringMatching(new RegExp(`^${major}\\.`)),
    })

    const [tcp] = await tcpQuery(
      port,
      'postgres',
      SUPERUSER_PASSWORD,
      "SELECT current_setting('server_version_num') AS v",
    )
    expect(Math.floor(Number(tcp?.v) / 10_000)).toBe(major)
    await expect(tcpQuery(port, 'postgres', 'wrong password', 'SELECT 1')).rejects.toThrow(
      /password authentication failed/,
    )
    expect(await socketQuery(ref, 'SELECT 1 AS one')).toEqual([{ one: 1 }])
    expect(await driver.projectHealth(ref)).toBe('ready')
    expect(await clusterPid(driver.projectPaths(ref))).not.toBeNull()
  })

  it("runs as the project's own unprivileged user, which owns its server's directories (0700)", async () => {
    const { dataDir, projectDir, socketDir } = driver.projectPaths(ref)
    const pidFile = await readPidFile(dataDir)
    expect(pidFile).not.toBeNull()
    if (!runAs || !pidFile) return
    const own = await lookupUser(projectUserName(ref))
    expect(own).not.toBeNull()
    expect(own?.uid).not.toBe(runAs.uid)
    expect(await processUid(pidFile.pid)).toBe(own?.uid)
    for (const dir of [dataDir, socketDir]) {
      const info = await stat(dir)
      expect({ dir, uid: info.uid, mode: info.mode & 0o777 }).toEqual({ dir, uid: own?.uid, mode: 0o700 })
    }
    // the project directory is the platform's: the project's user may pass through it, not add or swap entries
    const project = await stat(projectDir)
    expect({ uid: project.uid, gid: project.gid, mode: project.mode & 0o777 }).toEqual({
      uid: 0,
      gid: own?.gid,
      mode: 0o710,
    })
  })

  it('has the API roles, usable through authenticator', { timeout: TIMEOUT_MS }, async () => {
    const roles = await socketQuery(
      ref,
      `SELECT rolname, rolcanlogin, rolinherit, rolbypassrls FROM pg_roles
       WHERE rolname IN ('anon', 'authenticated', 'service_role', 'authenticator') ORDER BY rolname`,
    )
    expect(roles).toEqual([
      { rolname: 'anon', rolcanlogin: false, rolinherit: false, rolbypassrls: false },
      { rolname: 'authenticated', rolcanlogin: false, rolinherit: false, rolbypassrls: false },
      { rolname: 'authenticator', rolcanlogin: true, rolinherit: false, rolbypassrls: false },
      { rolname: 'service_role', rolcanlogin: false, rolinherit: false, rolbypassrls: true },
    ])
    await socketQuery(
      ref,
      "CREATE TABLE public.todos (id serial PRIMARY KEY, title text); INSERT INTO todos (title) VALUES ('kept')",
    )
    const rows = await tcpQuery(port, 'authenticator', AUTHENTICATOR_PASSWORD, 'SET ROLE anon; SELECT title FROM todos')
    expect(rows).toEqual([{ title: 'kept' }])

    // Creating again (a retried job) finishes without re-initialising and keeps everything.
    const again = await driver.createProject({
      ref,
      ...config(),
      superuserPassword,
      authenticatorPassword: AUTHENTICATOR_PASSWORD,
    })
    expect(again.initialized).toBe(false)
    expect(await tcpQuery(port, 'postgres', SUPERUSER_PASSWORD, 'SELECT count(*)::int AS n FROM todos')).toEqual([
      { n: 1 },
    ])
  })

  it('stops, frees its port, starts again with its data and applies a new size', { timeout: TIMEOUT_MS }, async () => {
    await driver.stopProject(ref)
    expect(await driver.projectHealth(ref)).toBe('down')
    expect(await canBind(port)).toBe(true)
    expect(await clusterPid(driver.projectPaths(ref))).toBeNull()
    await driver.stopProject(ref)

    const started = await driver.startProject(ref, config())
    console.log(`[engine timings] pg${major} restart from stopped: start-to-ready ${started.readyMs} ms`)
    expect(started.adopted).toBe(false)
    expect(await socketQuery(ref, 'SELECT title FROM todos')).toEqual([{ title: 'kept' }])
    expect((await driver.startProject(ref, config())).adopted).toBe(true)

    await driver.restartProject(ref, { ...config(), computeSize: 'micro' })
    expect(await socketQuery(ref, 'SHOW max_connections')).toEqual([{ max_connections: '60' }])
    await expect(driver.startProject(ref, { ...config(), major: major === 17 ? 15 : 17 })).rejects.toThrow(
      /needs an upgrade/,
    )
  })

  it('is destroyed with its directory', { timeout: TIMEOUT_MS }, async () => {
    await driver.destroyProject(ref)
    await expect(access(driver.projectPaths(ref).projectDir)).rejects.toThrow()
    expect(await driver.projectHealth(ref)).toBe('down')
    expect(await canBind(port)).toBe(true)
  })
})

describe('LocalDriver', () => {
  it('refuses refs that are not plain names', () => {
    expect(() => driver.projectPaths('../etc')).toThrow('Invalid project ref')
    expect(() => driver.projectPaths('')).toThrow('Invalid project ref')
  })

  it('refuses a major that is not installed', async () => {
    await expect(
      driver.createProject({
        ref: 'p9',
        major: 9,
        port: null,
        computeSize: 'nano',
        superuserPassword: 'x',
        authenticatorPassword: 'y',
      }),
    ).rejects.toThrow('Postgres 9 is not installed (available: 15, 17)')
  })
})
