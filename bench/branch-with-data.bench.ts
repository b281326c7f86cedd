// A branch with data of a ~1 GB project: the parent's data copied while it runs (copy-on-write where the
// filesystem offers it) and the copy started as a project of its own with its own passwords, through the
// LocalDriver (what the platform's create job does for a branch with data). Target: ready within 5 s.
// Run: npx tsx bench/branch-with-data.bench.ts [repetitions] [size-mb]
import { rm } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import {
  directoryUsage,
  discoverEngines,
  LocalDriver,
  removeProjectUsers,
  resolveRunAs,
  TENANT_OWNER_ROLE,
} from '../packages/engine/src/index'
import { makeTempRoot } from '../packages/engine/src/testing/fixtures'
import { percentile } from './stats'

const repetitions = Number(process.argv[2] ?? 3)
const sizeMb = Number(process.argv[3] ?? 1024)
const TARGET_MS = 5_000
let nextPort = 57_410

const root = await makeTempRoot('branch-data-bench')
const engines = await discoverEngines({ enginesCacheDir: path.join(root, 'engines') })
const driver = new LocalDriver({
  dataDir: path.join(root, 'projects'),
  runAs: await resolveRunAs(),
  engines,
  listenAddress: '127.0.0.1',
})
const config = () => ({ major: 17, port: nextPort++, computeSize: 'nano' as const })

async function sql(ref: string, text: string) {
  const client = new pg.Client(await driver.projectConnection(ref, { user: TENANT_OWNER_ROLE }))
  await client.connect()
  try {
    return (await client.query(text)).rows
  } finally {
    await client.end()
  }
}

try {
  await driver.createProject({ ...config(), ref: 'parent', superuserPassword: 'p', authenticatorPassword: 'a' })
  // rows of ~1 kB: sizeMb × 1000 of them fill about sizeMb of table
  await sql('parent', 'create table filler (id bigint primary key, payload text)')
  const batch = 100_000
  for (let done = 0; done < sizeMb * 1000; done += batch) {
    await sql(
      'parent',
      `insert into filler select n, repeat(md5(n::text), 31) from generate_series(${done + 1}, ${done + batch}) as n`,
    )
  }
  await driver.checkpointProject('parent')
  const parentBytes = (await directoryUsage(driver.projectPaths('parent').dataDir)).bytes
  console.log(`parent data directory: ${(parentBytes / 1024 ** 3).toFixed(2)} GB`)

  const totals: number[] = []
  const copies: number[] = []
  let method = ''
  for (let i = 0; i < repetitions; i++) {
    const ref = `branch${i}`
    const started = performance.now()
    const copy = await driver.cloneProjectData('parent', ref)
    const copied = performance.now()
    await driver.createProject({ ...config(), ref, superuserPassword: 'b', authenticatorPassword: 'ba' })
    const ready = performance.now()
    const [{ n }] = (await sql(ref, 'select count(*)::int as n from filler')) as [{ n: number }]
    method = copy?.method ?? method
    copies.push(copied - started)
    totals.push(ready - started)
    console.log(
      `  ${ref}: copy ${Math.round(copied - started)} ms (${copy?.method}), start and roles ${Math.round(ready - copied)} ms, ${n} rows`,
    )
    await driver.destroyProject(ref)
  }
  const p50 = percentile(totals, 50)
  console.log(
    `branch with data of ${(parentBytes / 1024 ** 3).toFixed(2)} GB (${method}): copy p50 ${Math.round(percentile(copies, 50))} ms, ready p50 ${Math.round(p50)} ms, max ${Math.round(Math.max(...totals))} ms — target ≤ ${TARGET_MS} ms: ${p50 <= TARGET_MS ? 'met' : 'NOT met'}`,
  )
} finally {
  await driver.stopAll().catch(() => {})
  await removeProjectUsers(path.join(root, 'projects'))
  await rm(root, { recursive: true, force: true })
}
