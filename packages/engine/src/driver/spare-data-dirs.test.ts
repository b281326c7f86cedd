import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PLATFORM_SUPERUSER, TENANT_OWNER_ROLE } from '../cluster/role-names'
import { discoverEngines } from '../engines/discover'
import { allocatePort } from '../ports'
import { removeProjectUsers } from '../system/project-users'
import { resolveRunAs } from '../system/run-as'
import { makeTempRoot } from '../testing/fixtures'
import { testPortRange } from '../testing/ports'
import { LocalDriver } from './local'

/** New projects take data directories initialised ahead of need; each is still a cluster of its own. */
const TIMEOUT_MS = 90_000
const PORT_RANGE = testPortRange()
const MAJOR = 17

let root: string
let driver: LocalDriver
const taken = new Set<number>()
const port = async () => {
  const chosen = await allocatePort(PORT_RANGE, taken)
  taken.add(chosen)
  return chosen
}
const sparesDir = () => path.join(root, 'projects', '.spare-data-dirs', String(MAJOR))

beforeAll(async () => {
  root = await makeTempRoot('spares')
  driver = new LocalDriver({
    dataDir: path.join(root, 'projects'),
    runAs: await resolveRunAs(),
    engines: await discoverEngines({ enginesCacheDir: path.join(root, 'engines') }),
    listenAddress: '127.0.0.1',
    spareDataDirs: 1,
  })
})
afterAll(async () => {
  await driver?.stopAll().catch(() => {})
  await removeProjectUsers(path.join(root, 'projects'))
  await rm(root, { recursive: true, force: true })
})

async function query<T>(ref: string, text: string, user = TENANT_OWNER_ROLE, password?: string): Promise<T[]> {
  const base = await driver.projectConnection(ref, { user })
  const client = new pg.Client(
    password ? { host: '127.0.0.1', port: base.port, database: 'postgres', user, password } : base,
  )
  await client.connect()
  try {
    return (await client.query(text)).rows as T[]
  } finally {
    await client.end()
  }
}

const create = async (ref: string) =>
  driver.createProject({
    major: MAJOR,
    port: await port(),
    computeSize: 'nano',
    ref,
    superuserPassword: `${ref}-password`,
    authenticatorPassword: `${ref}-authenticator`,
  })

const systemIdentifier = async (ref: string) =>
  (
    await query<{ id: string }>(
      ref,
      'select system_identifier::text as id from pg_control_system()',
      PLATFORM_SUPERUSER,
    )
  )[0]?.id

describe('spare data directories', () => {
  it('the first project runs initdb and leaves a spare; the next takes it with its own passwords, owner and identity', {
    timeout: TIMEOUT_MS,
  }, async () => {
    const first = await create('first')
    expect(first.dataSource).toBe('initdb')
    await driver.spareDataDirsSettled()
    expect(await readdir(sparesDir())).toHaveLength(1)

    const second = await create('second')
    expect(second.dataSource).toBe('spare')
    expect(second.initialized).toBe(true)
    // its own password over TCP, the tenant owner not a superuser
    const [owner] = await query<{ super: boolean }>(
      'second',
      "select rolsuper as super from pg_roles where rolname = 'postgres'",
      TENANT_OWNER_ROLE,
      'second-password',
    )
    expect(owner?.super).toBe(false)
    if (driver.isolatesProjects()) {
      const project = await stat(driver.projectPaths('second').projectDir)
      const data = await stat(driver.projectPaths('second').dataDir)
      // the project's user owns the data it was handed; the project directory stays the platform's, in its group
      expect(data.uid).not.toBe(project.uid)
      expect(data.gid).toBe(project.gid)
    }
    await driver.spareDataDirsSettled()
    const third = await create('third')
    expect(third.dataSource).toBe('spare')
    const ids = new Set([
      await systemIdentifier('first'),
      await systemIdentifier('second'),
      await systemIdentifier('third'),
    ])
    expect(ids.size).toBe(3)
  })

  it('a refill removes runs a crash cut off and spares of another server version', {
    timeout: TIMEOUT_MS,
  }, async () => {
    await driver.spareDataDirsSettled()
    await mkdir(path.join(sparesDir(), '0.1-abandoned.partial'))
    await mkdir(path.join(sparesDir(), '0.1-old'))
    const fourth = await create('fourth')
    expect(fourth.dataSource).toBe('spare')
    await driver.spareDataDirsSettled()
    const left = await readdir(sparesDir())
    expect(left).toHaveLength(1)
    expect(left[0]).not.toMatch(/^0\.1-/)
  })
})
