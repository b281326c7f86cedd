import type { PostgresEngine } from '../engines/types'
import type { RunAs } from '../system/run-as'

export type SettingValue = string | number | boolean

/**
 * How the platform superuser logs in over the socket: `peer` (only from the platform's own OS user; possible when
 * the servers run as other OS users) or `password` (the platform's password).
 */
export type SuperuserLogin = 'peer' | 'password'

export interface ClusterSpec {
  dataDir: string
  /** Directory of the unix socket; the socket path must stay under 107 bytes. */
  socketDir: string
  /** TCP port; null = unix socket only (the socket is then named after port 5432). */
  port: number | null
  /** Address the postmaster listens on when it has a port, e.g. '127.0.0.1'. */
  listenAddress: string
  engine: PostgresEngine
  /** Extra postgresql.conf settings (compute size, WAL archiving, ...), written to pgfleet.conf. */
  settings?: Record<string, SettingValue>
  runAs: RunAs | null
  /** Where the postmaster's stdout/stderr go (appended); defaults to postgres.log beside the data directory. */
  logFile?: string
  /** How the platform superuser logs in; by default peer when runAs is set, else password. */
  superuserLogin?: SuperuserLogin
}

export type StopMode = 'fast' | 'smart' | 'immediate'
export type ClusterHealth = 'ready' | 'starting' | 'down'

/** The part of a spec that locates a cluster; enough to find, stop, probe or connect to it. */
export type ClusterLocation = Pick<ClusterSpec, 'dataDir' | 'socketDir' | 'port'>

/** Port used for the socket name of socket-only clusters. */
export const SOCKET_ONLY_PORT = 5432
export const settingsPort = (spec: Pick<ClusterSpec, 'port'>): number => spec.port ?? SOCKET_ONLY_PORT
