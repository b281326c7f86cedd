import path from 'node:path'
import { writeFileOwned } from '../system/fs-owned'
import { READ_ONLY_ROLE } from './read-only-role'
import { MIGRATION_ROLE, PLATFORM_SUPERUSER } from './role-names'
import type { ClusterSpec } from './types'

const PLATFORM_ROLES = [PLATFORM_SUPERUSER, MIGRATION_ROLE, READ_ONLY_ROLE].join(',')

export type HostAuthMethod = 'scram-sha-256'

const LOOPBACK_ADDRESSES = new Set(['127.0.0.1', 'localhost', '::1', ''])

/**
 * Unix-socket connections are trusted: the socket directory is mode 0700, so only the cluster's user and
 * root (the platform) reach it. Everything over TCP needs a password, and the platform's own roles (which have
 * none) are rejected over TCP outright. A non-loopback listen address means remote clients are expected, so
 * they get password rules too.
 */
export function renderHba(listenAddress: string, hostMethod: HostAuthMethod = 'scram-sha-256'): string {
  const lines = [
    '# Managed by pgfleet: rewritten on every configuration change.',
    '# TYPE  DATABASE     USER  ADDRESS        METHOD',
    'local   all          all                  trust',
    `local   replication  ${PLATFORM_SUPERUSER}  trust`,
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

/**
 * The access rules while a major upgrade switches over: the platform's unix socket only, every TCP client
 * refused. Reloaded into the running server, it cuts clients off without a restart; the next start writes the
 * usual rules again.
 */
export function renderCutOffHba(): string {
  return [
    '# Managed by pgfleet: clients are cut off for a major upgrade switchover. Only the platform superuser',
    "# reaches the server, over its socket: the platform's own services (data API, storage) are cut off too.",
    `local   all          ${PLATFORM_SUPERUSER}  trust`,
    `local   replication  ${PLATFORM_SUPERUSER}  trust`,
    'local   all          all                  reject',
    'host    all          all   all            reject',
    '',
  ].join('\n')
}

export async function writeCutOffHba(dataDir: string, runAs: ClusterSpec['runAs']): Promise<void> {
  await writeFileOwned(path.join(dataDir, 'pg_hba.conf'), renderCutOffHba(), runAs)
}

export async function writeHba(
  dataDir: string,
  spec: Pick<ClusterSpec, 'listenAddress' | 'runAs'>,
  hostMethod?: HostAuthMethod,
): Promise<void> {
  await writeFileOwned(path.join(dataDir, 'pg_hba.conf'), renderHba(spec.listenAddress, hostMethod), spec.runAs)
}
