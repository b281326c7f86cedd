// `npm run bench`: every benchmark under bench/, one after another; each prints its figures beside the change from
// the ones its last full run recorded in bench/results/, and records its new ones.
// `npm run bench -- --short` (or PGFLEET_BENCH_SHORT=1): each bench once, tiny, recording nothing; it fails when a
// bench no longer runs (CI runs it); two run at a time there (PGFLEET_BENCH_JOBS). Other arguments name the
// benches to run (e.g. `rest-api project-create`).
// The benches run on the Node this script runs on; PGFLEET_BENCH_NODE names another (CI gives its Node 24).
import { spawn } from 'node:child_process'
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

// the short run only checks that each bench still runs (it records nothing), so two run at a time there, each with
// its output held until it ends; full runs measure, one bench alone on the machine
const jobs = short ? Math.max(1, Number(process.env.PGFLEET_BENCH_JOBS ?? 2)) : 1

/** Runs one bench; resolves with whether it ended well. Its output goes straight through when `hold` is false. */
function runBench(bench, hold, slot) {
  return new Promise((resolve) => {
    const benchStarted = Date.now()
    const child = spawn(node, ['--import', 'tsx', `bench/${bench}`, ...(short ? ['--short'] : [])], {
      stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      cwd: repoRoot,
      env: {
        ...process.env,
        ...(short ? { PGFLEET_BENCH_SHORT: '1' } : {}),
        // benches running at the same time take their projects' ports from different blocks
        PGFLEET_TEST_PORT_SLOT: String(slot),
        PGFLEET_TEST_PORT_SLOTS: String(jobs),
      },
    })
    const held = []
    child.stdout?.on('data', (chunk) => held.push(chunk))
    child.stderr?.on('data', (chunk) => held.push(chunk))
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - benchStarted) / 1000).toFixed(1)
      if (hold) process.stdout.write(`\n━━ ${bench}${short ? ' (short)' : ''}\n${Buffer.concat(held).toString()}`)
      if (code !== 0) {
        console.error(`✖ ${bench} failed (exit ${code ?? signal}) after ${seconds} s`)
        resolve(false)
      } else {
        console.log(`━━ ${bench}: ${seconds} s`)
        resolve(true)
      }
    })
  })
}

const failed = []
const started = Date.now()
const queue = [...benches]
await Promise.all(
  Array.from({ length: Math.min(jobs, queue.length) }, async (_, index) => {
    for (let bench = queue.shift(); bench; bench = queue.shift()) {
      if (jobs === 1) console.log(`\n━━ ${bench}${short ? ' (short)' : ''}`)
      if (!(await runBench(bench, jobs > 1, index + 1))) failed.push(bench)
    }
  }),
)
console.log(`\n${benches.length} bench(es) in ${((Date.now() - started) / 1000).toFixed(0)} s`)
if (failed.length > 0) {
  console.error(`✖ ${failed.length} bench(es) did not run to the end: ${failed.join(', ')}`)
  process.exit(1)
}
