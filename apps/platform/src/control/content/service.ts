import { randomUUID } from 'node:crypto'
import {
  CONTENT_TYPE_CHANGE_MESSAGE,
  type Content,
  type ContentType,
  type CreateSnippetBody,
  type ListSnippetsQuery,
  PermissionAction,
  PermissionResource,
  REPORT_CONFLICT_MESSAGE,
  REPORT_CREATE_FORBIDDEN_MESSAGE,
  REPORT_DEFAULT_NAME,
  REPORT_IN_FOLDER_MESSAGE,
  type ReportCard,
  SHARED_SNIPPET_IN_FOLDER_MESSAGE,
  SNIPPET_CONFLICT_MESSAGE,
  SNIPPET_CREATE_FORBIDDEN_MESSAGE,
  SNIPPET_DEFAULT_NAME,
  SNIPPET_SCHEMA_VERSION,
  type UpdateSnippetBody,
} from '@pgfleet/contracts'
import { sql } from 'kysely'
import type { AppContext } from '../../context'
import type { Db } from '../../db/kysely'
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../errors'
import { roleCan } from '../organizations/permissions'
import { type ContentCaller, contentCaller } from './caller'
import { type ContentItemRow, contentNoun, findContent, toContent, visibleContent } from './content-rows'

/** A conflicting update: the answer carries the item as it is now, so the editor can offer a choice. */
export class SnippetConflictError extends HttpError {
  constructor(readonly current: Content) {
    super(409, current.type === 'report' ? REPORT_CONFLICT_MESSAGE : SNIPPET_CONFLICT_MESSAGE)
  }
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** One type per list (`sql` unless asked otherwise), so the editor's sidebar never shows reports. */
export async function listContent(
  ctx: AppContext,
  userId: number,
  ref: string,
  query: ListSnippetsQuery,
): Promise<{ data: Content[]; total: number }> {
  const caller = await contentCaller(ctx, userId, ref)
  let select = visibleContent(ctx.db, caller).where('content.type', '=', query.type)
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
  return { data: rows.map(toContent), total: Number(total ?? 0) }
}

export async function getContent(ctx: AppContext, userId: number, ref: string, id: string): Promise<Content> {
  const caller = await contentCaller(ctx, userId, ref)
  const row = await findContent(ctx.db, caller, id)
  if (!row) throw notFound('Query not found')
  return toContent(row)
}

/**
 * A snippet's folder must be one of its owner's folders in the same project; shared snippets and reports
 * have none.
 */
async function assertPlacement(
  db: Db,
  caller: ContentCaller,
  item: { type: ContentType; ownerId: number; visibility: string; folderId: string | null },
): Promise<void> {
  if (item.folderId === null) return
  if (item.type === 'report') throw badRequest(REPORT_IN_FOLDER_MESSAGE)
  if (item.visibility === 'project') throw badRequest(SHARED_SNIPPET_IN_FOLDER_MESSAGE)
  const folder = await db
    .selectFrom('content_folders')
    .select('id')
    .where('id', '=', item.folderId)
    .where('project_id', '=', caller.projectId)
    .where('owner_id', '=', item.ownerId)
    .executeTakeFirst()
  if (!folder) throw badRequest('Folder not found')
}

/** A snippet has SQL and no layout; a report has a layout and no SQL of its own (its cards carry it). */
function assertFieldsFit(type: ContentType, body: CreateSnippetBody | UpdateSnippetBody): void {
  if (type === 'sql' && body.content?.layout !== undefined) throw badRequest('Only reports have a layout')
  if (type === 'report' && body.content?.sql !== undefined) {
    throw badRequest('A report has no SQL of its own: its cards carry their queries in content.layout')
  }
}

/** Cards in their order, numbered from 0, so every reader sees the same layout. */
function storedLayout(cards: readonly ReportCard[]): string {
  const ordered = [...cards].sort((a, b) => a.position - b.position)
  return JSON.stringify(ordered.map((card, position) => ({ ...card, position })))
}

function assertMayCreate(caller: ContentCaller, type: ContentType): void {
  if (!roleCan(caller.role, PermissionAction.CREATE, PermissionResource.USER_CONTENT)) {
    throw forbidden(type === 'report' ? REPORT_CREATE_FORBIDDEN_MESSAGE : SNIPPET_CREATE_FORBIDDEN_MESSAGE)
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505'

export async function createContent(
  ctx: AppContext,
  userId: number,
  ref: string,
  body: CreateSnippetBody,
): Promise<Content> {
  const caller = await contentCaller(ctx, userId, ref)
  const type = body.type ?? 'sql'
  assertMayCreate(caller, type)
  return insertContent(ctx.db, caller, body.id ?? randomUUID(), type, body)
}

async function insertContent(
  db: Db,
  caller: ContentCaller,
  id: string,
  type: ContentType,
  body: CreateSnippetBody,
): Promise<Content> {
  assertFieldsFit(type, body)
  const visibility = body.visibility ?? 'user'
  const folderId = body.folder_id ?? null
  await assertPlacement(db, caller, { type, ownerId: caller.userId, visibility, folderId })
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
        type,
        name: body.name || (type === 'report' ? REPORT_DEFAULT_NAME : SNIPPET_DEFAULT_NAME),
        description: body.description ?? '',
        visibility,
        favorite,
        sql: body.content?.sql ?? '',
        layout: type === 'report' ? storedLayout(body.content?.layout ?? []) : null,
        schema_version: body.content?.schema_version ?? SNIPPET_SCHEMA_VERSION,
        updated_by: caller.userId,
        inserted_at: now,
        updated_at: now,
      })
      .execute()
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`A ${contentNoun(type)} with this id already exists`)
    throw error
  }
  const row = await findContent(db, caller, id)
  if (!row) throw notFound(`${type === 'report' ? 'Report' : 'Query'} not found`)
  return toContent(row)
}

