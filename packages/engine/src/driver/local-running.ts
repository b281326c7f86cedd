import { readdir } from 'node:fs/promises'
import { clusterPid } from '../cluster/pid-file'
import { localProjectPaths, REF_PATTERN } from './local-paths'

/** Refs of the projects whose server runs now, read from their data directories under `dataDir`, sorted. */
export async function runningProjectRefs(dataDir: string, logDir: string | undefined): Promise<string[]> {
  // no data directory yet means no projects: nothing runs
  const entries = await readdir(dataDir, { withFileTypes: true }).catch(() => [])
  const refs = entries.filter((entry) => entry.isDirectory() && REF_PATTERN.test(entry.name)).map((entry) => entry.name)
  const running = await Promise.all(
    refs.map(async (ref) => ((await clusterPid(localProjectPaths(dataDir, logDir, ref))) === null ? null : ref)),
  )
  return running.filter((ref): ref is string => ref !== null).sort()
}
