import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TENANT_OWNER_ROLE } from '../cluster/role-names'
import { stopCluster } from '../cluster/stop'
import { discoverEngines } from '../engines/discover'
import { allocatePort } from '../ports'
import { removeProjectUsers } from '../system/project-users'
import { resolveRunAs } from '../system/run-as'
import { makeTempRoot } from '../testing/fixtures'
import { testPortRange } from '../testing/ports'
import { LocalDriver } from './local'

/** A project's data copied into another while it keeps running and writing: the copy is independent. */
const TIMEOUT_MS = 60_000
const PORT_RANGE = testPortRange()

let root: string
let driver: LocalDriver
const taken = new Set<number>()
const port = async () => {
  const chosen = await allocatePort(PORT_RANGE, taken)
  taken.add(chosen)
  return chosen
}

beforeAll(async () => {
  root = await makeTempRoot('clone')
  const engines = await discoverEngines({ enginesCacheDir: path.join(root, 'engines') })
  driver = new LocalDriver({
    dataDir: path.join(root, 'projects'),
    runAs: await resolveRunAs(),
    engines,
    listenAddress: '127.0.0.1',
  })
})
afterAll(async () => {
  await driver?.stopAll().catch(() => {})
  for (const ref of ['parent', 'branch'])
    await stopCluster(driver.projectPaths(ref), 'immediate', 5_000).catch(() => {})
  await removeProjectUsers(path.join(root, 'projects'))
  await rm(root, { recursive: true, force: true })
})

async function sql(ref: string, text: string) {
  const client = new pg.Client(await driver.projectConnection(ref, { user: TENANT_OWNER_ROLE }))
  await client.connect()
  try {
    return (await client.query(text)).rows
  } finally {
    await client.end()
  }
}

describe('cloneProjectData', () => {
  it('gives a new project the running parent’s rows; writes to either stay on its side', {
    timeout: TIMEOUT_MS,
  }, async () => {
    const parentConfig = { major: 17, port: await port(), computeSize: 'nano' as const }
    await driver.createProject({
      ...parentConfig,
      ref: 'parent',
      superuserPassword: 'parent-password',
      authenticatorPassword: 'parent-authenticator',
    })
    await sql('parent', 'create table items (id int primary key, label text)')
    await sql('parent', "insert into items select n, 'item ' || n from generate_series(1, 5000) as n")

    const clone = await driver.cloneProjectData('parent', 'branch')
    expect(clone?.method).toMatch(/^(reflink|copy)$/)
    const branchConfig = { major: 17, port: await port(), computeSize: 'nano' as const }
    const created = await driver.createProject({
      ...branchConfig,
      ref: 'branch',
      superuserPassword: 'branch-password',
      authenticatorPassword: 'branch-authenticator',
    })
    expect(created.initialized).toBe(false)
    // the whole-filesystem flush is for the copy's first recovery only
    expect(await readFile(path.join(driver.projectPaths('branch').dataDir, 'pgfleet.conf'), 'utf8')).not.toContain(
      'recovery_init_sync_method',
    )
    expect(await sql('branch', 'select count(*)::int as n from items')).toEqual([{ n: 5000 }])

    await sql('branch', "insert into items values (9001, 'only on the branch')")
    await sql('parent', "insert into items values (9002, 'only on the parent')")
    expect(await sql('parent', 'select id from items where id > 9000')).toEqual([{ id: 9002 }])
    expect(await sql('branch', 'select id from items where id > 9000')).toEqual([{ id: 9001 }])
    // the branch's passwords are its own
    const login = new pg.Client({
      host: '127.0.0.1',
      port: branchConfig.port,
      user: 'postgres',
      password: 'parent-password',
      database: 'postgres',
    })
    await expect(login.connect()).rejects.toThrow(/password authentication failed/)
    // a retry after the copy leaves the target's data alone
    expect(await driver.cloneProjectData('parent', 'branch')).toBeNull()
  })
})
