// Installs dependencies when node_modules is missing or older than the lockfile, so a fresh clone
// needs nothing but `npm start` or `npm test`.
import { spawnSync } from 'node:child_process'
import { existsSync, statSync } from 'node:fs'
import path from 'node:path'

export const repoRoot = path.resolve(import.meta.dirname, '..')

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: repoRoot, ...options })
  if (result.status !== 0) {
    console.error(`\n✖ ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`)
    process.exit(result.status ?? 1)
  }
}

export function ensureInstalled() {
  const marker = path.join(repoRoot, 'node_modules', '.package-lock.json')
  const lock = path.join(repoRoot, 'package-lock.json')
  const stale = !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs)
  if (stale) {
    // `npm install`, not `npm ci`: npm 11 leaves other platforms' optional packages (e.g. biome's CLI builds)
    // out of the lockfile, which `npm ci` then rejects as out of sync; install still follows the lockfile
    console.log('› installing dependencies (npm install)…')
    run('npm', ['install', '--no-audit', '--no-fund'])
  }
}
