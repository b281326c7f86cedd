// Pause (stop + cold archive), resume, restore from a backup and restart of a ~200 MB project, through the
// LocalDriver, compared with `cp -a` of the stopped data directory.
// Run: npx tsx bench/pause-restore.bench.ts [repetitions] [--short]
import { execFile } from 'node:child_process'
import { rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import {
  archiveStoppedCluster,
  discoverEngines,
  engineForMajor,
  LocalDriver,
  type ProjectRuntimeConfig,
  removeProjectUsers,
  resolveRunAs,
  TENANT_OWNER_ROLE,
} from '../packages/engine/src/index'
import { makeTempRoot } from '../packages/engine/src/testing/fixtures'
import { BenchRecord, numberArg, SHORT } from './record'
import { percentile } from './stats'

const run = promisify(execFile)
const repetitions = numberArg(0, 7, 1)
/** pgbench scale of the project's data (15: about 200 MB) */
const SCALE = SHORT ? 1 : 15
const record = new BenchRecord('pause-restore')
const PGBENCH = '/usr/lib/postgresql/15/bin/pgbench'
const PASSWORD = 'bench-password'
const REF = 'bench'
const median = (values: number[]) => percentile(values, 50)
const ms = (value: number) => `${value.toFixed(0)} ms`
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const started = performance.now()
  const result = await fn()
  return [performance.now() - started, result]
}