function assertOwnerMayChange(caller: ContentCaller, row: ContentItemRow, action: 'update' | 'delete'): void {
  const noun = contentNoun(row.type)
  const verb = action === 'update' ? PermissionAction.UPDATE : PermissionAction.DELETE
  if (!roleCan(caller.role, verb, PermissionResource.USER_CONTENT)) {
    throw forbidden(
      `You do not have the required permissions to ${action} ${noun === 'query' ? 'queries' : 'reports'} in this project`,
    )
  }
  if (row.owner_id === caller.userId) return
  // Owners and Administrators may remove what is shared with the project (e.g. left by a former member)
  const moderates = roleCan(caller.role, PermissionAction.UPDATE, PermissionResource.PROJECTS)
  if (action === 'delete' && moderates && row.visibility === 'project') return
  throw forbidden(`Only the owner of this ${noun} can ${action} it`)
}

function isStale(row: ContentItemRow, body: UpdateSnippetBody): boolean {
  if (body.version !== undefined) return body.version !== row.version
  if (body.updated_at !== undefined) return new Date(body.updated_at).getTime() !== row.updated_at.getTime()
  return false
}

/**
 * Applies the fields given (the others keep their values). With `version` (or `updated_at`) it only
 * applies when nobody changed the item since: otherwise SnippetConflictError. With `upsert` (PUT), a
 * missing item is created with this id, so a retried save never makes a duplicate.
 */
export async function updateContent(
  ctx: AppContext,
  userId: number,
  ref: string,
  id: string,
  body: UpdateSnippetBody,
  options: { upsert: boolean },
): Promise<{ item: Content; created: boolean }> {
  const caller = await contentCaller(ctx, userId, ref)
  const current = await findContent(ctx.db, caller, id)
  if (!current) {
    if (!options.upsert) throw notFound('Query not found')
    const type = body.type ?? 'sql'
    assertMayCreate(caller, type)
    return { item: await insertContent(ctx.db, caller, id, type, body), created: true }
  }
  const type = current.type as ContentType
  assertOwnerMayChange(caller, current, 'update')
  if (body.type !== undefined && body.type !== type) throw badRequest(CONTENT_TYPE_CHANGE_MESSAGE)
  if (isStale(current, body)) throw new SnippetConflictError(toContent(current))
  if (body.name !== undefined && body.name === '') throw badRequest(`The ${contentNoun(type)} name cannot be empty`)
  assertFieldsFit(type, body)

  const visibility = body.visibility ?? current.visibility
  const folderId = body.folder_id !== undefined ? body.folder_id : current.folder_id
  await assertPlacement(ctx.db, caller, { type, ownerId: current.owner_id, visibility, folderId })
  const layout = body.content?.layout
  const updated = await ctx.db
    .updateTable('content')
    .set({
      name: body.name ?? current.name,
      description: body.description ?? current.description,
      visibility,
      folder_id: folderId,
      favorite: body.favorite ?? body.content?.favorite ?? current.favorite,
      sql: body.content?.sql ?? current.sql,
      ...(layout !== undefined ? { layout: storedLayout(layout) } : {}),
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
  const row = await findContent(ctx.db, caller, id)
  if (!row) throw notFound('Query not found')
  if (!updated) throw new SnippetConflictError(toContent(row))
  return { item: toContent(row), created: false }
}

export async function deleteContent(ctx: AppContext, userId: number, ref: string, id: string): Promise<void> {
  const caller = await contentCaller(ctx, userId, ref)
  const current = await findContent(ctx.db, caller, id)
  if (!current) throw notFound('Query not found')
  assertOwnerMayChange(caller, current, 'delete')
  await ctx.db.deleteFrom('content').where('id', '=', id).execute()
}
