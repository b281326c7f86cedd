import os from 'node:os'
import path from 'node:path'
import { writeFileOwned } from '../system/fs-owned'
import { READ_ONLY_ROLE } from './read-only-role'
import { MIGRATION_ROLE, PLATFORM_SUPERUSER, UPGRADE_REPLICATION_ROLE } from './role-names'
import type { ClusterSpec, SuperuserLogin } from './types'

const PLATFORM_ROLES = [PLATFORM_SUPERUSER, MIGRATION_ROLE, READ_ONLY_ROLE, UPGRADE_REPLICATION_ROLE].join(',')
/** The roles that are superusers: the platform's own, which log in only as the platform. */
const SUPERUSER_ROLES = [PLATFORM_SUPERUSER, MIGRATION_ROLE].join(',')
/** The pg_ident.conf map naming the one OS user the platform superuser may log in from. */
export const PLATFORM_IDENT_MAP = 'pgfleet_platform'

export type HostAuthMethod = 'scram-sha-256'

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', 'localhost', '::1', ''])

/** How the platform superuser logs in by default: peer when the servers run as other OS users than the platform's. */
export const defaultSuperuserLogin = (runAs: ClusterSpec['runAs']): SuperuserLogin => (runAs ? 'peer' : 'password')

/**
 * The platform superuser's socket rule. `peer`: only connections from the platform's own OS user (the map), so a
 * connection the project's server opens (postgres_fdw, dblink, a subscription), which comes from the server's OS
 * user, never logs in as it, whatever password it offers. `password`: the platform's password, which only the
 * platform holds. `trust` exists only for the moment the platform gives an older cluster its password.
 */
function superuserSocketMethod(login: SuperuserLogin | 'trust'): string {
  if (login === 'peer') return `peer map=${PLATFORM_IDENT_MAP}`
  return login === 'password' ? 'scram-sha-256' : 'trust'
}

/**
 * The platform superuser logs in over the socket as superuserSocketMethod says and never over TCP. The tenant's
 * roles are trusted on the socket: its directory is mode 0700, so only the platform and the project's own server
 * reach it, and postgres_fdw and dblink refuse a login that asked no password for a non-superuser. Everything over
 * TCP needs a password, and the platform's own roles are rejected over TCP outright. A non-loopback listen address
 * means remote clients are expected, so they get password rules too.
 */
export function renderHba(
  listenAddress: string,
  superuserLogin: SuperuserLogin | 'trust' = 'password',
  hostMethod: HostAuthMethod = 'scram-sha-256',
): string {
  const superuserMethod = superuserSocketMethod(superuserLogin)
  const lines = [
    '# Managed by pgfleet: rewritten on every configuration change.',
    '# TYPE  DATABASE     USER  ADDRESS        METHOD',
    `local   all          ${SUPERUSER_ROLES}  ${superuserMethod}`,
    `local   replication  ${PLATFORM_SUPERUSER}  ${superuserMethod}`,
    `local   all          ${UPGRADE_REPLICATION_ROLE}  scram-sha-256`,
    'local   all          all                  trust',
    `host    all          ${PLATFORM_ROLES}  all  reject`,
    `host    all          all   127.0.0.1/32   ${hostMethod}`,
    `host    all          all   ::1/128        ${hostMethod}`,
  ]
  if (!LOOPBACK_ADDRESSES.has(listenAddress.trim())) {
    lines.push(
      `host    all          all   0.0.0.0/0      ${hostMethod}`,
      `host    all          all   ::/0           ${hostMethod}`,
    )
  }
  return `${lines.join('\n')}\n`
}

/** The platform's own OS user (the one the platform runs as) may log in as the platform's superuser roles. */
export function renderIdent(platformOsUser: string = os.userInfo().username): string {
  if (!/^[a-z_][a-z0-9_.-]*$/i.test(platformOsUser)) throw new Error(`Unusable OS user name: ${platformOsUser}`)
  return [
    "# Managed by pgfleet: the platform's OS user is the only one that logs in as the platform's superusers.",
    `${PLATFORM_IDENT_MAP}  ${platformOsUser}  ${PLATFORM_SUPERUSER}`,
    `${PLATFORM_IDENT_MAP}  ${platformOsUser}  ${MIGRATION_ROLE}`,
    '',
  ].join('\n')
}

/**
 * The access rules while a major upgrade switches over: the platform's unix socket only (and the upgrade's
 * replication login, which catches up through the switchover), every TCP client refused. Reloaded into the running server, it cuts clients off without a restart; the next start writes the
 * usual rules again.
 */
export function renderCutOffHba(superuserLogin: SuperuserLogin = 'password'): string {
  const superuserMethod = superuserSocketMethod(superuserLogin)
  return [
    '# Managed by pgfleet: clients are cut off for a major upgrade switchover. Only the platform superuser',
    "# reaches the server, over its socket: the platform's own services (data API, storage) are cut off too.",
    `local   all          ${PLATFORM_SUPERUSER}  ${superuserMethod}`,
    `local   replication  ${PLATFORM_SUPERUSER}  ${superuserMethod}`,
    `local   all          ${UPGRADE_REPLICATION_ROLE}  scram-sha-256`,
    'local   all          all                  reject',
    'host    all          all   all            reject',
    '',
  ].join('\n')
}

async function writeIdent(dataDir: string, runAs: ClusterSpec['runAs']): Promise<void> {
  await writeFileOwned(path.join(dataDir, 'pg_ident.conf'), renderIdent(), runAs)
}

export async function writeCutOffHba(dataDir: string, runAs: ClusterSpec['runAs']): Promise<void> {
  await writeIdent(dataDir, runAs)
  await writeFileOwned(path.join(dataDir, 'pg_hba.conf'), renderCutOffHba(defaultSuperuserLogin(runAs)), runAs)
}

export async function writeHba(
  dataDir: string,
  spec: Pick<ClusterSpec, 'listenAddress' | 'runAs' | 'superuserLogin'>,
  options: { hostMethod?: HostAuthMethod; superuserLogin?: SuperuserLogin | 'trust' } = {},
): Promise<void> {
  const login = options.superuserLogin ?? spec.superuserLogin ?? defaultSuperuserLogin(spec.runAs)
  await writeIdent(dataDir, spec.runAs)
  await writeFileOwned(
    path.join(dataDir, 'pg_hba.conf'),
    renderHba(spec.listenAddress, login, options.hostMethod),
    spec.runAs,
  )
}
