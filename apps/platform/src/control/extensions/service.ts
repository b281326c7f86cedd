import {
  type DatabaseExtension,
  DEFAULT_TRUSTED_EXTENSION_SCHEMA,
  type EnableExtensionBody,
  EXTENSION_HAS_DEPENDENTS_MESSAGE,
  EXTENSION_NEEDS_RESTART_MESSAGE,
  EXTENSION_NOT_FOUND_MESSAGE,
  EXTENSION_SCHEMA_FIXED_MESSAGE,
  EXTENSION_SCHEMA_MISSING_MESSAGE,
  EXTENSION_SCHEMA_TAKEN_MESSAGE,
  EXTENSION_UNAVAILABLE_MESSAGE,
  PLATFORM_EXTENSIONS_SCHEMA,
} from '@pgfleet/contracts'
import { PLATFORM_SUPERUSER, TENANT_OWNER_ROLE } from '@pgfleet/engine'
import type pg from 'pg'
import { OneOffConnectError } from '../../connections/one-off'
import type { AppContext } from '../../context'
import type { ProjectRow } from '../../db/types'
import { badRequest, conflict, HttpError, notFound } from '../../errors'
import { withMetaClient } from '../pg-meta/connection'
import { type AllowListedExtension, allowListedExtension, neverOfferedReason, preloads } from './allow-list'
import { readExtension, readExtensions } from './catalog'

type ExtensionProject = Pick<ProjectRow, 'ref' | 'status'>

const CONNECT_TIMEOUT_MS = 5_000
/** DROP EXTENSION waits for locks on every dependent object: give up rather than queue behind a long query. */
const LOCK_TIMEOUT_MS = 5_000
const STATEMENT_TIMEOUT_MS = 60_000

const DEPENDENT_OBJECTS_EXIST = '2BP01'
const LOCK_NOT_AVAILABLE = '55P03'
const QUERY_CANCELED = '57014'

/** Every extension the project's server can install, with how the platform treats it. */
export function listExtensions(ctx: AppContext, project: ExtensionProject): Promise<DatabaseExtension[]> {
  return withMetaClient(ctx, project, readExtensions)
}

async function findExtension(ctx: AppContext, project: ExtensionProject, name: string): Promise<DatabaseExtension> {
  const extension = await withMetaClient(ctx, project, (client) => readExtension(client, name))
  // never offered whether or not this server has it (adminpack left Postgres 17)
  const never = neverOfferedReason(name)
  if (never) throw badRequest(EXTENSION_UNAVAILABLE_MESSAGE(name, never))
  if (!extension) throw notFound(EXTENSION_NOT_FOUND_MESSAGE(name))
  if (extension.availability === 'unavailable') {
    throw badRequest(EXTENSION_UNAVAILABLE_MESSAGE(name, extension.reason ?? ''))
  }
  return extension
}

/**
 * Creates the extension. A trusted one is created by the tenant's owner role, so it is theirs as if they had run
 * CREATE EXTENSION; an allow-listed one by the platform superuser, in the platform's own schema, followed by its
 * grants. Enabling an installed extension changes nothing.
 */
export async function enableExtension(
  ctx: AppContext,
  project: ExtensionProject,
  body: EnableExtensionBody,
): Promise<DatabaseExtension> {
  const extension = await findExtension(ctx, project, body.name)
  const { name } = extension
  if (extension.availability === 'trusted') {
    const schema = body.schema ?? DEFAULT_TRUSTED_EXTENSION_SCHEMA
    return inProjectTransaction(ctx, project.ref, TENANT_OWNER_ROLE, name, async (client) => {
      const found = await client.query('select from pg_catalog.pg_namespace where nspname = $1', [schema])
      if (found.rowCount === 0) throw badRequest(EXTENSION_SCHEMA_MISSING_MESSAGE(schema))
      await client.query(
        `CREATE EXTENSION IF NOT EXISTS ${client.escapeIdentifier(name)} SCHEMA ${client.escapeIdentifier(schema)} CASCADE`,
      )
      return readInstalled(client, name)
    })
  }
  if (body.schema !== undefined && body.schema !== PLATFORM_EXTENSIONS_SCHEMA) {
    throw badRequest(EXTENSION_SCHEMA_FIXED_MESSAGE(name))
  }
  const listed = allowListedExtension(name)
  if (!listed) throw badRequest(EXTENSION_UNAVAILABLE_MESSAGE(name, extension.reason ?? ''))
  const installed = await inProjectTransaction(ctx, project.ref, PLATFORM_SUPERUSER, name, async (client) => {
    await assertPreloaded(client, listed)
    await ensurePlatformSchema(client, ctx.driver.tenantOwnerRole)
    await client.query(
      `CREATE EXTENSION IF NOT EXISTS ${client.escapeIdentifier(name)} SCHEMA ${client.escapeIdentifier(PLATFORM_EXTENSIONS_SCHEMA)}`,
    )
    const installed = await readInstalled(client, name)
    // an older project may have it elsewhere (installed by a tenant who was superuser): grant where it is
    if (listed.grantsSql && installed.schema)
      await client.query(listed.grantsSql(installed.schema, ctx.driver.tenantOwnerRole))
    if (listed.enabledSql) await client.query(listed.enabledSql)
    return installed
  })
  if (listed.reconnectPools) await ctx.connections.closeProject(project.ref)
  return installed
}

/**
 * Applies an enabled allow-listed extension's switch again (its `enabledSql`), for a project that enabled it before
 * the platform had one: pg_stat_statements counts nothing otherwise.
 */
