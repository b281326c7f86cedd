import { spawn } from 'node:child_process'
import { repositoryDisplayName, repositoryUrlProblem } from '@pgfleet/contracts'
import type { EgressPolicy } from '../../security/egress-policy'
import {
  assertRemoteAllowed,
  type PinnedConnection,
  pinnedConnection,
  REMOTE_REF_MISSING_MESSAGE,
  tenantGitMessage,
} from './git-egress'
import { type GitWorkspace, gitWorkspace, newRepositoryPath, removeRepository } from './git-workspace'

/** What the platform needs to reach a repository: its URL and, for https, an optional access token. */
export interface GitRemote {
  url: string
  token: string | null
}

export interface GitOptions {
  /** the platform's data directory: git works in its `git/` */
  dataDir: string
  allowFileUrls: boolean
  timeoutMs: number
  /** the platform's egress policy: remotes on this machine or a private network are refused unless listed */
  egress?: EgressPolicy
}

export class GitError extends Error {
  override name = 'GitError'
}

/** The files a branch build needs: migrations in filename order, then the seed when there is one. */
export interface BranchFiles {
  commitSha: string
  migrations: { name: string; sql: string }[]
  seed: string | null
}

const MAX_OUTPUT_BYTES = 64 * 1024 * 1024
const MAX_MIGRATION_FILES = 1000
const MIGRATIONS_DIR = 'supabase/migrations/'
const SEED_FILE = 'supabase/seed.sql'

/** Refuses a URL git must never see (option-like, transport::address, credentials inline, file:// unless allowed). */
export function assertUsableRemote(url: string, options: Pick<GitOptions, 'allowFileUrls'>): void {
  const problem = repositoryUrlProblem(url)
  if (problem) throw new GitError(problem)
  if (/^file:/i.test(url) && !options.allowFileUrls) {
    throw new GitError('file:// repositories are not allowed on this platform')
  }
}

/**
 * What makes git connect to the destination the policy checked (null: file://, or no egress policy given, as in the
 * platform's own tools).
 */
async function assertRemoteReachable(url: string, options: GitOptions): Promise<PinnedConnection | null> {
  if (!options.egress) return null
  try {
    const pin = await assertRemoteAllowed(url, options.egress)
    return pin && pinnedConnection(url, pin)
  } catch (error) {
    throw new GitError((error as Error).message)
  }
}

/**
 * Git's environment: no prompts (a missing credential fails at once), no user or system config, only the
 * transports we accept (ext:: and fd:: can never run even if a URL slipped through), and the token as an
 * Authorization header passed through the environment so it never shows in the process list. ssh reads no config
 * file, offers no key or agent (the platform's user may have some: they are not the tenant's), and keeps host keys in
 * the workspace's known_hosts, named through the environment so no path reaches a shell.
 */
function gitEnv(
  remote: GitRemote,
  options: GitOptions,
  workspace: GitWorkspace,
  pin: PinnedConnection | null,
): NodeJS.ProcessEnv {
  const pinned = pin ?? { config: [], sshOptions: '' }
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    HOME: workspace.home,
    LANG: 'C.UTF-8',
    GIT_TERMINAL_PROMPT: '0',
    GIT_ASKPASS: '/bin/false',
    SSH_ASKPASS: '/bin/false',
    GIT_CONFIG_NOSYSTEM: '1',
    // a file:// repository belongs to another user than git's, which git refuses unless trusted in global config
    GIT_CONFIG_GLOBAL: options.allowFileUrls ? workspace.fileUrlsConfig : '/dev/null',
    GIT_ALLOW_PROTOCOL: options.allowFileUrls ? 'https:ssh:file' : 'https:ssh',
    PGFLEET_GIT_KNOWN_HOSTS: workspace.knownHosts,
    GIT_SSH_COMMAND: [
      'ssh -F /dev/null -o BatchMode=yes -o ConnectTimeout=15 -o LogLevel=ERROR',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: ssh expands the variable, so a path with spaces stays whole
      "-o StrictHostKeyChecking=accept-new -o 'UserKnownHostsFile=${PGFLEET_GIT_KNOWN_HOSTS}'",
      '-o GlobalKnownHostsFile=/dev/null -o IdentitiesOnly=yes -o IdentityFile=none -o IdentityAgent=none',
      pinned.sshOptions,
    ]
      .filter(Boolean)
      .join(' '),
  }
  const config = [...pinned.config]
  if (remote.token && /^https:/i.test(remote.url)) {
    const basic = Buffer.from(`x-access-token:${remote.token}`).toString('base64')
    config.push(['http.extraHeader', `Authorization: Basic ${basic}`])
  }
  // passed through the environment (GIT_CONFIG_*), so neither the token nor the pin shows in the process list
  env.GIT_CONFIG_COUNT = String(config.length)
  for (const [i, [key, value]] of config.entries()) {
    env[`GIT_CONFIG_KEY_${i}`] = key
    env[`GIT_CONFIG_VALUE_${i}`] = value
  }
  return env
}

