import { access, copyFile, mkdir, open, readdir, rm, stat, truncate } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectionConfig, withClient } from '../cluster/client'
import { initCluster } from '../cluster/init'
import { writeClusterSettings } from '../cluster/settings'
import { startCluster } from '../cluster/start'
import { stopCluster } from '../cluster/stop'
import type { ClusterSpec } from '../cluster/types'
import { computeSettings } from '../compute'
import { discoverEngines, engineForMajor } from '../engines/discover'
import type { PostgresEngine } from '../engines/types'
import { type RunAs, resolveRunAs } from '../system/run-as'
import { makeTempRoot } from '../testing/fixtures'
import { archiveStoppedCluster } from './cold'
import { readArchiveManifest, readSidecar } from './manifest'
import { onlineBaseBackup } from './online'
import { formatLsn, readControlFile } from './pg-control'
import { restoreArchive } from './restore'
import { MANIFEST_NAME } from './types'

const TIMEOUT_MS = 60_000
let root: string
let runAs: RunAs | null
let engines: PostgresEngine[]
const specs: ClusterSpec[] = []

beforeAll(async () => {
  root = await makeTempRoot('backup')
  runAs = await resolveRunAs()
  engines = await discoverEngines()
  await mkdir(path.join(root, 'out'), { recursive: true })
})

afterAll(async () => {
  // best-effort cleanup: a test that failed may have left these stopped already, or never started them
  for (const spec of specs) await stopCluster(spec, 'immediate', 5_000).catch(() => {})
  await rm(root, { recursive: true, force: true })
})

/** A socket-only cluster in `${root}/${name}`; stopped by afterAll whatever happens. */
function clusterSpec(name: string, major: number): ClusterSpec {
  const dir = path.join(root, name)
  const spec: ClusterSpec = {
    dataDir: path.join(dir, 'pgdata'),
    socketDir: path.join(dir, 'run'),
    port: null,
    listenAddress: '127.0.0.1',
    engine: engineForMajor(engines, major),
    runAs,
    settings: computeSettings('nano'),
  }
  specs.push(spec)
  return spec
}

const query = async <T extends pg.QueryResultRow>(spec: ClusterSpec, sql: string) =>
  // the platform superuser's sessions search pg_catalog only: these tests' tables live in public
  (
    await withClient(spec, async (client) => {
      await client.query('SET search_path = public')
      return client.query<T>(sql)
    })
  ).rows

/** Restores `file` as cluster `name` and starts it (with its own socket directory). */
async function restoreAndStart(file: string, name: string, major: number): Promise<ClusterSpec> {
  const spec = clusterSpec(name, major)
  const restored = await restoreArchive(file, spec.dataDir, runAs, { engine: spec.engine })
  expect(restored.dataDir).toBe(spec.dataDir)
  const info = await stat(spec.dataDir)
  expect(info.mode & 0o777).toBe(0o700)
  if (runAs) expect(info.uid).toBe(runAs.uid)
  await expect(access(path.join(spec.dataDir, MANIFEST_NAME))).rejects.toThrow()
  await writeClusterSettings(spec)
  await startCluster(spec)
  return spec
}

async function magic(file: string): Promise<string> {
  const handle = await open(file, 'r')
  try {
    const buffer = Buffer.alloc(4)
    await handle.read(buffer, 0, 4, 0)
    return buffer.toString('hex')
  } finally {
    await handle.close()
  }
}

