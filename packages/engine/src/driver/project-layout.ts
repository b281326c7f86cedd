import { lstat, readdir, unlink } from 'node:fs/promises'
import path from 'node:path'
import { clusterPid } from '../cluster/pid-file'
import { stopCluster } from '../cluster/stop'
import { mkdirPlatformOwned } from '../system/fs-owned'
import { giveTreeTo } from '../system/project-users'
import type { RunAs } from '../system/run-as'
import type { LocalProjectPaths } from './local-paths'

/** Where a logical upgrade keeps its journal (written by the platform, inside the project directory). */
const UPGRADE_JOURNAL_ENTRY = 'upgrade-journal'

/** Entries of the project directory only the platform writes: the project's user gets no right to them. */
function platformEntries(paths: LocalProjectPaths): Set<string> {
  const entries = new Set([path.basename(paths.backupsDir), UPGRADE_JOURNAL_ENTRY])
  const logDir = path.dirname(paths.logFile)
  if (path.dirname(logDir) === paths.projectDir) entries.add(path.basename(logDir))
  return entries
}

/**
 * Mode of a project directory when its servers run as another user: the platform owns it, the server's user (its
 * group) may pass through to the directories it owns inside (data, socket, WAL archive, check clusters) but can
 * create, rename or remove no entry in it, so no name the platform opens there can be a link that user planted.
 */
export const PROJECT_DIR_MODE = 0o710

/** Creates the project directory (or takes it back) as the platform's own, passable by `runAs`'s group only. */
export async function ensureProjectDir(paths: Pick<LocalProjectPaths, 'projectDir'>, runAs: RunAs | null) {
  await mkdirPlatformOwned(paths.projectDir, runAs, runAs ? PROJECT_DIR_MODE : 0o700)
}

/**
 * Brings a project directory of an older layout (owned by the server's user, who could plant links under any name
 * the platform opens) to the current one, crash-safely (every step can be repeated, so it runs at each first use):
 * 1. the platform takes the project directory back (the server's user can no longer add or swap entries);
 * 2. symbolic links directly inside it are removed: the platform makes none there, so any is planted;
 * 3. the entries the server writes are handed to `user` (stopping a server that still runs as another user, one an
 *    earlier version started); the log and backups stay the platform's.
 * A handover walks a tree the previous owner (the platform's shared account), not `user`, could write.
 */
export async function secureProjectLayout(paths: LocalProjectPaths, user: RunAs): Promise<void> {
  const { projectDir, dataDir } = paths
  const info = await lstat(projectDir).catch(() => null)
  if (!info) return
  await ensureProjectDir(paths, user)
  const platformOwned = platformEntries(paths)
  const names = await readdir(projectDir)
  const kept: string[] = []
  for (const name of names) {
    const entry = path.join(projectDir, name)
    if ((await lstat(entry)).isSymbolicLink()) await unlink(entry)
    else if (!platformOwned.has(name)) kept.push(entry)
  }
  // the log's directory may be elsewhere (a log directory of the platform's), handed to the server's user before too
  const logDir = path.dirname(paths.logFile)
  if (await lstat(logDir).catch(() => null)) await mkdirPlatformOwned(logDir, null, 0o700)
  const data = await lstat(dataDir).catch(() => null)
  if (data && data.uid !== user.uid && (await clusterPid({ dataDir })) !== null) await stopCluster({ dataDir }, 'fast')
  for (const entry of kept) await giveTreeTo(entry, user)
}
