import { execFile } from 'node:child_process'
import { access, mkdir, readdir, rename, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatLsn, readControlFile } from '../backup/pg-control'
import { readPidFile } from '../cluster/pid-file'
import { TENANT_OWNER_ROLE } from '../cluster/role-names'
import { stopCluster } from '../cluster/stop'
import { discoverEngines } from '../engines/discover'
import { allocatePort } from '../ports'
import { removeProjectUsers } from '../system/project-users'
import { resolveRunAs } from '../system/run-as'
import { makeTempRoot, waitUntil } from '../testing/fixtures'
import { testPortRange } from '../testing/ports'
import { LocalDriver } from './local'
import type { ProjectRuntimeConfig } from './types'

const TIMEOUT_MS = 60_000
const REF = 'life17'
let root: string
let driver: LocalDriver
let config: ProjectRuntimeConfig

beforeAll(async () => {
  root = await makeTempRoot('lifecycle')
  const runAs = await resolveRunAs()
  const engines = await discoverEngines({ enginesCacheDir: path.join(root, 'engines') })
  driver = new LocalDriver({ dataDir: path.join(root, 'projects'), runAs, engines, listenAddress: '127.0.0.1' })
  const port = await allocatePort(testPortRange(), new Set())
  // An extra setting, which a resize must keep.
  config = { major: 17, port, computeSize: 'nano', settings: { idle_in_transaction_session_timeout: '1h' } }
  await driver.createProject({ ref: REF, ...config, superuserPassword: 'pw-super', authenticatorPassword: 'pw-auth' })
})

afterAll(async () => {
  // best-effort cleanup: a test that failed may have left these stopped already, or never started them
  await driver?.stopAll().catch(() => {})
  if (driver) await stopCluster(driver.projectPaths(REF), 'immediate', 5_000).catch(() => {})
  await removeProjectUsers(path.join(root, 'projects'))
  const { rm } = await import('node:fs/promises')
  await rm(root, { recursive: true, force: true })
})

/** As the tenant's owner; `asPlatform` for what only the platform's superuser may do (ALTER SYSTEM). */
async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(
  text: string,
  asPlatform = false,
): Promise<T[]> {
  const client = new pg.Client(await driver.projectConnection(REF, asPlatform ? {} : { user: TENANT_OWNER_ROLE }))
  await client.connect()
  try {
    return (await client.query<T>(text)).rows
  } finally {
    await client.end()
  }
}

const count = async () => (await sql<{ n: number }>('SELECT count(*)::int AS n FROM notes'))[0]?.n
const mode = async (file: string) => (await stat(file)).mode & 0o777

