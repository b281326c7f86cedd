// A fresh clone installs with `npm ci`, which refuses a lockfile that does not match every package.json. This
// runs npm's own check on a copy of the manifests: offline with an empty cache, so a package missing from the
// lockfile (which npm would have to look up) fails it too, and nothing is installed.
import { spawnSync } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { repoRoot } from './ensure-install.mjs'

/** The workspace folders named by the root package.json (globs of the form `dir/*`, or plain folders). */
function workspaceFolders(root) {
  const { workspaces = [] } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'))
  return workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern]
    const parent = pattern.slice(0, -2)
    return readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => path.join(parent, entry.name))
  })
}

/** Returns null when `npm ci` accepts the lockfile of the repository at `root`, else npm's reason. */
export function checkLockfile(root = repoRoot) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'pgfleet-lockfile-'))
  try {
    for (const file of ['package.json', 'package-lock.json']) {
      if (!existsSync(path.join(root, file))) return `${file} is missing`
      copyFileSync(path.join(root, file), path.join(scratch, file))
    }
    for (const folder of workspaceFolders(root)) {
      const manifest = path.join(root, folder, 'package.json')
      if (!existsSync(manifest)) continue
      mkdirSync(path.join(scratch, folder), { recursive: true })
      copyFileSync(manifest, path.join(scratch, folder, 'package.json'))
    }
    const ci = spawnSync(
      'npm',
      [
        'ci',
        '--dry-run',
        '--ignore-scripts',
        '--offline',
        '--no-audit',
        '--no-fund',
        '--cache',
        path.join(scratch, '.npm'),
      ],
      { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    )
    if (ci.error) return `npm could not run: ${ci.error.message}`
    if (ci.status === 0) return null
    const lookedUp = /ENOTCACHED[\s\S]*?request to (\S+) failed/.exec(ci.stderr)
    if (lookedUp) {
      const name = decodeURIComponent(URL.parse(lookedUp[1])?.pathname.slice(1) ?? lookedUp[1])
      return `${name} is missing from the lockfile, or no locked version satisfies a package.json: run \`npm install\` and commit package-lock.json`
    }
    const reasons = ci.stderr
      .split('\n')
      .map((line) => line.replace(/^npm (error|ERR!)\s*/, '').trim())
      .filter((line) => line && !/complete log of this run/i.test(line))
    return reasons.slice(0, 6).join('\n') || `npm ci exited with ${ci.status}`
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

if (import.meta.filename === process.argv[1]) {
  const problem = checkLockfile(process.argv[2] ? path.resolve(process.argv[2]) : repoRoot)
  if (problem) {
    console.error(`✖ package-lock.json does not install with npm ci:\n${problem}`)
    process.exit(1)
  }
  console.log('✔ package-lock.json installs with npm ci')
}