interface GitRun {
  env: NodeJS.ProcessEnv
  workspace: GitWorkspace
  timeoutMs: number
  /** what the tenant reads when git fails in a way no fixed answer covers */
  fallback?: string
}

/** The answer when a command on the fetched repository itself fails (its stderr names the platform's paths). */
const LOCAL_FAILURE_MESSAGE = 'git could not read the fetched branch'

function runGit(args: string[], run: GitRun, input?: string): Promise<Buffer> {
  const { env, workspace, timeoutMs } = run
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      env,
      cwd: workspace.home,
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      ...(workspace.runAs ? { uid: workspace.runAs.uid, gid: workspace.runAs.gid } : {}),
    })
    if (input !== undefined) child.stdin?.end(input)
    const out: Buffer[] = []
    let outBytes = 0
    let err = ''
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, timeoutMs)
    child.stdout?.on('data', (chunk: Buffer) => {
      outBytes += chunk.length
      if (outBytes > MAX_OUTPUT_BYTES) child.kill('SIGKILL')
      else out.push(chunk)
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      if (err.length < 8192) err += chunk.toString('utf8')
    })
    child.on('error', (error) => {
      clearTimeout(timer)
      reject(new GitError(`Could not run git: ${error.message}`))
    })
    child.on('close', (code) => {
      clearTimeout(timer)
      if (timedOut) return reject(new GitError(`git did not answer within ${Math.round(timeoutMs / 1000)} s`))
      if (outBytes > MAX_OUTPUT_BYTES) return reject(new GitError('The repository answer is too large'))
      if (code !== 0) return reject(new GitError(tenantGitMessage(err, run.fallback)))
      resolve(Buffer.concat(out))
    })
  })
}

async function inWorkspace<T>(options: GitOptions, work: (workspace: GitWorkspace) => Promise<T>): Promise<T> {
  // the reason (kept as the cause) names the platform's paths: the tenant reads only that git cannot run
  const workspace = await gitWorkspace(options.dataDir).catch((error: Error) => {
    throw new GitError('git cannot run on this platform: its directory could not be prepared', { cause: error })
  })
  return work(workspace)
}

function githubRepository(url: string): { owner: string; repo: string } | null {
  const match = /^https:\/\/(?:www\.)?github\.com\/([^/]+)\/([^/]+?)(?:\.git)?\/?$/i.exec(url)
  return match?.[1] && match[2] ? { owner: match[1], repo: match[2] } : null
}

/** The branch's head commit, or null when the repository has no such branch. */
export async function findRemoteBranch(remote: GitRemote, branch: string, options: GitOptions): Promise<string | null> {
  assertUsableRemote(remote.url, options)
  const pin = await assertRemoteReachable(remote.url, options)
  const github = githubRepository(remote.url)
  if (github) return findGithubBranch(github, remote.token, branch, options.timeoutMs)
  return inWorkspace(options, async (workspace) => {
    const run = { env: gitEnv(remote, options, workspace, pin), workspace, timeoutMs: options.timeoutMs }
    const out = await runGit(['ls-remote', '--heads', '--', remote.url, `refs/heads/${branch}`], run)
    const line = out
      .toString('utf8')
      .split('\n')
      .find((l) => l.endsWith(`\trefs/heads/${branch}`))
    return line?.split('\t')[0] ?? null
  })
}

