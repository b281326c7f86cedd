import { spawn } from 'node:child_process'
import { platformPassfile } from '../cluster/superuser-password'
import { type RunAs, spawnIdentity } from './run-as'

export interface RunCommandOptions {
  runAs?: RunAs | null
  cwd?: string
  env?: NodeJS.ProcessEnv
  timeoutMs?: number
}

export class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
  ) {
    super(message)
    this.name = 'CommandError'
  }
}

/**
 * The environment Postgres processes get: no inherited secrets (DATABASE_URL, API keys) and no PG* variables
 * that would silently redirect a tool to another server.
 */
export function postgresEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: 'C.UTF-8',
    ...(process.env.TZ ? { TZ: process.env.TZ } : {}),
    ...extra,
  }
}

/**
 * The default environment of a program the platform runs: postgresEnv, and for a program that runs as the
 * platform's own OS user (a client tool such as pg_dump) the platform's passfile, so that it logs in as the
 * platform superuser with no password on its command line. A program running as a project's OS user never gets it.
 */
async function commandEnv(runAs: RunAs | null): Promise<NodeJS.ProcessEnv> {
  return runAs ? postgresEnv() : postgresEnv({ PGPASSFILE: await platformPassfile() })
}

/** Runs a program to completion and returns its output; throws a CommandError carrying stderr on failure. */
export async function runCommand(
  file: string,
  args: string[],
  options: RunCommandOptions = {},
): Promise<{ stdout: string; stderr: string }> {
  const env = options.env ?? (await commandEnv(options.runAs ?? null))
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, {
      cwd: options.cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: options.timeoutMs,
      ...spawnIdentity(options.runAs ?? null),
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk
    })
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk
    })
    child.on('error', (error) => reject(new CommandError(`${file}: ${error.message}`, null, stderr)))
    child.on('close', (code, signal) => {
      if (code === 0) return resolve({ stdout, stderr })
      const status = signal ? `killed by ${signal}` : `exit code ${code}`
      reject(new CommandError(`${file} ${args.join(' ')} failed (${status}): ${stderr.trim()}`, code, stderr))
    })
  })
}
