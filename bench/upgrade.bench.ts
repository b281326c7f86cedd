// A 15 -> 17 major upgrade of a ~1 GB project (pgbench), by each method, with a client writing the whole time:
// the total time, seconds per GB, and how long writes were blocked (the longest gap between two commits).
// Targets: dump and restore at most 10 s per GB; logical replication blocks writes at most 5 s, whatever the size.
// Run: npx tsx bench/upgrade.bench.ts [pgbench scale, default 65 (~1 GB)] [methods, default logical,dump] [--short]
import { execFile } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import {
  discoverEngines,
  LocalDriver,
  type ProjectRuntimeConfig,
  removeProjectUsers,
  resolveRunAs,
  type UpgradeMethod,
} from '../packages/engine/src/index'
import { startCommittingClient } from '../packages/engine/src/testing/committing-client'
import { makeTempRoot } from '../packages/engine/src/testing/fixtures'
import { BENCH_ARGS, BenchRecord, numberArg } from './record'

const run = promisify(execFile)
const scale = numberArg(0, 65, 1)
const methods = (BENCH_ARGS[1] ?? 'logical,dump').split(',') as UpgradeMethod[]
const record = new BenchRecord('upgrade')
const BIN = '/usr/lib/postgresql/15/bin'
const PASSWORD = 'bench-password'
const s = (value: number) => `${(value / 1000).toFixed(1)} s`

const root = await makeTempRoot('bench-upgrade')
const runAs = await resolveRunAs()
const engines = await discoverEngines({ enginesCacheDir: path.join(root, 'engines') })
// as on the platform, which keeps spare data directories of the newest major ready (PGFLEET_SPARE_DATA_DIRS)
const driver = new LocalDriver({
  dataDir: path.join(root, 'projects'),
  runAs,
  engines,
  listenAddress: '127.0.0.1',
  spareDataDirs: 1,
})
console.log(
  `load average before: ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')}`,
)
try {
  for (const method of methods) {
    const ref = `upgrade-${method}`
    const port = 58_000 + Math.floor(Math.random() * 1_000)
    const config: ProjectRuntimeConfig = { major: 15, port, computeSize: 'small' }
    await driver.createProject({ ref, ...config, superuserPassword: PASSWORD, authenticatorPassword: PASSWORD })
    await run(
      `${BIN}/pgbench`,
      ['-i', '-q', '-s', String(scale), '-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', 'postgres'],
      {
        env: { PATH: process.env.PATH, PGPASSWORD: PASSWORD },
      },
    )
    const client = new pg.Client({
      host: '127.0.0.1',
      port,
      user: 'postgres',
      password: PASSWORD,
      database: 'postgres',
    })
    await client.connect()
    const bytes = Number(
      (await client.query<{ b: string }>('select pg_database_size(current_database()) as b')).rows[0]?.b,
    )
    await client.end()
    const gb = bytes / 1024 ** 3
    const writer = startCommittingClient(
      { host: '127.0.0.1', port, user: 'postgres', password: PASSWORD, database: 'postgres' },
      async (client) => {
        await client.query('update pgbench_branches set bbalance = bbalance + 1 where bid = 1')
      },
    )
    driver.prepareSpareDataDirs([17])
    await driver.spareDataDirsSettled()
    // a project is upgraded long after its data was written: pgbench's gigabyte (and the WAL archive's copy of it)
    // goes to disk first, so the kernel's writeback does not compete with the upgrade being measured
    await run('sync')
    await new Promise((resolve) => setTimeout(resolve, 500))
    const started = performance.now()
    const result = await driver.upgradeProject(ref, config, { ...config, major: 17 }, () => {}, { method })
    const totalMs = performance.now() - started
    await new Promise((resolve) => setTimeout(resolve, 500))
    const { committed, longestGapMs } = await writer.stop()
    const t = result.timings
    console.log(
      `${method}: ${(bytes / 1024 ** 2).toFixed(0)} MB database; upgrade ${s(totalMs)} (${(totalMs / 1000 / gb).toFixed(1)} s per GB)` +
        `; new cluster from ${result.newClusterSource}` +
        `; dump ${s(t.dumpMs)}, restore ${s(t.restoreMs)} (${((t.dumpMs + t.restoreMs) / 1000 / gb).toFixed(1)} s per GB)` +
        `, initial copy ${s(t.syncMs)}` +
        `; cut off ${s(t.downtimeMs)} (${Object.entries(t.cutOffSteps)
          .map(([name, value]) => `${name} ${s(value)}`)
          .join(', ')}); ${committed.length} commits, longest gap between commits ${s(longestGapMs)}`,
    )
    record.figure(`${method}: upgrade per GB`, totalMs / 1000 / gb, { unit: 's/GB', better: 'lower', digits: 1 })
    record.figure(`${method}: longest gap between commits`, longestGapMs / 1000, { unit: 's', better: 'lower' })
    await driver.destroyProject(ref)
  }
  record.save()
  console.log(
    `load average after: ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  )
} finally {
  await driver.stopAll().catch(() => {})
  await driver.spareDataDirsSettled()
  await removeProjectUsers(path.join(root, 'projects'))
  const { rm } = await import('node:fs/promises')
  await rm(root, { recursive: true, force: true })
}