async function findGithubBranch(
  repository: { owner: string; repo: string },
  token: string | null,
  branch: string,
  timeoutMs: number,
): Promise<string | null> {
  const url = `https://api.github.com/repos/${encodeURIComponent(repository.owner)}/${encodeURIComponent(repository.repo)}/branches/${encodeURIComponent(branch)}`
  const response = await fetch(url, {
    headers: {
      accept: 'application/vnd.github+json',
      'user-agent': 'pgfleet',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    signal: AbortSignal.timeout(timeoutMs),
  }).catch((error: unknown) => {
    throw new GitError(`GitHub did not answer: ${error instanceof Error ? error.message : String(error)}`)
  })
  if (response.status === 404) return null
  if (!response.ok) throw new GitError(`GitHub answered ${response.status}`)
  const body = (await response.json()) as { commit?: { sha?: string } }
  return body.commit?.sha ?? ''
}

interface TreeEntry {
  mode: string
  type: string
  sha: string
  path: string
}

function parseTree(out: Buffer): TreeEntry[] {
  return out
    .toString('utf8')
    .split('\0')
    .filter((e) => e !== '')
    .map((entry) => {
      const [meta = '', file = ''] = entry.split('\t')
      const [mode = '', type = '', sha = ''] = meta.split(' ')
      return { mode, type, sha, path: file }
    })
}

/** `git cat-file --batch` output: for each object '<sha> <type> <size>\n<content>\n'. */
function parseBatch(out: Buffer): Map<string, string> {
  const contents = new Map<string, string>()
  let at = 0
  while (at < out.length) {
    const headerEnd = out.indexOf(10, at)
    if (headerEnd < 0) break
    const [sha = '', type = '', size = ''] = out.subarray(at, headerEnd).toString('utf8').split(' ')
    if (type === 'missing') {
      at = headerEnd + 1
      continue
    }
    const length = Number(size)
    contents.set(sha, out.subarray(headerEnd + 1, headerEnd + 1 + length).toString('utf8'))
    at = headerEnd + 1 + length + 1
  }
  return contents
}

/**
 * Fetches only the branch's head (depth 1) into a throwaway bare repository and reads its migrations and seed as
 * blobs: nothing is checked out, so no hook, filter or symlink in the repository can act on the platform's disk.
 */
export async function fetchBranchFiles(remote: GitRemote, branch: string, options: GitOptions): Promise<BranchFiles> {
  assertUsableRemote(remote.url, options)
  const pin = await assertRemoteReachable(remote.url, options)
  return inWorkspace(options, async (workspace) => {
    const env = gitEnv(remote, options, workspace, pin)
    const remoteRun = { env, workspace, timeoutMs: options.timeoutMs }
    const localRun = { ...remoteRun, fallback: LOCAL_FAILURE_MESSAGE }
    const repo = newRepositoryPath(workspace)
    try {
      await runGit(['init', '--quiet', '--bare', repo], localRun)
      return await readFetchedFiles(remote, branch, repo, remoteRun, localRun)
    } finally {
      await removeRepository(repo)
    }
  })
}

async function readFetchedFiles(
  remote: GitRemote,
  branch: string,
  repo: string,
  remoteRun: GitRun,
  localRun: GitRun,
): Promise<BranchFiles> {
  const git = (args: string[], input?: string) => runGit(['-C', repo, ...args], localRun, input)
  try {
    await runGit(
      [
        '-C',
        repo,
        'fetch',
        '--quiet',
        '--depth=1',
        '--no-tags',
        '--',
        remote.url,
        `+refs/heads/${branch}:refs/heads/fetched`,
      ],
      remoteRun,
    )
  } catch (error) {
    if (error instanceof GitError && error.message === REMOTE_REF_MISSING_MESSAGE) {
      throw new GitError(`Unable to find branch ${branch} in ${repositoryDisplayName(remote.url)}`)
    }
    throw error
  }
  const commitSha = (await git(['rev-parse', 'refs/heads/fetched'])).toString('utf8').trim()
  const entries = parseTree(await git(['ls-tree', '-z', 'refs/heads/fetched', MIGRATIONS_DIR, SEED_FILE]))
  // regular files only (a symlink's blob is its target's path, not SQL)
  const blobs = entries.filter((e) => e.type === 'blob' && (e.mode === '100644' || e.mode === '100755'))
  const migrationEntries = blobs
    .filter((e) => e.path.startsWith(MIGRATIONS_DIR) && e.path.endsWith('.sql'))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
  if (migrationEntries.length > MAX_MIGRATION_FILES) {
    throw new GitError(`The branch has more than ${MAX_MIGRATION_FILES} migrations`)
  }
  const seedEntry = blobs.find((e) => e.path === SEED_FILE)
  const wanted = [...migrationEntries, ...(seedEntry ? [seedEntry] : [])]
  // every file in one git run: a process per file costs more than the files themselves
  const contents =
    wanted.length === 0
      ? new Map<string, string>()
      : parseBatch(await git(['cat-file', '--batch'], `${wanted.map((e) => e.sha).join('\n')}\n`))
  const read = (sha: string) => {
    const text = contents.get(sha)
    if (text === undefined) throw new GitError(`git did not answer the contents of ${sha}`)
    return text
  }
  const migrations = migrationEntries.map((entry) => ({
    name: entry.path.slice(MIGRATIONS_DIR.length),
    sql: read(entry.sha),
  }))
  return { commitSha, migrations, seed: seedEntry ? read(seedEntry.sha) : null }
}