describe('project lifecycle on the LocalDriver', () => {
  let onlineId: string
  let pausedId: string

  it('takes an online backup into the project backups directory, readable by root only', async () => {
    await sql("CREATE TABLE notes AS SELECT g AS id, repeat('x', 200) AS body FROM generate_series(1, 20000) g")
    await expect(driver.backupProject(REF, { kind: 'cold' })).rejects.toThrow(/is running/)
    const backup = await driver.backupProject(REF)
    onlineId = backup.id
    expect(backup).toMatchObject({
      kind: 'online',
      major: 17,
      file: path.join(driver.projectPaths(REF).backupsDir, backup.id),
    })
    expect(backup.bytes).toBeGreaterThan(0)
    expect(await mode(backup.file)).toBe(0o600)
    expect(await mode(`${backup.file}.json`)).toBe(0o600)
    expect(await mode(driver.projectPaths(REF).backupsDir)).toBe(0o700)
    expect((await driver.listBackups(REF)).map((b) => b.id)).toEqual([backup.id])
  })

  it('resizes with a restart: new shared_buffers and max_connections, other settings kept', {
    timeout: TIMEOUT_MS,
  }, async () => {
    await driver.restartProject(REF, { ...config, computeSize: 'micro' })
    expect(await sql('SHOW shared_buffers')).toEqual([{ shared_buffers: '64MB' }])
    expect(await sql('SHOW max_connections')).toEqual([{ max_connections: '60' }])
    expect(await sql('SHOW idle_in_transaction_session_timeout')).toEqual([
      { idle_in_transaction_session_timeout: '1h' },
    ])
    await driver.restartProject(REF, config)
    expect(await sql('SHOW shared_buffers')).toEqual([{ shared_buffers: '32MB' }])
    expect(await sql('SHOW max_connections')).toEqual([{ max_connections: '40' }])
  })

  it('restarts quickly and reports its timings', { timeout: TIMEOUT_MS }, async () => {
    const restart = await driver.restartProject(REF, config)
    console.log(
      `[engine timings] pg17 restart: checkpoint ${restart.checkpointMs} ms, stop ${restart.stopMs} ms, ready ${restart.readyMs} ms, total ${restart.totalMs} ms`,
    )
    expect(restart.totalMs).toBeLessThan(3_000)
    expect(await count()).toBe(20000)
  })

  it('pauses: stops, archives, keeps the data directory; pausing again writes nothing', {
    timeout: TIMEOUT_MS,
  }, async () => {
    const steps: string[] = []
    const paused = await driver.pauseProject(REF, { onProgress: (step) => steps.push(step) })
    console.log(`[engine timings] pg17 pause: ${JSON.stringify(paused.timings)}, ${paused.bytes} bytes`)
    pausedId = paused.id
    expect(paused).toMatchObject({ kind: 'cold', reused: false, major: 17 })
    expect(steps).toEqual(expect.arrayContaining(['stopping', 'archiving', 'archived']))
    expect(await driver.projectHealth(REF)).toBe('down')
    expect(await mode(paused.file)).toBe(0o600)
    const control = await readControlFile(driver.projectPaths(REF).dataDir)
    expect(paused.checkpointLsn).toBe(formatLsn(control.checkpointLsn))

    const again = await driver.pauseProject(REF)
    expect(again).toMatchObject({ id: pausedId, reused: true })
    expect((await driver.listBackups(REF)).map((b) => b.id)).toEqual([pausedId, onlineId])
  })

  it('pauses again after a crash mid-archive: the temp file goes, the data directory is untouched', async () => {
    const { backupsDir, projectDir, dataDir } = driver.projectPaths(REF)
    const before = await readControlFile(dataDir)
    const partial = path.join(backupsDir, `${REF}-20260101T000000000Z-cold.tar.zst.partial`)
    await writeFile(partial, 'half an archive')
    const staging = path.join(projectDir, '.pgfleet-backup-staging-999999999-dead')
    await mkdir(staging)
    const again = await driver.pauseProject(REF)
    expect(again).toMatchObject({ id: pausedId, reused: true })
    await expect(access(partial)).rejects.toThrow()
    expect(await readControlFile(dataDir)).toEqual(before)
    // The stale staging directory goes with the next archive that is written.
    await driver.backupProject(REF, { kind: 'cold' }).then((b) => driver.deleteBackups(REF, [b.id]))
    await expect(access(staging)).rejects.toThrow()
  })

  it('measures its disk usage like du -sb', async () => {
    const { dataDir } = driver.projectPaths(REF)
    const bytes = await driver.projectDiskUsage(REF)
    const { stdout } = await promisify(execFile)('du', ['-sb', dataDir])
    expect(bytes).toBe(Number(stdout.split('\t')[0]))
    expect(bytes).toBeGreaterThan(20_000_000)
  })

  it('resumes with startProject, then restores the pause backup over newer data', { timeout: TIMEOUT_MS }, async () => {
    expect((await driver.startProject(REF, config)).adopted).toBe(false)
    await sql('INSERT INTO notes SELECT g, 1 FROM generate_series(20001, 20100) g')
    expect(await count()).toBe(20100)
    await expect(driver.restoreProjectFromBackup(REF, pausedId, { ...config, major: 15 })).rejects.toThrow(
      'holds Postgres 17 data',
    )
    const restored = await driver.restoreProjectFromBackup(REF, pausedId, config)
    console.log(`[engine timings] pg17 restore from backup: ${JSON.stringify(restored)}`)
    expect(await count()).toBe(20000)
    expect(restored.previousDataDir).toBeNull()
    const { projectDir } = driver.projectPaths(REF)
    expect((await readdir(projectDir)).filter((name) => name.startsWith('pgdata.'))).toEqual([])
  })

  it('puts the previous data back when the restored data does not start', { timeout: TIMEOUT_MS }, async () => {
    await sql("ALTER SYSTEM SET shared_preload_libraries = 'pgfleet_missing_library'", true)
    const broken = await driver.backupProject(REF, { kind: 'online' })
    await sql('ALTER SYSTEM RESET shared_preload_libraries', true)
    await sql('INSERT INTO notes VALUES (30000, 2)')
    await expect(driver.restoreProjectFromBackup(REF, broken.id, config)).rejects.toThrow(/pgfleet_missing_library/)
    expect(await driver.projectHealth(REF)).toBe('ready')
    expect(await count()).toBe(20001)
    const { projectDir } = driver.projectPaths(REF)
    expect((await readdir(projectDir)).filter((name) => name.startsWith('pgdata.'))).toEqual([])
    await driver.deleteBackups(REF, [broken.id])
  })

  it('recovers from a crash between moving the data aside and moving the restored data in', async () => {
    const { dataDir } = driver.projectPaths(REF)
    await driver.stopProject(REF)
    await rename(dataDir, `${dataDir}.before-restore-20260101T000000000Z`)
    await driver.startProject(REF, config)
    expect(await count()).toBe(20001)
  })

  it('pauses a server that was killed: it recovers first, then archives', { timeout: TIMEOUT_MS }, async () => {
    const pid = (await readPidFile(driver.projectPaths(REF).dataDir))?.pid
    if (!pid) throw new Error('not running')
    process.kill(pid, 'SIGKILL')
    await waitUntil(async () => (await driver.projectHealth(REF)) === 'down')
    const steps: string[] = []
    const paused = await driver.pauseProject(REF, { onProgress: (step) => steps.push(step) })
    expect(steps).toContain('recovering')
    expect(paused.reused).toBe(false)
    expect((await readControlFile(driver.projectPaths(REF).dataDir)).state).toBe('shut down')
  })

  it('deletes backups, and destroyProject removes whatever is left', async () => {
    const all = await driver.listBackups(REF)
    expect(all.length).toBe(3)
    expect(await driver.deleteBackups(REF, [onlineId])).toEqual([onlineId])
    expect(await driver.deleteBackups(REF)).toHaveLength(2)
    expect(await driver.listBackups(REF)).toEqual([])
    await driver.backupProject(REF)
    await driver.destroyProject(REF)
    await expect(access(driver.projectPaths(REF).projectDir)).rejects.toThrow()
    expect(await driver.listBackups(REF)).toEqual([])
  })
})
