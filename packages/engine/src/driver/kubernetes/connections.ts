import pg, { type ClientConfig } from 'pg'
import { PLATFORM_SESSION_OPTIONS } from '../../cluster/client'
import { READ_ONLY_ROLE } from '../../cluster/read-only-role'
import { PLATFORM_SUPERUSER, TENANT_OWNER_ROLE } from '../../cluster/role-names'
import { ignoredError } from '../../logger'
import type { ProjectConnectionOptions, TenantEndpoint } from '../types'
import { poolerName } from './manifests/names'
import {
  KUBERNETES_TENANT_OWNER,
  PLATFORM_OWNER_LOGIN,
  type PlatformLoginRole,
  platformRoleSecretName,
} from './manifests/roles'

/** What finding a project's connection needs of the driver's shared context (so this file needs none of it). */
export interface ConnectionLookups {
  readonly api: { readSecret(namespace: string, name: string): Promise<{ data?: Record<string, string> } | null> }
  readonly options: { connectionHost?: string; connectionPort?: number }
  namespace(ref: string): Promise<string>
  currentClusterName(namespace: string, ref: string): Promise<string>
}

/** Every Postgres connection goes to port 5432: PgBouncer's on the Pooler's Service, Postgres's on the `-rw` one. */
export const POSTGRES_PORT = 5432

/** Runs one statement on a project and returns its rows (injectable, so tests need no server). */
export type SqlRunner = (
  connection: ClientConfig,
  text: string,
  values?: unknown[],
) => Promise<Record<string, unknown>[]>

export const runSqlWithPg: SqlRunner = async (connection, text, values) => {
  const client = new pg.Client({ ...connection, connectionTimeoutMillis: 10_000, application_name: 'pgfleet-platform' })
  // a failure of this one-off client rejects its connect or query, which the caller gets
  client.on('error', ignoredError('a platform connection to a project failed'))
  await client.connect()
  try {
    return (await client.query(text, values)).rows
  } finally {
    // the result (or the error above) is what matters; a failed goodbye changes nothing
    await client.end().catch(ignoredError('could not close a platform connection to a project'))
  }
}

/**
 * Which role the platform logs in as for the role it asks for. Asking for the tenant's owner (by the local name
 * `postgres` or its name here) gives the platform's own login that acts as the owner; asking for no role or the
 * platform superuser gives the platform superuser; anything else (the authenticator) is itself.
 */
export function platformLogin(user: string | undefined): { user: string; secretOf?: PlatformLoginRole } {
  if (user === undefined || user === PLATFORM_SUPERUSER) {
    return { user: PLATFORM_SUPERUSER, secretOf: PLATFORM_SUPERUSER }
  }
  if (user === TENANT_OWNER_ROLE || user === KUBERNETES_TENANT_OWNER || user === PLATFORM_OWNER_LOGIN) {
    return { user: PLATFORM_OWNER_LOGIN, secretOf: PLATFORM_OWNER_LOGIN }
  }
  if (user === READ_ONLY_ROLE) return { user: READ_ONLY_ROLE, secretOf: READ_ONLY_ROLE }
  return { user }
}

/**
 * How the platform reaches a project. The platform superuser goes straight to the primary (`{cluster}-rw`), so its
 * maintenance never waits behind PgBouncer's pool; every other login goes through the Pooler like the tenant's
 * clients. Passwords of the platform's logins come from their Secrets; others are the caller's to give.
 */
export async function projectConnectionConfig(
  k: ConnectionLookups,
  ref: string,
  options: ProjectConnectionOptions & { namespace?: string; clusterName?: string } = {},
): Promise<ClientConfig> {
  const namespace = options.namespace ?? (await k.namespace(ref))
  const name = options.clusterName ?? (await k.currentClusterName(namespace, ref))
  const login = platformLogin(options.user)
  const host = login.user === PLATFORM_SUPERUSER ? `${name}-rw.${namespace}.svc` : `${poolerName(ref)}.${namespace}.svc`
  const config: ClientConfig = { host, port: POSTGRES_PORT, database: options.database ?? 'postgres', user: login.user }
  // the tenant's database settings (a search_path of its own) must not reach the superuser's statements
  if (login.user === PLATFORM_SUPERUSER) config.options = PLATFORM_SESSION_OPTIONS
  if (!login.secretOf) return config
  const secret = await k.api.readSecret(namespace, platformRoleSecretName(ref, login.secretOf))
  const encoded = secret?.data?.password
  if (!encoded) throw new Error(`Project ${ref} has no password Secret for ${login.user}`)
  return { ...config, password: Buffer.from(encoded, 'base64').toString('utf8') }
}

/** Fills a configured connection host's `{ref}` and `{namespace}`; any other placeholder is a mistake. */
export function renderConnectionHost(pattern: string, values: { ref: string; namespace: string }): string {
  return pattern.replace(/\{([^}]*)\}/g, (placeholder, name: string) => {
    if (name === 'ref' || name === 'namespace') return values[name]
    throw new Error(`Unknown placeholder ${placeholder} in the connection host ${pattern}`)
  })
}

/**
 * Where tenants' clients connect: the Pooler's Service (`{ref}-pooler.{namespace}.svc:5432`), the one name that
 * survives a restore (which moves the Pooler to a new Cluster and so changes the `-rw` Service), or the configured
 * host and port for clients outside the cluster. A project without a port (paused) has nothing to connect to.
 */
export async function tenantEndpoint(k: ConnectionLookups, ref: string, port: number | null): Promise<TenantEndpoint> {
  const pattern = k.options.connectionHost ?? `${poolerName('{ref}')}.{namespace}.svc`
  // the namespace may take a lookup (one per organization); only a pattern that uses it pays for it
  const namespace = pattern.includes('{namespace}') ? await k.namespace(ref) : ''
  return {
    host: renderConnectionHost(pattern, { ref, namespace }),
    port: port === null ? null : (k.options.connectionPort ?? POSTGRES_PORT),
  }
}
