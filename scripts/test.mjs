// `npm test`: every check CI makes, in order: Node 24 at hand, lint, types, lockfile, then the unit + integration
// tests and the browser tests on each supported Node (the one running this script, and Node 24), each step timed.
import { spawnSync } from 'node:child_process'
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

ensureInstalled()
// Node 24 is found (or installed) first, so that its absence fails the run at once
const runtimes = [{ name: `Node ${process.versions.node}`, binary: process.execPath }]
step(`Node 24 (for the second run of the tests)`, () => {
  const node24 = ensureNode24()
  if (!node24.binary) {
    fail(`Node 24 is needed to test on every supported Node, and it could not be installed: ${node24.reason}`)
  }
  if (node24.binary === process.execPath) {
    console.log('this Node is a 24 already: the tests run once; run `npm test` on Node 20 to cover both')
  } else {
    runtimes.push({ name: `Node ${node24.version}`, binary: node24.binary })
  }
  console.log(`the tests run on ${runtimes.map((runtime) => runtime.name).join(' and ')}`)
})

step('lint and format (biome)', () => run('npx', ['biome', 'ci', '.']))
step('type check (tsc, strict)', () => run('npm', ['run', 'typecheck', '--silent']))
step('lockfile complete (npm ci --dry-run on a copy of the manifests)', () => {
  const problem = checkLockfile()
  if (problem) fail(`package-lock.json does not install with npm ci: ${problem}`)
})

for (const { name, binary } of runtimes) {
  step(`unit and integration tests (vitest, real Postgres) on ${name}`, () =>
    run(binary, ['node_modules/vitest/vitest.mjs', 'run'], { env: envForNode(binary) }),
  )
}
step('build the dashboard', () => run('npm', ['run', 'build', '--silent']))

let chromium
step('Chromium for the browser tests', () => {
  chromium = ensureChromium()
  if (!chromium || !existsSync(chromium)) {
    fail('Chromium not found. Install it with `apt-get install -y chromium` or set PGFLEET_CHROMIUM.')
  }
})
for (const { name, binary } of runtimes) {
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

printDurations()
console.log('\n✔ all checks passed')