export async function reapplyExtensionSwitch(ctx: AppContext, ref: string, name: string): Promise<void> {
  const listed = allowListedExtension(name)
  const enabledSql = listed?.enabledSql
  if (!enabledSql) return
  await inProjectTransaction(ctx, ref, PLATFORM_SUPERUSER, name, (client) => client.query(enabledSql))
  if (listed.reconnectPools) await ctx.connections.closeProject(ref)
}

/**
 * Drops the extension, RESTRICT: objects that depend on it (a foreign server, a bloom index) must go first, and
 * Postgres' list of them is the answer. Trusted extensions are dropped by the tenant's owner role (it must own
 * them), allow-listed ones by the platform. Disabling an extension that is not installed changes nothing.
 */
export async function disableExtension(
  ctx: AppContext,
  project: ExtensionProject,
  name: string,
): Promise<DatabaseExtension> {
  const extension = await findExtension(ctx, project, name)
  if (extension.installed_version === null) return extension
  const role = extension.availability === 'trusted' ? TENANT_OWNER_ROLE : PLATFORM_SUPERUSER
  const listed = extension.availability === 'trusted' ? undefined : allowListedExtension(name)
  const dropped = await inProjectTransaction(ctx, project.ref, role, name, async (client) => {
    if (listed?.disabledSql) await client.query(listed.disabledSql)
    await client.query(`DROP EXTENSION IF EXISTS ${client.escapeIdentifier(name)} RESTRICT`)
    return readInstalled(client, name)
  })
  if (listed?.reconnectPools) await ctx.connections.closeProject(project.ref)
  return dropped
}

async function readInstalled(client: pg.ClientBase, name: string): Promise<DatabaseExtension> {
  const extension = await readExtension(client, name)
  if (!extension) throw notFound(EXTENSION_NOT_FOUND_MESSAGE(name))
  return extension
}

async function assertPreloaded(client: pg.ClientBase, extension: AllowListedExtension): Promise<void> {
  if (!extension.preloadLibrary) return
  const { rows } = await client.query<{ setting: string }>(
    "select pg_catalog.current_setting('shared_preload_libraries') as setting",
  )
  if (!preloads(rows[0]?.setting ?? '', extension.preloadLibrary)) {
    throw conflict(EXTENSION_NEEDS_RESTART_MESSAGE(extension.name))
  }
}

/**
 * The platform's extension schema: created on first use, owned by the platform superuser, nobody else may create
 * in it; the tenant's owner may use it and pass that on. A schema of that name the tenant made first is refused.
 */
async function ensurePlatformSchema(client: pg.ClientBase, tenantOwner: string): Promise<void> {
  const schema = client.escapeIdentifier(PLATFORM_EXTENSIONS_SCHEMA)
  // two requests at once must not both try to create the schema
  await client.query('select pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext($1))', [PLATFORM_EXTENSIONS_SCHEMA])
  const { rows } = await client.query<{ owner: string }>(
    'select nspowner::regrole::text as owner from pg_catalog.pg_namespace where nspname = $1',
    [PLATFORM_EXTENSIONS_SCHEMA],
  )
  const owner = rows[0]?.owner
  if (owner !== undefined && owner !== PLATFORM_SUPERUSER) throw conflict(EXTENSION_SCHEMA_TAKEN_MESSAGE)
  if (owner === undefined) {
    await client.query(`CREATE SCHEMA ${schema};
      COMMENT ON SCHEMA ${schema} IS 'Extensions pgfleet installs on request; only the platform creates objects here'`)
  }
  await client.query(`REVOKE ALL ON SCHEMA ${schema} FROM PUBLIC;
    GRANT USAGE ON SCHEMA ${schema} TO ${client.escapeIdentifier(tenantOwner)} WITH GRANT OPTION`)
}

/** Runs `work` in one transaction over the project's socket as `user`, with a lock and a statement limit. */
async function inProjectTransaction<T>(
  ctx: AppContext,
  ref: string,
  user: string,
  extension: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const options = { applicationName: 'pgfleet-extensions', connectTimeoutMs: CONNECT_TIMEOUT_MS }
  const transaction = async (client: pg.Client) => {
    await client.query(
      `BEGIN; SET LOCAL lock_timeout = ${LOCK_TIMEOUT_MS}; SET LOCAL statement_timeout = ${STATEMENT_TIMEOUT_MS}`,
    )
    const result = await work(client)
    await client.query('COMMIT')
    return result
  }
  try {
    // allow-listed extensions need the superuser (they are not trusted); the work is the platform's own SQL
    return user === PLATFORM_SUPERUSER
      ? await ctx.connections.oneOff.asSuperuser(ref, 'create or drop an allow-listed extension', options, transaction)
      : await ctx.connections.oneOff.run(ref, { ...options, user }, transaction)
  } catch (error) {
    if (error instanceof OneOffConnectError) {
      throw new HttpError(503, `Could not connect to the project's database: ${error.message}`)
    }
    throw extensionError(error, extension)
  }
}

/** Postgres' refusals as clear answers; our own HttpErrors pass through. */
export function extensionError(error: unknown, name: string): unknown {
  if (error instanceof HttpError) return error
  const { code, message, detail } = error as { code?: unknown; message?: string; detail?: string }
  if (typeof code !== 'string') return error
  if (code === DEPENDENT_OBJECTS_EXIST) {
    const dependents = (detail ?? '').split('\n').filter(Boolean).join('; ')
    return conflict(`${EXTENSION_HAS_DEPENDENTS_MESSAGE(name)}${dependents ? ` (${dependents})` : ''}`)
  }
  if (code === LOCK_NOT_AVAILABLE) {
    return conflict('Another session holds a lock on an object of this extension; try again when it is done')
  }
  if (code === QUERY_CANCELED) return new HttpError(504, `Changing extension "${name}" took too long and was cancelled`)
  return conflict(`Postgres refused to change extension "${name}": ${message ?? code}`)
}
