import { randomUUID } from 'node:crypto'
import {
  type CreateSnippetBody,
  type ListSnippetsQuery,
  PermissionAction,
  PermissionResource,
  SHARED_SNIPPET_IN_FOLDER_MESSAGE,
  SNIPPET_CONFLICT_MESSAGE,
  SNIPPET_CREATE_FORBIDDEN_MESSAGE,
  SNIPPET_DEFAULT_NAME,
  SNIPPET_SCHEMA_VERSION,
  type Snippet,
  type SnippetList,
  type SnippetVisibility,
  type UpdateSnippetBody,
} from '@pgfleet/contracts'
import { sql } from 'kysely'
import { roleCan } from '../auth/permissions'
import type { AppContext } from '../context'
import type { Db } from '../db/kysely'
import type { ContentRow } from '../db/types'
import { badRequest, conflict, forbidden, HttpError, notFound } from '../errors'
import { type ContentCaller, contentCaller } from './caller'

/** A conflicting update: the answer carries the snippet as it is now, so the editor can offer a choice. */
export class SnippetConflictError extends HttpError {
  constructor(readonly current: Snippet) {
    super(409, SNIPPET_CONFLICT_MESSAGE)
  }
}

type SnippetRow = ContentRow & { owner_username: string }

function toSnippet(row: SnippetRow): Snippet {
  return {
    id: row.id,
    type: 'sql',
    name: row.name,
    description: row.description,
    visibility: row.visibility as SnippetVisibility,
    project_id: row.project_id,
    owner_id: row.owner_id,
    owner: { id: row.owner_id, username: row.owner_username },
    folder_id: row.folder_id,
    favorite: row.favorite,
    inserted_at: row.inserted_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    version: row.version,
    content: { schema_version: row.schema_version, content_id: row.id, sql: row.sql, favorite: row.favorite },
  }
}

/** Snippets the caller may see: their own, and those shared with the project. */
function visibleSnippets(db: Db, caller: ContentCaller) {
  return db
    .selectFrom('content')
    .innerJoin('users', 'users.id', 'content.owner_id')
    .selectAll('content')
    .select('users.username as owner_username')
    .where('content.project_id', '=', caller.projectId)
    .where((eb) => eb.or([eb('content.owner_id', '=', caller.userId), eb('content.visibility', '=', 'project')]))
}

