/**
 * Branches with data, restore checks and disk readings on Kubernetes, against the API double and fake operator
 * (see driver.test.ts). SQL the driver runs on a project goes to a recording stand-in that answers as Postgres
 * would, so each test sees which server, role and statement the driver used.
 */
import type { ClientConfig } from 'pg'
import { describe, expect, it } from 'vitest'
import type { SqlRunner } from './connections'
import { harness, input, NS, runtime } from './testing/driver-harness'

interface RanSql {
  connection: ClientConfig
  text: string
}

/** Answers the statements the driver sends; `tables` maps each table to its row count. */
function recordingSql(tables: Record<string, number> = {}) {
  const ran: RanSql[] = []
  const runSql: SqlRunner = async (connection, text) => {
    ran.push({ connection, text })
    if (text.includes('pg_ls_waldir')) return [{ databases: '7340032', wal: '16777216', temp: '8192' }]
    if (text.includes("relkind in ('r', 'm')")) return Object.keys(tables).map((name) => ({ name }))
    const counted = /^select count\(\*\) as n from only (.+)$/.exec(text)
    if (counted?.[1]) return [{ n: String(tables[counted[1]] ?? 0) }]
    return []
  }
  return { ran, runSql }
}

describe('a branch with data on Kubernetes', () => {
  it('copies the parent with pg_basebackup, then gives the copy the branch’s own passwords', async () => {
    const sql = recordingSql()
    const { api, driver } = await harness({}, { runSql: sql.runSql })
    await driver.createProject({ ...input, computeSize: 'small', ref: 'parent' })
    const copy = await driver.cloneProjectData('parent', 'branch')
    expect(copy).toMatchObject({ method: 'copy' })
    const branch = api.get('clusters', NS, 'branch')
    expect(branch?.spec).toMatchObject({
      bootstrap: { pg_basebackup: { source: 'parent' } },
      imageCatalogRef: { major: 17 },
      resources: { limits: { memory: '2Gi' } },
    })
    // the branch's platform logins have Secrets of their own before its Cluster names them
    expect(api.get('secrets', NS, 'pgfleet-branch-role-pgfleet-admin')).toBeDefined()
    expect(await driver.cloneProjectData('parent', 'branch')).toBeNull()

    const created = await driver.createProject({ ...input, superuserPassword: 'branch-pw', ref: 'branch' })
    expect(created.initialized).toBe(false)
    const passwords = sql.ran.filter((statement) => statement.text.includes('ALTER ROLE tenant_owner'))
    expect(passwords).toHaveLength(1)
    expect(passwords[0]?.connection).toMatchObject({ host: 'branch-rw.pgfleet-projects.svc', user: 'pgfleet_admin' })
    expect(passwords[0]?.text).toMatch(/PASSWORD 'SCRAM-SHA-256\$/)
    expect(passwords[0]?.text).not.toContain('branch-pw')
  })

  it('refuses to copy a parent that is not running, and creates nothing', async () => {
    const { api, driver } = await harness()
    await driver.createProject({ ...input, ref: 'sleeper' })
    await driver.stopProject('sleeper')
    await expect(driver.cloneProjectData('sleeper', 'child')).rejects.toThrow(/parent project must be running/)
    await expect(driver.cloneProjectData('missing', 'child')).rejects.toThrow(/no database/)
    expect(api.get('clusters', NS, 'child')).toBeUndefined()
  })
})

describe('checking a backup on Kubernetes', () => {
  it('restores it into a throwaway Cluster, reads every table, and deletes the Cluster', async () => {
    const sql = recordingSql({ 'public.todos': 3, 'app."Mixed"': 4 })
    const { api, driver } = await harness({}, { runSql: sql.runSql })
    await driver.createProject({ ...input, ref: 'omega' })
    const backup = await driver.backupProject('omega')
    const result = await driver.checkBackupRestore('omega', backup.id, runtime)
    expect(result).toMatchObject({ tables: 2, rows: 7 })
    const created = api.requests.find(
      (r) =>
        r.method === 'POST' &&
        r.path.endsWith('/clusters') &&
        (r.body as { metadata: { name: string } }).metadata.name.startsWith('omega-c'),
    )
    const spec = (created?.body as { spec?: Record<string, unknown> } | undefined)?.spec
    expect(spec).toMatchObject({ bootstrap: { recovery: { recoveryTarget: { targetImmediate: true } } } })
    expect(spec).not.toHaveProperty('backup')
    // every statement went to the copy's primary, none to the project's
    expect(sql.ran.map((statement) => statement.connection.host)).toEqual(
      Array(3).fill(expect.stringMatching(/^omega-c\d{14}-rw\.pgfleet-projects\.svc$/)),
    )
    expect(api.all('clusters').map((cluster) => cluster.metadata.name)).toEqual(['omega'])
  })

  it('deletes the throwaway Cluster when the recovery fails, and says why', async () => {
    const { api, driver } = await harness({ failRecovery: true })
    await driver.createProject({ ...input, ref: 'psi' })
    const backup = await driver.backupProject('psi')
    await expect(driver.checkBackupRestore('psi', backup.id, runtime)).rejects.toThrow(/The restore check failed/)
    expect(api.all('clusters').map((cluster) => cluster.metadata.name)).toEqual(['psi'])
    await expect(driver.checkBackupRestore('psi', 'no-such-backup', runtime)).rejects.toThrow(/no completed backup/)
  })
})

describe('disk usage on Kubernetes', () => {
  it('measures databases, WAL and temporary files on the running primary', async () => {
    const sql = recordingSql()
    const { driver } = await harness({}, { runSql: sql.runSql })
    await driver.createProject({ ...input, ref: 'kappa' })
    await driver.createProject({ ...input, ref: 'lambda' })
    await driver.stopProject('lambda')
    expect(await driver.projectDiskUsage('kappa')).toBe(7340032 + 16777216 + 8192)
    expect(sql.ran[0]?.connection).toMatchObject({ host: 'kappa-rw.pgfleet-projects.svc', user: 'pgfleet_admin' })
    const readings = await driver.projectResourceReadings(['kappa', 'lambda'])
    expect(Object.keys(readings)).toEqual(['kappa'])
    expect(readings.kappa).toMatchObject({
      disk: { databaseBytes: 7340032, walBytes: 16777216, tempBytes: 8192, walArchiveBytes: 0, estimated: false },
      processes: null,
    })
    await expect(driver.projectDiskUsage('lambda')).rejects.toThrow(/measured while its database runs/)
  })
})
