// `npm test`: every check CI makes, in order: lint, types, unit + integration tests, build, browser tests.
import { existsSync } from 'node:fs'
import { ensureInstalled, run } from './ensure-install.mjs'
import { findChromium } from './find-chromium.mjs'

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
const chromium = findChromium()
if (!chromium || !existsSync(chromium)) {
  console.error('✖ Chromium not found. Install it with `apt-get install -y chromium` or set PGFLEET_CHROMIUM.')
  process.exit(1)
}
run('npx', ['playwright', 'test'], { env: { ...process.env, PGFLEET_CHROMIUM: chromium } })
console.log('\n✔ all checks passed')