async function findSnippet(db: Db, caller: ContentCaller, id: string): Promise<SnippetRow | undefined> {
  return visibleSnippets(db, caller).where('content.id', '=', id).executeTakeFirst()
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

export async function listSnippets(
  ctx: AppContext,
  userId: number,
  ref: string,
  query: ListSnippetsQuery,
): Promise<SnippetList> {
  const caller = await contentCaller(ctx, userId, ref)
  let select = visibleSnippets(ctx.db, caller)
  if (query.name) select = select.where('content.name', 'ilike', `%${escapeLike(query.name)}%`)
  if (query.visibility) select = select.where('content.visibility', '=', query.visibility)
  if (query.favorite !== undefined) select = select.where('content.favorite', '=', query.favorite)
  if (query.folder_id === 'root') select = select.where('content.folder_id', 'is', null)
  else if (query.folder_id) select = select.where('content.folder_id', '=', query.folder_id)
  const order = query.order ?? (query.sort === 'name' ? 'asc' : 'desc')
  const sorted =
    query.sort === 'name'
      ? select.orderBy(sql`lower(content.name)`, order).orderBy('content.name', order)
      : select.orderBy(`content.${query.sort}`, order)
  const rows = await sorted
    .select(sql<string>`count(*) over ()`.as('total'))
    .orderBy('content.id')
    .limit(query.limit)
    .offset(query.offset)
    .execute()
  // past the last page the window count has no row to ride on
  const total =
    rows[0]?.total ??
    (query.offset > 0
      ? (await select.clearSelect().select(sql<string>`count(*)`.as('total')).executeTakeFirst())?.total
      : 0)
  return { data: rows.map(toSnippet), total: Number(total ?? 0) }
}

export async function getSnippet(ctx: AppContext, userId: number, ref: string, id: string): Promise<Snippet> {
  const caller = await contentCaller(ctx, userId, ref)
  const row = await findSnippet(ctx.db, caller, id)
  if (!row) throw notFound('Query not found')
  return toSnippet(row)
}

/** A snippet's folder must be one of its owner's folders in the same project; shared snippets have none. */
async function assertPlacement(
  db: Db,
  caller: ContentCaller,
  ownerId: number,
  visibility: string,
  folderId: string | null,
): Promise<void> {
  if (folderId === null) return
  if (visibility === 'project') throw badRequest(SHARED_SNIPPET_IN_FOLDER_MESSAGE)
  const folder = await db
    .selectFrom('content_folders')
    .select('id')
    .where('id', '=', folderId)
    .where('project_id', '=', caller.projectId)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst()
  if (!folder) throw badRequest('Folder not found')
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505'

export async function createSnippet(
  ctx: AppContext,
  userId: number,
  ref: string,
  body: CreateSnippetBody,
): Promise<Snippet> {
  const caller = await contentCaller(ctx, userId, ref)
  if (!roleCan(caller.role, PermissionAction.CREATE, PermissionResource.USER_CONTENT)) {
    throw forbidden(SNIPPET_CREATE_FORBIDDEN_MESSAGE)
  }
  return insertSnippet(ctx.db, caller, body.id ?? randomUUID(), body)
}

async function insertSnippet(db: Db, caller: ContentCaller, id: string, body: CreateSnippetBody): Promise<Snippet> {
  const visibility = body.visibility ?? 'user'
  const folderId = body.folder_id ?? null
  await assertPlacement(db, caller, caller.userId, visibility, folderId)
  const favorite = body.favorite ?? body.content?.favorite ?? false
  const now = new Date()
  try {
    await db
      .insertInto('content')
      .values({
        id,
        project_id: caller.projectId,
        owner_id: caller.userId,
        folder_id: folderId,
        type: 'sql',
        name: body.name || SNIPPET_DEFAULT_NAME,
        description: body.description ?? '',
        visibility,
        favorite,
        sql: body.content?.sql ?? '',
        schema_version: body.content?.schema_version ?? SNIPPET_SCHEMA_VERSION,
        updated_by: caller.userId,
        inserted_at: now,
        updated_at: now,
      })
      .execute()
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict('A query with this id already exists')
    throw error
  }
  const row = await findSnippet(db, caller, id)
  if (!row) throw notFound('Query not found')
  return toSnippet(row)
}

function assertOwnerMayChange(caller: ContentCaller, row: SnippetRow, action: 'update' | 'delete'): void {
  const verb = action === 'update' ? PermissionAction.UPDATE : PermissionAction.DELETE
  if (!roleCan(caller.role, verb, PermissionResource.USER_CONTENT)) {
    throw forbidden(`You do not have the required permissions to ${action} queries in this project`)
  }
  if (row.owner_id === caller.userId) return
  // Owners and Administrators may remove what is shared with the project (e.g. left by a former member)
  const moderates = roleCan(caller.role, PermissionAction.UPDATE, PermissionResource.PROJECTS)
  if (action === 'delete' && moderates && row.visibility === 'project') return
  throw forbidden(`Only the owner of this query can ${action} it`)
}

function isStale(row: SnippetRow, body: UpdateSnippetBody): boolean {
  if (body.version !== undefined) return body.version !== row.version
  if (body.updated_at !== undefined) return new Date(body.updated_at).getTime() !== row.updated_at.getTime()
  return false
}

/**
 * Applies the fields given (the others keep their values). With `version` (or `updated_at`) it only
 * applies when nobody changed the snippet since: otherwise SnippetConflictError. With `upsert` (PUT), a
 * missing snippet is created with this id, so a retried save never makes a duplicate.
 */
export async function updateSnippet(
  ctx: AppContext,
  userId: number,
  ref: string,
  id: string,
  body: UpdateSnippetBody,
  options: { upsert: boolean },
): Promise<{ snippet: Snippet; created: boolean }> {
  const caller = await contentCaller(ctx, userId, ref)
  const current = await findSnippet(ctx.db, caller, id)
  if (!current) {
    if (!options.upsert) throw notFound('Query not found')
    if (!roleCan(caller.role, PermissionAction.CREATE, PermissionResource.USER_CONTENT)) {
      throw forbidden(SNIPPET_CREATE_FORBIDDEN_MESSAGE)
    }
    return { snippet: await insertSnippet(ctx.db, caller, id, body), created: true }
  }
  assertOwnerMayChange(caller, current, 'update')
  if (isStale(current, body)) throw new SnippetConflictError(toSnippet(current))
  if (body.name !== undefined && body.name === '') throw badRequest('The query name cannot be empty')

  const visibility = body.visibility ?? current.visibility
  const folderId = body.folder_id !== undefined ? body.folder_id : current.folder_id
  await assertPlacement(ctx.db, caller, current.owner_id, visibility, folderId)
  const updated = await ctx.db
    .updateTable('content')
    .set({
      name: body.name ?? current.name,
      description: body.description ?? current.description,
      visibility,
      folder_id: folderId,
      favorite: body.favorite ?? body.content?.favorite ?? current.favorite,
      sql: body.content?.sql ?? current.sql,
      schema_version: body.content?.schema_version ?? current.schema_version,
      version: current.version + 1,
      updated_by: userId,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    // someone else may have saved between our read and this write
    .where('version', '=', current.version)
    .returning('id')
    .executeTakeFirst()
  const row = await findSnippet(ctx.db, caller, id)
  if (!row) throw notFound('Query not found')
  if (!updated) throw new SnippetConflictError(toSnippet(row))
  return { snippet: toSnippet(row), created: false }
}

export async function deleteSnippet(ctx: AppContext, userId: number, ref: string, id: string): Promise<void> {
  const caller = await contentCaller(ctx, userId, ref)
  const current = await findSnippet(ctx.db, caller, id)
  if (!current) throw notFound('Query not found')
  assertOwnerMayChange(caller, current, 'delete')
  await ctx.db.deleteFrom('content').where('id', '=', id).execute()
}
