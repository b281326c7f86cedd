// `npm test`: every check CI makes, in order: Node 24 at hand, lint, types, lockfile, the unit + integration tests
// and the browser tests on Node 24 (the Node the platform runs on), every bench once in its short run (with
// PGFLEET_TEST_BENCHES=0 leaves it out), then a smoke that `npm start`'s bootstrap still brings the platform up from the Node
// running this script when that is an older one; each step timed.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { checkLockfile } from './check-lockfile.mjs'
import { ensureInstalled, repoRoot, run } from './ensure-install.mjs'
import { ensureChromium } from './find-chromium.mjs'
import { ensureNode24, envForNode } from './node-runtime.mjs'

const started = Date.now()
const durations = []
const formatDuration = (ms) => {
  const seconds = Math.round(ms / 1000)
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`
}
/** Runs one step under a heading, then prints how long it took. */
function step(title, action) {
  console.log(`\n━━ ${title}`)
  const stepStarted = Date.now()
  action()
  const took = Date.now() - stepStarted
  durations.push([title, took])
  console.log(`━━ ${title}: ${formatDuration(took)}`)
}
function printDurations() {
  console.log('\n━━ durations')
  for (const [title, took] of durations) console.log(`${formatDuration(took).padStart(12)}  ${title}`)
  console.log(`${formatDuration(Date.now() - started).padStart(12)}  in all`)
}
// a failed step ends the process: what ran until then, and how long it took, still shows
process.on('exit', (code) => {
  if (code !== 0) printDurations()
})
function fail(message) {
  console.error(`\n✖ ${message}`)
  process.exit(1)
}

/** The same as step, for an action that returns a promise. */
async function stepAsync(title, action) {
  console.log(`\n━━ ${title}`)
  const stepStarted = Date.now()
  await action()
  const took = Date.now() - stepStarted
  durations.push([title, took])
  console.log(`━━ ${title}: ${formatDuration(took)}`)
}

/**
 * `npm start` run from this (older) Node: it must find Node 24 and bring the platform up on it. Started on its own
 * port and data directory, it passes once the platform answers HTTP and stops cleanly on SIGTERM.
 */
async function smokeStart() {
  const port = 18180
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-smoke-'))
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: repoRoot,
    // its own process group, so that a platform that does not stop can be killed with the script that started it
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGFLEET_DATA_DIR: dataDir,
      PGFLEET_PORT_RANGE: '55500-55509',
      PGFLEET_SPARE_DATA_DIRS: '0',
      PGFLEET_SKIP_BUILD: '1',
      PGFLEET_LOG_LEVEL: 'warn',
    },
  })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
    process.stdout.write(chunk)
  })
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
  let problem = null
  try {
    const deadline = Date.now() + 120_000
    let up = false
    while (!up && Date.now() < deadline && child.exitCode === null) {
      up = await fetch(`http://127.0.0.1:${port}/platform/feature-flags`).then(
        () => true,
        () => false,
      )
      if (!up) await new Promise((resolve) => setTimeout(resolve, 500))
    }
    if (!up) {
      problem = `npm start from Node ${process.versions.node} did not bring the platform up within 2 minutes`
    } else if (!output.includes('platform on Node 24.')) {
      problem = `npm start from Node ${process.versions.node} did not run the platform on Node 24`
    } else {
      process.kill(-child.pid, 'SIGTERM')
      const end = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve(null), 30_000))])
      if (!end) problem = 'the platform started by npm start did not stop within 30 s of SIGTERM'
    }
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      process.kill(-child.pid, 'SIGKILL')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  if (problem) fail(problem)
  console.log(`the platform came up on Node 24 from Node ${process.versions.node} and stopped cleanly`)
}

ensureInstalled()
// Node 24 is found (or installed) first, so that its absence fails the run at once. The tests run once, on it: it is
// the Node `npm start` runs the platform on; an older Node only has to get that far (the smoke at the end).
let node24
step('Node 24 (the tests run on it)', () => {
  const found = ensureNode24()
  if (!found.binary) fail(`Node 24 is needed to run the tests, and it could not be installed: ${found.reason}`)
  node24 = { name: `Node ${found.version}`, binary: found.binary }
  console.log(`the tests run on ${node24.name}`)
})

step('lint and format (biome)', () => run('npx', ['biome', 'ci', '.']))
step('type check (tsc, strict)', () => run('npm', ['run', 'typecheck', '--silent']))
step('lockfile complete (npm ci --dry-run on a copy of the manifests)', () => {
  const problem = checkLockfile()
  if (problem) fail(`package-lock.json does not install with npm ci: ${problem}`)
})

step(`unit and integration tests (vitest, real Postgres) on ${node24.name}`, () =>
  run(node24.binary, ['node_modules/vitest/vitest.mjs', 'run'], { env: envForNode(node24.binary) }),
)
step('build the dashboard', () => run('npm', ['run', 'build', '--silent']))

let chromium
step('Chromium for the browser tests', () => {
  chromium = ensureChromium()
  if (!chromium || !existsSync(chromium)) {
    fail('Chromium not found. Install it with `apt-get install -y chromium` or set PGFLEET_CHROMIUM.')
  }
})
{
  const { name, binary } = node24
  step(`browser tests (Playwright in Debian Chromium), platform on ${name}`, () => {
    // the platform under test keeps its data in a fresh directory, removed after the run
    const e2eDataDir = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-e2e-'))
    const e2e = spawnSync('npx', ['playwright', 'test'], {
      stdio: 'inherit',
      cwd: repoRoot,
      env: {
        ...envForNode(binary),
        PGFLEET_CHROMIUM: chromium,
        PGFLEET_E2E_DATA_DIR: e2eDataDir,
        PGFLEET_E2E_NODE: binary,
      },
    })
    // the platform has stopped: the OS users of the projects the journeys created go with their data
    spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/remove-project-users.ts', path.join(e2eDataDir, 'projects')],
      { stdio: 'inherit', cwd: repoRoot },
    )
    rmSync(e2eDataDir, { recursive: true, force: true })
    if (e2e.status !== 0) fail(`browser tests with the platform on ${name} failed (exit ${e2e.status ?? e2e.signal})`)
  })
}

// every bench once, tiny (`npm run bench -- --short`, two at a time), on the Node the platform runs on: a bench that
// no longer runs fails here instead of rotting until someone measures with it (PGFLEET_TEST_BENCHES=0 skips it)
if (process.env.PGFLEET_TEST_BENCHES !== '0') {
  step(`benches, short run (each once, tiny, two at a time) on ${node24.name}`, () =>
    run(process.execPath, ['scripts/bench.mjs', '--short'], {
      env: { ...envForNode(node24.binary), PGFLEET_BENCH_NODE: node24.binary, PGFLEET_CHROMIUM: chromium },
    }),
  )
}

if (node24.binary !== process.execPath) {
  await stepAsync(`npm start's bootstrap from Node ${process.versions.node}`, smokeStart)
}

printDurations()
console.log('\n✔ all checks passed')
