// `npm run bench`: every benchmark under bench/, one after another; each prints its own numbers.
import { readdirSync } from 'node:fs'
import { repoRoot, run } from './ensure-install.mjs'

const benches = readdirSync(`${repoRoot}/bench`)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()
for (const bench of benches) {
  console.log(`\n━━ ${bench}`)
  run(process.execPath, ['--import', 'tsx', `bench/${bench}`])
}