describe.each([17, 15])('Postgres %i', (major) => {
  let source: ClusterSpec
  let cold: string

  it('archives a stopped cluster and restores it with its rows', { timeout: TIMEOUT_MS }, async () => {
    source = clusterSpec(`source${major}`, major)
    await initCluster(source)
    await startCluster(source)
    await query(source, 'CREATE TABLE items AS SELECT g AS id, md5(g::text) AS v FROM generate_series(1, 50000) g')
    const [server] = await query<{ lsn: string; system: string }>(
      source,
      'SELECT checkpoint_lsn::text AS lsn, (SELECT system_identifier::text FROM pg_control_system()) AS system FROM pg_control_checkpoint()',
    )
    const control = await readControlFile(source.dataDir)
    expect({ lsn: formatLsn(control.checkpointLsn), system: control.systemIdentifier }).toEqual(server)
    await expect(archiveStoppedCluster(source, path.join(root, 'out', 'running.tar.zst'))).rejects.toThrow(/is running/)
    await stopCluster(source)

    cold = path.join(root, 'out', `cold${major}.tar.zst`)
    const steps: string[] = []
    const result = await archiveStoppedCluster(source, cold, { onProgress: (step) => steps.push(step) })
    console.log(
      `[engine timings] pg${major} cold archive: ${result.durationMs} ms, ${result.manifest.size} -> ${result.bytes} bytes`,
    )
    expect(steps).toContain('archiving')
    expect(steps.at(-1)).toBe('archived')
    expect(result).toMatchObject({ file: cold, kind: 'cold' })
    expect((await stat(cold)).mode & 0o777).toBe(0o600)
    expect(await magic(cold)).toBe('28b52ffd')
    expect(await readdir(path.join(root, 'out'))).not.toContain(`cold${major}.tar.zst.partial`)
    expect(await readArchiveManifest(cold)).toMatchObject({ kind: 'cold', major, compression: 'zstd' })
    expect(await readSidecar(cold)).toMatchObject({ kind: 'cold', major, archive_bytes: result.bytes })
    expect((await readdir(root)).filter((name) => name.startsWith('.pgfleet-backup-staging'))).toEqual([])

    const restored = await restoreAndStart(cold, `cold-restored${major}`, major)
    expect(await query(restored, 'SELECT count(*)::int AS n, max(id) AS max FROM items')).toEqual([
      { n: 50000, max: 50000 },
    ])
    await stopCluster(restored)
  })

  it('fails cleanly on a truncated archive', async () => {
    const truncated = path.join(root, 'out', `truncated${major}.tar.zst`)
    const { size } = await stat(cold)
    await copyFile(cold, truncated)
    await truncate(truncated, Math.floor(size / 2))
    const target = path.join(root, `truncated${major}`, 'pgdata')
    await expect(restoreArchive(truncated, target, runAs, { engine: source.engine })).rejects.toThrow(/zstd|tar/)
    expect(await readdir(path.dirname(target))).toEqual([])
  })

  it('refuses to restore onto another major, before extracting anything', async () => {
    const other = major === 17 ? 15 : 17
    const target = path.join(root, `wrong${major}`, 'pgdata')
    await expect(restoreArchive(cold, target, runAs, { engine: { major: other } })).rejects.toThrow(
      `holds Postgres ${major} data; it cannot be restored on Postgres ${other}`,
    )
    await expect(access(path.dirname(target))).rejects.toThrow()
  })

  it('backs up a server online while it writes; the restore holds every commit made before pg_backup_stop', {
    timeout: TIMEOUT_MS,
  }, async () => {
    await startCluster(source)
    await query(source, 'CREATE TABLE ticks (id int PRIMARY KEY, at timestamptz DEFAULT now())')
    const writer = new pg.Client({ ...connectionConfig(source), options: '-c search_path=public' })
    await writer.connect()
    let acked = 0
    let stop = false
    const writing = (async () => {
      while (!stop) {
        await writer.query('INSERT INTO ticks (id) VALUES ($1)', [acked + 1])
        acked += 1
      }
    })()
    let ackedAtStart = -1
    let ackedBeforeStop = -1
    const online = path.join(root, 'out', `online${major}.tar.zst`)
    try {
      while (acked < 50) await new Promise((resolve) => setTimeout(resolve, 5))
      const result = await onlineBaseBackup(source, online, {
        onProgress: (step) => {
          if (step === 'starting backup') ackedAtStart = acked
          if (step === 'stopping backup') ackedBeforeStop = acked
        },
      })
      console.log(
        `[engine timings] pg${major} online backup: ${result.durationMs} ms, ${result.bytes} bytes, stop ${result.manifest.stop_lsn}`,
      )
      expect(result.manifest).toMatchObject({ kind: 'online', major })
    } finally {
      stop = true
      await writing
      await writer.end()
    }
    expect(ackedAtStart).toBeGreaterThanOrEqual(50)
    expect(ackedBeforeStop).toBeGreaterThan(ackedAtStart) // commits while tar copied the files
    expect(acked).toBeGreaterThan(ackedBeforeStop)
    // The backup's slot is gone with its session.
    expect(await query(source, 'SELECT slot_name FROM pg_replication_slots')).toEqual([])
    await stopCluster(source)

    const restored = await restoreAndStart(online, `online-restored${major}`, major)
    const [ticks] = await query<{ n: number; max: number; recovery: boolean }>(
      restored,
      'SELECT count(*)::int AS n, max(id) AS max, pg_is_in_recovery() AS recovery FROM ticks',
    )
    expect(ticks?.recovery).toBe(false)
    expect(ticks?.max).toBeGreaterThanOrEqual(ackedBeforeStop)
    expect(ticks?.n).toBe(ticks?.max) // no gaps: a consistent prefix of the writer's commits
    expect(await query(restored, 'SELECT count(*)::int AS n FROM items')).toEqual([{ n: 50000 }])
    await query(restored, 'CREATE EXTENSION amcheck')
    await query(restored, "SELECT bt_index_check('ticks_pkey', true)")
    await stopCluster(restored)
  })
})

describe('the gzip fallback (used when zstd is missing)', () => {
  it('writes and restores a .tar.gz archive through zlib', { timeout: TIMEOUT_MS }, async () => {
    const source = specs.find((spec) => spec.dataDir.endsWith(path.join('source17', 'pgdata')))
    if (!source) throw new Error('the Postgres 17 source cluster is missing')
    const file = path.join(root, 'out', 'cold.tar.gz')
    const result = await archiveStoppedCluster(source, file)
    expect(result.manifest.compression).toBe('gzip')
    expect((await magic(file)).slice(0, 4)).toBe('1f8b')
    expect(await readArchiveManifest(file)).toMatchObject({ kind: 'cold', major: 17, compression: 'gzip' })
    const restored = await restoreAndStart(file, 'gzip-restored', 17)
    expect(await query(restored, 'SELECT count(*)::int AS n FROM ticks')).toEqual([{ n: expect.any(Number) as number }])
    await stopCluster(restored)
  })
})