async function loadData(driver: LocalDriver, port: number): Promise<string> {
  try {
    await run(
      PGBENCH,
      ['-i', '-q', '-s', String(SCALE), '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'postgres'],
      {
        env: { PATH: process.env.PATH, PGPASSWORD: PASSWORD },
      },
    )
    return `pgbench -i -s ${SCALE}`
  } catch (error) {
    console.log(`pgbench failed (${(error as Error).message.split('\n')[0]}); generating the data with SQL`)
    const client = new pg.Client(await driver.projectConnection(REF, { user: TENANT_OWNER_ROLE }))
    await client.connect()
    await client.query(
      `CREATE TABLE pgbench_accounts AS SELECT g AS aid, g % 15 AS bid, 0 AS abalance, repeat(' ', 84) AS filler
       FROM generate_series(1, ${SCALE * 100_000}) g;
       ALTER TABLE pgbench_accounts ADD PRIMARY KEY (aid)`,
    )
    await client.end()
    return `SQL generate_series (${SCALE * 100_000} rows)`
  }
}

const root = await makeTempRoot('bench-pause')
const runAs = await resolveRunAs()
const engines = await discoverEngines({ enginesCacheDir: path.join(root, 'engines') })
const driver = new LocalDriver({ dataDir: path.join(root, 'projects'), runAs, engines, listenAddress: '127.0.0.1' })
const port = 58_000 + Math.floor(Math.random() * 1_000)
const config: ProjectRuntimeConfig = { major: 17, port, computeSize: 'small' }
const { dataDir } = driver.projectPaths(REF)
try {
  await driver.createProject({ ref: REF, ...config, superuserPassword: PASSWORD, authenticatorPassword: PASSWORD })
  const [loadMs, how] = await timed(() => loadData(driver, port))
  const first = await driver.pauseProject(REF)
  const { stdout: tables } = await run('du', ['-sb', path.join(dataDir, 'base')])
  const [usageMs, total] = await timed(() => driver.projectDiskUsage(REF))
  console.log(
    `data: ${how} in ${ms(loadMs)}; pgdata ${mb(total)} (tables ${mb(Number(tables.split('\t')[0]))}, rest WAL)`,
  )
  console.log(`projectDiskUsage: ${ms(usageMs)}`)
  console.log(
    `first pause right after the load (dirty buffers to write): stop ${ms(first.timings.stopMs)}, archive ${ms(first.timings.archiveMs)}, ${mb(first.dataBytes ?? 0)} -> ${mb(first.bytes)}`,
  )
  await driver.deleteBackups(REF)
  console.log(`\n${repetitions} repetitions each, medians (os: ${os.cpus().length} cores):`)

  // Everything is measured in the same iteration as its cp -a baseline: this machine's disk is shared and
  // noisy, so ratios are taken per iteration and their median reported.
  const copy: number[] = []
  const copySync: number[] = []
  const pause: number[] = []
  const pauseStop: number[] = []
  const pauseArchive: number[] = []
  const resume: number[] = []
  const restore: number[] = []
  const restoreExtract: number[] = []
  const restoreSync: number[] = []
  const restoreDowntime: number[] = []
  const restart: number[] = []
  const ratios = { pause: [] as number[], resume: [] as number[], restore: [] as number[] }
  let archiveBytes = 0
  const target = path.join(root, 'cp-target')
  for (let i = 0; i < repetitions; i++) {
    await rm(target, { recursive: true, force: true })
    await run('sync')
    const [copyMs] = await timed(() => run('cp', ['-a', dataDir, target]))
    copy.push(copyMs)
    copySync.push(copyMs + (await timed(() => run('sync')))[0])
    await rm(target, { recursive: true, force: true })

    await driver.startProject(REF, config)
    await driver.deleteBackups(REF)
    const [pauseMs, paused] = await timed(() => driver.pauseProject(REF))
    pause.push(pauseMs)
    pauseStop.push(paused.timings.stopMs)
    pauseArchive.push(paused.timings.archiveMs)
    archiveBytes = paused.bytes
    const [resumeMs] = await timed(() => driver.startProject(REF, config))
    resume.push(resumeMs)
    const [restartMs] = await timed(() => driver.restartProject(REF, config))
    restart.push(restartMs)
    const [restoreMs, restored] = await timed(() => driver.restoreProjectFromBackup(REF, paused.id, config))
    restore.push(restoreMs)
    restoreExtract.push(restored.extractMs)
    restoreSync.push(restored.syncMs)
    restoreDowntime.push(restored.downtimeMs)
    await driver.stopProject(REF)
    ratios.pause.push(pauseMs / copyMs)
    ratios.resume.push(resumeMs / copyMs)
    ratios.restore.push(restoreMs / copyMs)
  }

  const cp = median(copy)
  const rows: [string, number, string?][] = [
    ['cp -a of the stopped data directory', cp, `min ${ms(Math.min(...copy))}, max ${ms(Math.max(...copy))}`],
    ['cp -a + sync (for reference)', median(copySync)],
    [
      'pause (checkpoint + stop + archive)',
      median(pause),
      `stop ${ms(median(pauseStop))} + archive ${ms(median(pauseArchive))}, archive ${mb(archiveBytes)}`,
    ],
    ['resume (start from the paused data dir)', median(resume)],
    [
      'restoreProjectFromBackup (running project)',
      median(restore),
      `extract ${ms(median(restoreExtract))} + sync ${ms(median(restoreSync))} while serving, then downtime ${ms(median(restoreDowntime))}, then the old data is deleted`,
    ],
    ['restart (checkpoint + stop + start)', median(restart)],
  ]
  for (const [name, value, note] of rows) {
    console.log(`  ${name.padEnd(44)} ${ms(value).padStart(8)}${note ? `  (${note})` : ''}`)
  }
  const verdict = (ratio: number) => `${ratio.toFixed(2)}  target <= 2 → ${ratio <= 2 ? 'met' : 'NOT met'}`
  console.log('\n  per-iteration ratios, median:')
  console.log(`  pause / cp -a                ${verdict(median(ratios.pause))}`)
  console.log(`  resume / cp -a               ${verdict(median(ratios.resume))}`)
  console.log(`  restore-from-backup / cp -a  ${verdict(median(ratios.restore))}`)
  console.log(
    `  restart                      ${ms(median(restart))}  target < 3000 ms → ${median(restart) < 3000 ? 'met' : 'NOT met'}`,
  )

  record.figure('pause / cp -a', median(ratios.pause), { unit: '×', better: 'lower' })
  record.figure('resume / cp -a', median(ratios.resume), { unit: '×', better: 'lower' })
  record.figure('restore from backup / cp -a', median(ratios.restore), { unit: '×', better: 'lower' })
  record.figure('restart', median(restart), { unit: 'ms', better: 'lower' })
  record.save()

  // a short run only checks that the bench runs
  if (!SHORT) {
    // Tuning: the archive step alone (stopped cluster) at several compression settings.
    console.log('\narchive step alone by compression setting (median of 3):')
    const engine = engineForMajor(engines, 17)
    const source = { dataDir, runAs, engine }
    const out = path.join(driver.projectPaths(REF).backupsDir, 'tuning')
    for (const [label, file, level] of [
      ['zstd --fast=3', `${out}.tar.zst`, -3],
      ['zstd -1 (default)', `${out}.tar.zst`, 1],
      ['zstd -3', `${out}.tar.zst`, 3],
      ['gzip -1 via zlib (no zstd)', `${out}.tar.gz`, 1],
    ] as const) {
      const times: number[] = []
      let bytes = 0
      for (let i = 0; i < (file.endsWith('.gz') ? 1 : 3); i++) {
        const result = await archiveStoppedCluster(source, file, { compressionLevel: level })
        times.push(result.durationMs)
        bytes = result.bytes
        await rm(file, { force: true })
        await rm(`${file}.json`, { force: true })
      }
      console.log(`  ${label.padEnd(28)} ${ms(median(times)).padStart(8)}  ${mb(bytes)}`)
    }
  }
} finally {
  await driver.stopAll().catch(() => {})
  await removeProjectUsers(path.join(root, 'projects'))
  await rm(root, { recursive: true, force: true })
}
