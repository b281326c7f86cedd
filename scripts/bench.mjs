// `npm run bench`: every benchmark under bench/, one after another; each prints its figures beside the change from
// the ones its last full run recorded in bench/results/, and records its new ones.
// `npm run bench -- --short` (or PGFLEET_BENCH_SHORT=1): each bench once, tiny, recording nothing; it fails when a
// bench no longer runs (CI runs it). Other arguments name the benches to run (e.g. `rest-api project-create`).
// The benches run on the Node this script runs on; PGFLEET_BENCH_NODE names another (CI gives its Node 24).
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { repoRoot } from './ensure-install.mjs'

const args = process.argv.slice(2)
const short = args.includes('--short') || process.env.PGFLEET_BENCH_SHORT === '1'
const wanted = args.filter((arg) => arg !== '--short').map((name) => name.replace(/(\.bench)?(\.ts)?$/, ''))
const node = process.env.PGFLEET_BENCH_NODE || process.execPath

const benches = readdirSync(`${repoRoot}/bench`)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.bench\.ts$/, '')))
  .sort()
if (benches.length === 0) {
  console.error(`✖ no bench named ${wanted.join(', ')}`)
  process.exit(1)
}

const failed = []
const started = Date.now()
for (const bench of benches) {
  console.log(`\n━━ ${bench}${short ? ' (short)' : ''}`)
  const benchStarted = Date.now()
  const result = spawnSync(node, ['--import', 'tsx', `bench/${bench}`, ...(short ? ['--short'] : [])], {
    stdio: 'inherit',
    cwd: repoRoot,
    env: { ...process.env, ...(short ? { PGFLEET_BENCH_SHORT: '1' } : {}) },
  })
  const seconds = ((Date.now() - benchStarted) / 1000).toFixed(1)
  if (result.status !== 0) {
    failed.push(bench)
    console.error(`✖ ${bench} failed (exit ${result.status ?? result.signal}) after ${seconds} s`)
  } else console.log(`━━ ${bench}: ${seconds} s`)
}
console.log(`\n${benches.length} bench(es) in ${((Date.now() - started) / 1000).toFixed(0)} s`)
if (failed.length > 0) {
  console.error(`✖ ${failed.length} bench(es) did not run to the end: ${failed.join(', ')}`)
  process.exit(1)
}
