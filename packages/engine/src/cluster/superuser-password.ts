import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { MIGRATION_ROLE, PLATFORM_SUPERUSER } from './role-names'

/**
 * The password of the platform's superuser (and of the short-lived migration role) in every project. Only the
 * platform holds it: in its own memory and in a passfile (0600) of its own OS user outside every project directory,
 * which client tools find through PGPASSFILE. A project's server never sees it: its environment carries no PG*
 * variable, and its catalog keeps only a SCRAM verifier, from which no login can be made.
 *
 * A platform sets the file with usePlatformPassfile before it touches a cluster; without that (engine tests, tools),
 * the process uses a password of its own and a passfile in a private temporary directory.
 */
interface PlatformSecret {
  password: string
  passfile: string
}

let secret: Promise<PlatformSecret> | null = null
let password: string | null = null

const PASSWORD_BYTES = 32

/** One passfile line per platform role, valid for any host, port and database. */
export const renderPassfile = (value: string): string =>
  `${[PLATFORM_SUPERUSER, MIGRATION_ROLE].map((role) => `*:*:*:${role}:${value}`).join('\n')}\n`

/** The password a passfile written by renderPassfile holds, or null when it holds none. */
export function parsePassfile(text: string): string | null {
  const line = text.split('\n').find((entry) => entry.startsWith(`*:*:*:${PLATFORM_SUPERUSER}:`))
  const value = line?.slice(`*:*:*:${PLATFORM_SUPERUSER}:`.length).trim()
  return value ? value : null
}

async function writePassfile(file: string, value: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
  await chmod(path.dirname(file), 0o700)
  await writeFile(file, renderPassfile(value), { mode: 0o600, flag: 'wx' })
}

async function loadOrCreate(file: string, fallback: string | null): Promise<PlatformSecret> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null
    throw error
  })
  const stored = text === null ? null : parsePassfile(text)
  if (text !== null && stored === null) throw new Error(`${file} holds no password for ${PLATFORM_SUPERUSER}`)
  if (stored !== null) {
    await chmod(path.dirname(file), 0o700)
    await chmod(file, 0o600)
    return { password: stored, passfile: file }
  }
  const value = fallback ?? randomBytes(PASSWORD_BYTES).toString('base64url')
  await writePassfile(file, value)
  return { password: value, passfile: file }
}

/**
 * Makes `file` the platform's passfile: its password when it exists, else a new one (or the one this process
 * already uses, so that clusters it made keep working). A process holds one password: a file with another is refused.
 */
export async function usePlatformPassfile(file: string): Promise<void> {
  const previous = secret ? await secret : null
  const loaded = await loadOrCreate(file, previous?.password ?? null)
  if (previous && previous.password !== loaded.password) {
    throw new Error(`${file} holds another ${PLATFORM_SUPERUSER} password than this process already uses`)
  }
  password = loaded.password
  secret = Promise.resolve(loaded)
}

/** The platform superuser's password (created for this process when no passfile was set). */
export function platformSuperuserPassword(): string {
  if (password === null) {
    password = randomBytes(PASSWORD_BYTES).toString('base64url')
    const value = password
    secret = mkdtemp(path.join(os.tmpdir(), 'pgfleet-passfile-')).then(async (dir) => {
      // the process's own directory: it goes with the process (a test run left one per test file behind)
      process.once('exit', () => rmSync(dir, { recursive: true, force: true }))
      const passfile = path.join(dir, 'pgpass')
      await writePassfile(passfile, value)
      return { password: value, passfile }
    })
  }
  return password
}

/** The passfile client tools read the platform superuser's password from (PGPASSFILE). */
export async function platformPassfile(): Promise<string> {
  platformSuperuserPassword()
  if (!secret) throw new Error('The platform passfile was not set up')
  return (await secret).passfile
}

/** Whether `role` logs in with the platform's password. */
export const isPlatformLoginRole = (role: string): boolean => role === PLATFORM_SUPERUSER || role === MIGRATION_ROLE
