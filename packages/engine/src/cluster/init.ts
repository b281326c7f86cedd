import { randomBytes } from 'node:crypto'
import { access, chown, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { PostgresEngine } from '../engines/types'
import { mkdirOwned } from '../system/fs-owned'
import { removeTree } from '../system/remove-tree'
import type { RunAs } from '../system/run-as'
import { runCommand } from '../system/run-command'
import { assertSocketPathFits } from './client'
import type { HostAuthMethod } from './hba'
import { PLATFORM_SUPERUSER } from './role-names'
import { writeConfigFiles } from './settings'
import { platformSuperuserPassword } from './superuser-password'
import type { ClusterSpec } from './types'

export interface InitClusterOptions {
  /** Name of the bootstrap superuser; default the platform superuser (`pgfleet_admin`). */
  superuser?: string
  /** Password of the bootstrap superuser; the platform's own password when the superuser is the platform's. */
  superuserPassword?: string
  authMethodHost?: HostAuthMethod
}

export interface InitClusterTimings {
  initdbMs: number
  totalMs: number
}

const PARTIAL_SUFFIX = '.initdb-partial'
/** nice(1) increment of background initdb runs: foreground work keeps the CPU it needs. */
const BACKGROUND_NICENESS = 5

/** Where initdb works before the result is renamed into place. */
export const partialDataDir = (dataDir: string): string => `${dataDir}${PARTIAL_SUFFIX}`

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  )
}

/** A data directory initdb completed: PG_VERSION is written first and global/pg_control during bootstrap. */
export async function isInitializedDataDir(dataDir: string): Promise<boolean> {
  return (await exists(path.join(dataDir, 'PG_VERSION'))) && (await exists(path.join(dataDir, 'global', 'pg_control')))
}

export interface InitdbOptions extends InitClusterOptions {
  /** Run initdb at a lower CPU priority (work done ahead of need must not slow what a user waits for). */
  background?: boolean
}

/**
 * Runs initdb into the empty directory `dir` (owned by `runAs`) with the platform's fixed choices: UTF-8, the C.UTF-8
 * locale, trusted local sockets, SCRAM over TCP. initdb runs with --no-sync: callers flush once when the directory is
 * complete.
 */
export async function runInitdb(
  engine: PostgresEngine,
  runAs: RunAs | null,
  dir: string,
  options: InitdbOptions = {},
): Promise<void> {
  const superuser = options.superuser ?? PLATFORM_SUPERUSER
  const password =
    options.superuserPassword ?? (superuser === PLATFORM_SUPERUSER ? platformSuperuserPassword() : undefined)
  const args = [
    '-D',
    dir,
    '-U',
    superuser,
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '--auth-local=trust',
    `--auth-host=${options.authMethodHost ?? 'scram-sha-256'}`,
    '--no-instructions',
    '--no-sync',
  ]
  const pwfile = password === undefined ? null : `${dir}.pwfile-${randomBytes(6).toString('hex')}`
  try {
    if (pwfile) {
      await writeFile(pwfile, `${password}\n`, { mode: 0o600, flag: 'wx' })
      if (runAs) await chown(pwfile, runAs.uid, runAs.gid)
      args.push(`--pwfile=${pwfile}`)
    }
    // nice(1) lowers the priority of initdb and the postgres processes it runs, which inherit it
    const [file, fileArgs] = options.background
      ? ['nice', ['-n', String(BACKGROUND_NICENESS), engine.tools.initdb, ...args]]
      : [engine.tools.initdb, args]
    await runCommand(file, fileArgs, { runAs, cwd: dir, timeoutMs: 120_000 })
  } finally {
    if (pwfile) await rm(pwfile, { force: true })
  }
}

/**
 * Creates the cluster. initdb runs in a sibling `.initdb-partial` directory that is renamed to `dataDir` only
 * once initdb and the config files are complete, so `dataDir` existing means a usable cluster and a crash at
 * any point leaves at most a partial directory that the next attempt wipes.
 *
 * initdb runs with --no-sync and the filesystem is flushed once at the end with syncfs (`sync -f`), which
 * is what `--sync-method=syncfs` does and cheaper than initdb's default fsync of every file.
 */
export async function initCluster(spec: ClusterSpec, options: InitClusterOptions = {}): Promise<InitClusterTimings> {
  const started = performance.now()
  assertSocketPathFits(spec)
  if (await exists(spec.dataDir)) throw new Error(`Data directory ${spec.dataDir} already exists`)
  const parent = path.dirname(spec.dataDir)
  if (!(await exists(parent))) await mkdirOwned(parent, spec.runAs, 0o700)
  await mkdirOwned(spec.socketDir, spec.runAs, 0o700)

  const partial = partialDataDir(spec.dataDir)
  await removeTree(partial)
  await mkdirOwned(partial, spec.runAs, 0o700)
  let initdbMs = 0
  try {
    const initdbStarted = performance.now()
    await runInitdb(spec.engine, spec.runAs, partial, options)
    initdbMs = performance.now() - initdbStarted
    await writeConfigFiles(partial, spec)
    await rename(partial, spec.dataDir)
  } catch (error) {
    await removeTree(partial)
    throw error
  }
  await runCommand('sync', ['-f', spec.dataDir])
  return { initdbMs: Math.round(initdbMs), totalMs: Math.round(performance.now() - started) }
}
