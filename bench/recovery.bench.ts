// Backups, point-in-time recovery and a major upgrade of a ~1 GB project, through the LocalDriver:
// - an online base backup against `tar | zstd -1` of the same data directory (target: within 1.5x);
// - a PITR restore of the base backup plus WAL written for a while (target: under 30 s for 1 GB + 15 min);
// - how much committed work the WAL archive lacks after a `kill -9` of the postmaster (target: at most 60 s);
// - the 15 -> 17 upgrade by dump and restore (target: at most 10 s per GB; bench/upgrade.bench.ts compares methods).
// Run: npx tsx bench/recovery.bench.ts [pgbench scale, default 65 (~1 GB)] [seconds of writes before PITR, default 60]
//   [--short]
import { execFile, spawn } from 'node:child_process'
import { readFile, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import {
  discoverEngines,
  LocalDriver,
  type ProjectRuntimeConfig,
  removeProjectUsers,
  resolveRunAs,
} from '../packages/engine/src/index'
import { makeTempRoot } from '../packages/engine/src/testing/fixtures'
import { BenchRecord, numberArg, SHORT } from './record'

const run = promisify(execFile)
const scale = numberArg(0, 65, 1)
const writeSeconds = numberArg(1, 60, 2)
/** How long a writer runs before the postmaster is killed (past archive_timeout, so a segment has been archived) */
const WRITE_BEFORE_KILL_MS = SHORT ? 3_000 : 75_000
const record = new BenchRecord('recovery')
const BIN = '/usr/lib/postgresql/15/bin'
const PASSWORD = 'bench-password'
const REF = 'recovery'
const ms = (value: number) => `${(value / 1000).toFixed(1)} s`
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`
const env = { PATH: process.env.PATH, PGPASSWORD: PASSWORD }

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now()
  const result = await fn()
  return [performance.now() - started, result]
}

const root = await makeTempRoot('bench-recovery')
const runAs = await resolveRunAs()
const engines = await discoverEngines({ enginesCacheDir: path.join(root, 'engines') })
const driver = new LocalDriver({ dataDir: path.join(root, 'projects'), runAs, engines, listenAddress: '127.0.0.1' })
const port = 58_000 + Math.floor(Math.random() * 1_000)
const config: ProjectRuntimeConfig = { major: 15, port, computeSize: 'small', walArchiving: true }
const { dataDir, walArchiveDir } = driver.projectPaths(REF)
const pgbench = (args: string[]) =>
  run(`${BIN}/pgbench`, [...args, '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'postgres'], { env })

try {
  await driver.createProject({ ref: REF, ...config, superuserPassword: PASSWORD, authenticatorPassword: PASSWORD })
  const [loadMs] = await timed(() => pgbench(['-i', '-q', '-s', String(scale)]))
  const size = await driver.projectDiskUsage(REF)
  console.log(`data: pgbench -i -s ${scale} in ${ms(loadMs)}; data directory ${mb(size)}; WAL archiving on`)

  // 1. base backup against tar | zstd of the same directory
  await run('sync')
  const reference = path.join(root, 'reference.tar.zst')
  const [tarMs] = await timed(() =>
    run('bash', ['-c', `tar -cf - -C "${dataDir}" --exclude=./pg_wal . | zstd -1 -T0 -q -o "${reference}"`]),
  )
  const [backupMs, backup] = await timed(() => driver.backupProject(REF, { kind: 'online' }))
  console.log(
    `online base backup: ${ms(backupMs)} (${mb(backup.bytes)}) against tar | zstd -1: ${ms(tarMs)} (${mb((await stat(reference)).size)}); ratio ${(backupMs / tarMs).toFixed(2)} (target ≤ 1.5)`,
  )
  record.figure('online base backup / tar | zstd -1', backupMs / tarMs, { unit: '×', better: 'lower' })
  await rm(reference, { force: true })

  // 2. PITR: writes for a while, then back to an instant near their end
  console.log(`writing with pgbench for ${writeSeconds} s…`)
  await pgbench(['-c', '2', '-T', String(writeSeconds), '-n'])
  const target = new Date(Date.now() - 2_000)
  const archived = (await run('du', ['-sb', walArchiveDir])).stdout.split('\t')[0]
  const [pitrMs, restored] = await timed(() => driver.restoreProjectToTime(REF, backup.id, target, config))
  console.log(
    `PITR to ${target.toISOString()}: ${ms(pitrMs)} (extract ${ms(restored.extractMs)}, downtime ${ms(restored.downtimeMs)}) over ${mb(size)} + ${mb(Number(archived))} of WAL (target: < 30 s for 1 GB + 15 min)`,
  )
  record.figure('PITR restore', pitrMs / 1000, { unit: 's', better: 'lower' })

  // 3. kill -9 of the postmaster while committing: what the archive lacks
  const writer = spawn(
    `${BIN}/pgbench`,
    [
      '-c',
      '1',
      '-T',
      String(WRITE_BEFORE_KILL_MS / 1000 + 15),
      '-n',
      '-h',
      '127.0.0.1',
      '-p',
      String(port),
      '-U',
      'postgres',
      'postgres',
    ],
    { env, stdio: 'ignore' },
  )
  await new Promise((resolve) => setTimeout(resolve, WRITE_BEFORE_KILL_MS))
  const pid = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0])
  const killedAt = Date.now()
  process.kill(pid, 'SIGKILL')
  writer.kill()
  const { stdout } = await run('bash', ['-c', `ls -t "${walArchiveDir}" | grep -E '^[0-9A-F]{24}$' | head -1`])
  const newest = await stat(path.join(walArchiveDir, stdout.trim()))
  console.log(
    `kill -9 while writing: the newest archived segment was written ${ms(killedAt - newest.mtimeMs)} before the kill (target: ≤ 60 s of commits missing)`,
  )
  await driver.stopProject(REF, 'immediate').catch(() => {})
  await driver.startProject(REF, config)

  // 4. the upgrade to 17
  const [upgradeMs, upgrade] = await timed(() =>
    driver.upgradeProject(REF, config, { ...config, major: 17, walArchiving: false }, () => {}, { method: 'dump' }),
  )
  const gb = size / 1024 ** 3
  console.log(
    `upgrade 15 -> 17 by dump and restore: ${ms(upgradeMs)} (dump ${ms(upgrade.timings.dumpMs)}, restore ${ms(upgrade.timings.restoreMs)}, offline ${ms(upgrade.timings.downtimeMs)}); ${(upgradeMs / 1000 / gb).toFixed(1)} s per GB (target ≤ 10)`,
  )
  record.figure('upgrade 15 -> 17 by dump and restore, per GB', upgradeMs / 1000 / gb, {
    unit: 's/GB',
    better: 'lower',
  })
  record.save()
} finally {
  await driver.stopAll().catch(() => {})
  await removeProjectUsers(path.join(root, 'projects'))
  await rm(root, { recursive: true, force: true })
}
