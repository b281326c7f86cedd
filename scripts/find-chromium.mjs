import { existsSync } from 'node:fs'

/** Debian's Chromium (or PGFLEET_CHROMIUM); Playwright's own browser downloads do not work offline. */
export function findChromium() {
  const candidates = [process.env.PGFLEET_CHROMIUM, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean)
  return candidates.find((candidate) => existsSync(candidate))
}
