import path from 'node:path'
import pg from 'pg'
import { ignoredError } from '../logger'
import { PLATFORM_SUPERUSER } from './role-names'
import { isPlatformLoginRole, platformSuperuserPassword } from './superuser-password'
import { type ClusterLocation, settingsPort } from './types'

/** Longest unix socket path the kernel accepts (sun_path is 108 bytes including the terminating NUL). */
export const MAX_SOCKET_PATH_BYTES = 107

export function socketPath(spec: Pick<ClusterLocation, 'socketDir' | 'port'>): string {
  return path.join(spec.socketDir, `.s.PGSQL.${settingsPort(spec)}`)
}

export function assertSocketPathFits(spec: Pick<ClusterLocation, 'socketDir' | 'port'>): void {
  const socket = socketPath(spec)
  const bytes = Buffer.byteLength(socket)
  if (bytes >= MAX_SOCKET_PATH_BYTES) {
    throw new Error(`Unix socket path ${socket} is ${bytes} bytes; it must stay under ${MAX_SOCKET_PATH_BYTES}`)
  }
}

/**
 * Session settings of every platform-superuser connection. A database owner may `ALTER DATABASE ... SET` most
 * settings, and those apply to every session: a tenant's search_path could put its own functions before
 * pg_catalog's in the platform's statements (run as superuser), or make them fail. Connection options win.
 */
export const PLATFORM_SESSION_OPTIONS = [
  'search_path=pg_catalog,pg_temp',
  'default_transaction_read_only=off',
  'statement_timeout=0',
  'lock_timeout=0',
]
  .map((setting) => `-c ${setting}`)
  .join(' ')

/**
 * A `pg` client configuration for the cluster's unix socket, as the platform superuser unless told otherwise. The
 * platform's roles carry the platform's password (sent only when the server asks for one: with peer
 * authentication it never does); the tenant's roles are trusted on the socket, which only the platform and the
 * project's own server reach.
 */
export function connectionConfig(
  spec: Pick<ClusterLocation, 'socketDir' | 'port'>,
  database = 'postgres',
  user = PLATFORM_SUPERUSER,
): pg.ClientConfig {
  const config: pg.ClientConfig = { host: spec.socketDir, port: settingsPort(spec), database, user }
  return isPlatformLoginRole(user)
    ? { ...config, password: platformSuperuserPassword(), options: PLATFORM_SESSION_OPTIONS }
    : config
}

export interface WithClientOptions {
  database?: string
  user?: string
  connectionTimeoutMillis?: number
  /** Client-side limit for each query. */
  queryTimeoutMillis?: number
  /** Session settings (`-c name=value ...`) for a login other than the platform's, whose settings are fixed. */
  sessionOptions?: string
}

/** Runs `fn` with a connected client over the socket and always closes it. */
export async function withClient<T>(
  spec: Pick<ClusterLocation, 'socketDir' | 'port'>,
  fn: (client: pg.Client) => Promise<T>,
  options: WithClientOptions = {},
): Promise<T> {
  const config = connectionConfig(spec, options.database, options.user)
  const client = new pg.Client({
    ...config,
    ...(options.sessionOptions && config.options === undefined ? { options: options.sessionOptions } : {}),
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 10_000,
    ...(options.queryTimeoutMillis ? { query_timeout: options.queryTimeoutMillis } : {}),
  })
  // An error event after connect (server shutdown) must not crash the process; the pending query rejects anyway.
  client.on('error', ignoredError('a platform connection to a cluster failed'))
  await client.connect()
  try {
    return await fn(client)
  } finally {
    // fn's outcome is decided; a failed goodbye on a connection the server dropped changes nothing
    await client.end().catch(ignoredError('could not close a platform connection to a cluster'))
  }
}

/** Login refusals that still prove the server accepts connections (unknown role, bad password, unknown database). */
const ANSWERING_LOGIN_ERRORS = new Set(['28000', '28P01', '3D000'])

/**
 * True when the server answers on its socket: SELECT 1 succeeded, or the login was refused by a running server
 * (a cluster whose superuser has another name than the default, e.g. before a migration).
 */
export function serverAnswers(spec: Pick<ClusterLocation, 'socketDir' | 'port'>, timeoutMs: number): Promise<boolean> {
  return withClient(spec, (client) => client.query('SELECT 1'), {
    connectionTimeoutMillis: timeoutMs,
    queryTimeoutMillis: timeoutMs,
  }).then(
    () => true,
    (error: { code?: unknown }) => typeof error.code === 'string' && ANSWERING_LOGIN_ERRORS.has(error.code),
  )
}
