import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

/**
 * Kills function workers an earlier platform process left running (they die with their platform through the
 * parent-death signal, but a platform stopped where util-linux's setpriv is missing, or a kernel that lost the
 * signal, could leave some): every process whose command line runs this data directory's bootstrap. Answers how
 * many it killed. Runs at start, before anything serves.
 */
export async function sweepLeftoverWorkers(dataDir: string): Promise<number> {
  const bootstrap = path.join(dataDir, 'edge-runtime', 'bootstrap.js')
  let killed = 0
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue
    const cmdline = await readFile(`/proc/${entry}/cmdline`, 'utf8').catch(() => '')
    if (!cmdline.split('\0').includes(bootstrap)) continue
    try {
      process.kill(Number(entry), 'SIGKILL')
      killed++
    } catch {
      // it ended on its own meanwhile
    }
  }
  return killed
}
