import { randomBytes } from 'node:crypto'
import { access, chown, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { mkdirOwned } from '../system/fs-owned'
import { runCommand } from '../system/run-command'
import { assertSocketPathFits } from './client'
import type { HostAuthMethod } from './hba'
import { PLATFORM_SUPERUSER } from './role-names'
import { writeConfigFiles } from './settings'
import type { ClusterSpec } from './types'

export interface InitClusterOptions {
  /** Name of the bootstrap superuser; default the platform superuser (`pgfleet_admin`). */
  superuser?: string
  /** Password of the bootstrap superuser, needed for TCP logins; without it only the socket works. */
  superuserPassword?: string
  authMethodHost?: HostAuthMethod
}

export interface InitClusterTimings {
  initdbMs: number
  totalMs: number
}

const PARTIAL_SUFFIX = '.initdb-partial'

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
  await rm(partial, { recursive: true, force: true })
  await mkdirOwned(partial, spec.runAs, 0o700)

  const args = [
    '-D',
    partial,
    '-U',
    options.superuser ?? PLATFORM_SUPERUSER,
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '--auth-local=trust',
    `--auth-host=${options.authMethodHost ?? 'scram-sha-256'}`,
    '--no-instructions',
    '--no-sync',
  ]
  const pwfile =
    options.superuserPassword === undefined ? null : `${spec.dataDir}.pwfile-${randomBytes(6).toString('hex')}`
  let initdbMs = 0
  try {
    if (pwfile) {
      await writeFile(pwfile, `${options.superuserPassword}\n`, { mode: 0o600, flag: 'wx' })
      if (spec.runAs) await chown(pwfile, spec.runAs.uid, spec.runAs.gid)
      args.push(`--pwfile=${pwfile}`)
    }
    const initdbStarted = performance.now()
    await runCommand(spec.engine.tools.initdb, args, { runAs: spec.runAs, cwd: partial, timeoutMs: 120_000 })
    initdbMs = performance.now() - initdbStarted
    await writeConfigFiles(partial, spec)
    await rename(partial, spec.dataDir)
  } catch (error) {
    await rm(partial, { recursive: true, force: true })
    throw error
  } finally {
    if (pwfile) await rm(pwfile, { force: true })
  }
  await runCommand('sync', ['-f', spec.dataDir])
  return { initdbMs: Math.round(initdbMs), totalMs: Math.round(performance.now() - started) }
}
