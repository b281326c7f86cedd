// Writes the route table of packages/contracts/src/routes into docs/api.md, between its routes markers.
// Run: node --import tsx scripts/generate-api-docs.ts
import { readFileSync, writeFileSync } from 'node:fs'
import { withGeneratedRoutes } from '../packages/contracts/src/routes/docs'

const file = new URL('../docs/api.md', import.meta.url)
const before = readFileSync(file, 'utf8')
const after = withGeneratedRoutes(before)
if (after === before) {
  console.log('docs/api.md is up to date')
} else {
  writeFileSync(file, after)
  console.log('docs/api.md: route index updated')
}
