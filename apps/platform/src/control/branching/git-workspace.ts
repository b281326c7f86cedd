import { randomBytes } from 'node:crypto'
import path from 'node:path'
import {
  assertTraversableBy,
  mkdirOwned,
  mkdirPlatformOwned,
  type RunAs,
  removeTree,
  resolveRunAs,
  writeFileOwned,
} from '@pgfleet/engine'

/**
 * Where git and the ssh it spawns run. A tenant chooses the remote, so git talks to a server the tenant may control:
 * as root, it runs as this unprivileged OS user instead, which owns nothing but its own directory (no project's files,
 * no platform secrets, no ssh keys). Without root it runs as the platform's own user.
 */
export const GIT_OS_USER = 'pgfleet_git'

export interface GitWorkspace {
  /** git's HOME, ssh's known_hosts and each fetch's repository: the git user's alone (0700) */
  home: string
  knownHosts: string
  /** a global config that trusts repositories other users own: only for file:// remotes the operator allows */
  fileUrlsConfig: string
  /** null: the platform's own user */
  runAs: RunAs | null
}

const FILE_URLS_CONFIG = '[safe]\n\tdirectory = *\n'

const workspaces = new Map<string, Promise<GitWorkspace>>()

/**
 * DATA/git (the platform's; the git user may only pass through) holding the git user's home. Prepared once per data
 * directory; a failed preparation is tried again next time.
 */
export function gitWorkspace(dataDir: string): Promise<GitWorkspace> {
  const key = path.resolve(dataDir)
  let workspace = workspaces.get(key)
  if (!workspace) {
    workspace = prepare(key)
    workspaces.set(key, workspace)
    workspace.catch(() => workspaces.delete(key))
  }
  return workspace
}

async function prepare(dataDir: string): Promise<GitWorkspace> {
  const runAs = await resolveRunAs(GIT_OS_USER)
  const dir = path.join(dataDir, 'git')
  const home = path.join(dir, 'home')
  // project users may traverse DATA, but only the git user enters its home
  await mkdirPlatformOwned(dir, null, runAs ? 0o711 : 0o700)
  await mkdirOwned(home, runAs, 0o700)
  if (runAs) await assertTraversableBy(home, runAs)
  const fileUrlsConfig = path.join(dir, 'file-urls.gitconfig')
  await writeFileOwned(fileUrlsConfig, FILE_URLS_CONFIG, null, 0o644)
  return { home, knownHosts: path.join(home, 'known_hosts'), fileUrlsConfig, runAs }
}

/** A path for one fetch's throwaway repository, which git creates as the git user. */
export function newRepositoryPath(workspace: GitWorkspace): string {
  return path.join(workspace.home, `fetch-${randomBytes(8).toString('hex')}.git`)
}

/** Removes a fetch's repository as its owner (the git user), so root walks nothing that user can write. */
export function removeRepository(repository: string): Promise<void> {
  return removeTree(repository)
}
