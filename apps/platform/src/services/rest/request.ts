import type { ProjectKeyrings } from '../../control/keys/api-key-keyrings'
import type { RequestAuth } from './auth'
import { invalidBody, RestError, tableNotFound } from './errors'
import type { RequestMeta } from './executor'
import type { Accepted, Preferences } from './headers'
import type { ProjectDatabase, RestPools } from './project-databases'
import type { ProjectDirectory } from './project-directory'
import type { Queryable, Relation, SchemaCache } from './schema-cache'

/** A data API request, independent of Fastify, and what every handler gets to answer it. */
export interface RestRequest {
  ref: string
  method: string
  /** the path after /rest/v1/, decoded; '' for the root */
  path: string
  /** the raw query string, without '?' */
  search: string
  headers: Record<string, string | string[] | undefined>
  /** the raw body, undefined when empty */
  body: string | undefined
  /** the public URL of this API, e.g. http://host/p/{ref}/rest/v1 (for the OpenAPI description) */
  apiUrl(): string
}

export interface RestDeps {
  directory: ProjectDirectory
  /** every project's keys, shared by the services of the process */
  keyrings: ProjectKeyrings
  /**
   * Read-only mode as the platform applies it at this moment, ahead of the directory's cached row; undefined until
   * the platform has applied a state to the project (the row decides then)
   */
  readOnlyNow(ref: string): boolean | undefined
  pools: RestPools
  schemas: string[]
  allowUnfilteredWrites: boolean
}

export interface RequestContext {
  deps: RestDeps
  req: RestRequest
  db: ProjectDatabase
  auth: RequestAuth
  /** the exposed schema this request addresses (Accept-Profile / Content-Profile) */
  schemaName: string
  accepted: Accepted
  prefs: Preferences
  meta: RequestMeta
  /**
   * Whether the project is read-only (disk nearly full), asked as each transaction starts: writes then run in a
   * transaction started READ ONLY, which nothing the tenant set (session defaults, role or database settings, a
   * function's SET) can switch back to read-write.
   */
  readOnlyMode(): boolean
}

export function header(req: Pick<RestRequest, 'headers'>, name: string): string | undefined {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

/** The body as JSON; `undefined` when there is none. */
export function parseJsonBody(req: RestRequest): unknown {
  if (req.body === undefined || req.body.trim() === '') return undefined
  const type = (header(req, 'content-type') ?? 'application/json').split(';')[0]?.trim().toLowerCase() ?? ''
  if (type !== 'application/json' && !type.endsWith('+json') && type !== '') {
    throw new RestError(
      415,
      'PGRST107',
      `Content-Type not acceptable: ${type}`,
      null,
      'Send the body as application/json',
    )
  }
  try {
    return JSON.parse(req.body)
  } catch {
    throw invalidBody('Empty or invalid json')
  }
}

/**
 * The relation `name` in the request's schema. Without the DDL watch the cache may be stale, so a miss reloads
 * it once before answering 404. A hit answers synchronously.
 */
export function findRelation(
  ctx: RequestContext,
  client: Queryable,
  schema: SchemaCache,
  name: string,
): FoundRelation | Promise<FoundRelation> {
  const relation = schema.relation(ctx.schemaName, name)
  if (relation) return { schema, relation }
  if (!ctx.db.mayBeStale) throw tableNotFound(ctx.schemaName, name)
  return reloadAndFind(ctx, client, name)
}

export interface FoundRelation {
  schema: SchemaCache
  relation: Relation
}

async function reloadAndFind(ctx: RequestContext, client: Queryable, name: string): Promise<FoundRelation> {
  ctx.db.invalidate()
  const schema = await ctx.db.schemaFor(client, null)
  const relation = schema.relation(ctx.schemaName, name)
  if (!relation) throw tableNotFound(ctx.schemaName, name)
  return { schema, relation }
}
