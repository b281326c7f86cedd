// `npm test`: every check CI makes, in order: lint, types, unit + integration tests, build, browser tests.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ensureInstalled, repoRoot, run } from './ensure-install.mjs'
import { ensureChromium } from './find-chromium.mjs'

ensureInstalled()
const step = (title) => console.log(`\n━━ ${title}`)

step('lint and format (biome)')
run('npx', ['biome', 'ci', '.'])
step('type check (tsc, strict)')
run('npm', ['run', 'typecheck', '--silent'])
step('unit and integration tests (vitest, real Postgres)')
run('npx', ['vitest', 'run'])
step('build the dashboard')
run('npm', ['run', 'build', '--silent'])
step('browser tests (Playwright in Debian Chromium)')
const chromium = ensureChromium()
if (!chromium || !existsSync(chromium)) {
  console.error('✖ Chromium not found. Install it with `apt-get install -y chromium` or set PGFLEET_CHROMIUM.')
  process.exit(1)
}
// the platform under test keeps its data in a fresh directory, removed after the run
const e2eDataDir = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-e2e-'))
const e2e = spawnSync('npx', ['playwright', 'test'], {
  stdio: 'inherit',
  cwd: repoRoot,
  env: { ...process.env, PGFLEET_CHROMIUM: chromium, PGFLEET_E2E_DATA_DIR: e2eDataDir },
})
// the platform has stopped: the OS users of the projects the journeys created go with their data
spawnSync(process.execPath, ['--import', 'tsx', 'scripts/remove-project-users.ts', path.join(e2eDataDir, 'projects')], {
  stdio: 'inherit',
  cwd: repoRoot,
})
rmSync(e2eDataDir, { recursive: true, force: true })
if (e2e.status !== 0) {
  console.error(`\n✖ browser tests failed (exit ${e2e.status ?? e2e.signal})`)
  process.exit(e2e.status ?? 1)
}
console.log('\n✔ all checks passed')
