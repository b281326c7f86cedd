import path from 'node:path'
import { writeFileOwned } from '../system/fs-owned'
import { readFileNoFollow } from '../system/no-follow'
import { writeHba } from './hba'
import { type ClusterSpec, type SettingValue, settingsPort } from './types'

export const SETTINGS_FILE_NAME = 'pgfleet.conf'
const INCLUDE_LINE = `include_if_exists = '${SETTINGS_FILE_NAME}'`

/** Settings derived from the cluster spec itself; callers may not override them through `settings`. */
export const MANAGED_SETTINGS = [
  'listen_addresses',
  'port',
  'unix_socket_directories',
  'unix_socket_permissions',
  'password_encryption',
] as const

export function formatSettingValue(value: SettingValue): string {
  if (typeof value === 'boolean') return value ? 'on' : 'off'
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Invalid setting value: ${value}`)
    return String(value)
  }
  if (/[\r\n\0]/.test(value)) throw new Error('Setting values cannot contain line breaks')
  // postgresql.conf strings treat backslash as an escape character and double a quote to escape it.
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
}

export function renderSettings(spec: Pick<ClusterSpec, 'port' | 'listenAddress' | 'socketDir' | 'settings'>): string {
  if (spec.port !== null && (!Number.isInteger(spec.port) || spec.port < 1 || spec.port > 65_535)) {
    throw new Error(`Invalid port ${spec.port}: use 1-65535, or null for a unix socket only`)
  }
  const lines = ['# Managed by pgfleet: rewritten on every configuration change; edits here are lost.']
  for (const [name, value] of Object.entries(spec.settings ?? {})) {
    if (!/^[a-z_][a-z0-9_]*(\.[a-z0-9_]+)?$/i.test(name)) throw new Error(`Invalid setting name: ${name}`)
    if ((MANAGED_SETTINGS as readonly string[]).includes(name.toLowerCase())) {
      throw new Error(`Setting ${name} is derived from the cluster spec and cannot be set directly`)
    }
    lines.push(`${name} = ${formatSettingValue(value)}`)
  }
  lines.push(
    `listen_addresses = ${formatSettingValue(spec.port === null ? '' : spec.listenAddress)}`,
    `port = ${settingsPort(spec)}`,
    `unix_socket_directories = ${formatSettingValue(spec.socketDir)}`,
    'unix_socket_permissions = 0700',
    `password_encryption = 'scram-sha-256'`,
  )
  return `${lines.join('\n')}\n`
}

/** Reads back the port a settings file configures (null when the file or the line is missing). */
export function parseSettingsPort(text: string): number | null {
  const match = /^port = (\d+)$/m.exec(text)
  return match?.[1] ? Number(match[1]) : null
}

export async function readSettingsPort(dataDir: string): Promise<number | null> {
  const text = await readFileNoFollow(path.join(dataDir, SETTINGS_FILE_NAME), 'utf8').catch(() => null)
  return text === null ? null : parseSettingsPort(text)
}

/** Writes pgfleet.conf, pg_hba.conf and pg_ident.conf into `dataDir` and makes postgresql.conf include the former. */
export async function writeConfigFiles(
  dataDir: string,
  spec: Pick<ClusterSpec, 'port' | 'listenAddress' | 'socketDir' | 'settings' | 'runAs' | 'superuserLogin'>,
): Promise<void> {
  await writeFileOwned(path.join(dataDir, SETTINGS_FILE_NAME), renderSettings(spec), spec.runAs)
  await writeHba(dataDir, spec)
  const mainConf = path.join(dataDir, 'postgresql.conf')
  // the server's user writes this directory: a link planted as postgresql.conf is refused, never read through
  const text = await readFileNoFollow(mainConf, 'utf8')
  if (!text.split('\n').some((line) => line.trim() === INCLUDE_LINE)) {
    const addition = `\n# Port, sockets and compute size, managed by pgfleet\n${INCLUDE_LINE}\n`
    await writeFileOwned(mainConf, text + addition, spec.runAs)
  }
}

/** Rewrites the managed settings (e.g. on resize or a port change); they apply at the next (re)start. */
export async function writeClusterSettings(spec: ClusterSpec): Promise<void> {
  await writeConfigFiles(spec.dataDir, spec)
}

/** Reads one value back as renderSettings wrote it: a quoted string, on/off, or a number. */
function parseSettingValue(raw: string): SettingValue {
  if (raw.startsWith("'") && raw.endsWith("'") && raw.length >= 2) {
    return raw.slice(1, -1).replace(/''/g, "'").replace(/\\\\/g, '\\')
  }
  if (raw === 'on' || raw === 'off') return raw === 'on'
  const number = Number(raw)
  return raw !== '' && Number.isFinite(number) ? number : raw
}

/** The caller settings of a pgfleet.conf (the derived ones such as port are left out), in file order. */
export function parseSettings(text: string): Record<string, SettingValue> {
  const settings: Record<string, SettingValue> = {}
  for (const line of text.split('\n')) {
    const match = /^([a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)?) = (.*)$/i.exec(line)
    if (!match?.[1] || match[2] === undefined) continue
    if ((MANAGED_SETTINGS as readonly string[]).includes(match[1].toLowerCase())) continue
    settings[match[1]] = parseSettingValue(match[2])
  }
  return settings
}

export interface StoredSettings {
  /** null for a socket-only cluster (no listen address). */
  port: number | null
  settings: Record<string, SettingValue>
}

/** What pgfleet.conf in `dataDir` configures, or null without one. */
export async function readStoredSettings(dataDir: string): Promise<StoredSettings | null> {
  const text = await readFileNoFollow(path.join(dataDir, SETTINGS_FILE_NAME), 'utf8').catch(() => null)
  if (text === null) return null
  const socketOnly = /^listen_addresses = ''$/m.test(text)
  return { port: socketOnly ? null : parseSettingsPort(text), settings: parseSettings(text) }
}
