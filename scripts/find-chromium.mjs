import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'

const CANDIDATES = () =>
  [process.env.PGFLEET_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean)

/** Debian's Chromium (or PGFLEET_CHROMIUM); Playwright's own browser downloads do not work offline. */
export function findChromium() {
  return CANDIDATES().find((candidate) => existsSync(candidate))
}

/** Finds Chromium, or installs Debian's package when running as root with apt; undefined when neither works. */
export function ensureChromium() {
  const found = findChromium()
  if (found) return found
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log("› Chromium not found: installing Debian's chromium package…")
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env })
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
  }
  return findChromium()
}
