import { randomUUID } from 'node:crypto'
import {
  type CreateFolderBody,
  FOLDER_NAME_EXISTS_MESSAGE,
  type Folder,
  type FolderNode,
  PermissionAction,
  PermissionResource,
  type UpdateFolderBody,
} from '@pgfleet/contracts'
import type { AppContext } from '../../context'
import type { Db } from '../../db/kysely'
import type { ContentFolderRow } from '../../db/types'
import { badRequest, conflict, forbidden, notFound } from '../../errors'
import { roleCan } from '../organizations/permissions'
import { type ContentCaller, contentCaller } from './caller'

/*
 * Folders hold their owner's private snippets (shared ones cannot be in a folder), so a folder is private
 * too: each member sees and names only their own. Names are unique per member and project, compared
 * case-insensitively; someone else's folder can neither block a name nor be revealed by the refusal.
 */

/** The key names are compared by: Unicode-aware, unlike lower() under the control plane's C locale. */
export const folderNameKey = (name: string): string => name.normalize('NFC').toLowerCase()

const toFolder = (row: ContentFolderRow): Folder => ({
  id: row.id,
  name: row.name,
  owner_id: row.owner_id,
  project_id: row.project_id,
  parent_id: row.parent_id,
})

const ownFolders = (db: Db, caller: ContentCaller) =>
  db
    .selectFrom('content_folders')
    .selectAll()
    .where('project_id', '=', caller.projectId)
    .where('owner_id', '=', caller.userId)

async function findFolder(db: Db, caller: ContentCaller, id: string): Promise<ContentFolderRow | undefined> {
  return ownFolders(db, caller).where('id', '=', id).executeTakeFirst()
}

function assertMay(caller: ContentCaller, action: 'create' | 'update' | 'delete'): void {
  const verb = { create: PermissionAction.CREATE, update: PermissionAction.UPDATE, delete: PermissionAction.DELETE }[
    action
  ]
  if (!roleCan(caller.role, verb, PermissionResource.USER_CONTENT)) {
    throw forbidden(`You do not have the required permissions to ${action} folders in this project`)
  }
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505'

async function withNameCheck<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(FOLDER_NAME_EXISTS_MESSAGE)
    throw error
  }
}

/** The caller's folders as a tree, each level sorted by name. */
export async function listFolderTree(ctx: AppContext, userId: number, ref: string): Promise<FolderNode[]> {
  const caller = await contentCaller(ctx, userId, ref)
  const rows = await ownFolders(ctx.db, caller).execute()
  const nodes = new Map(rows.map((row) => [row.id, { ...toFolder(row), children: [] as FolderNode[] }]))
  const roots: FolderNode[] = []
  for (const node of nodes.values()) {
    const parent = node.parent_id ? nodes.get(node.parent_id) : undefined
    ;(parent ? parent.children : roots).push(node)
  }
  const sort = (list: FolderNode[]) => {
    list.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    for (const node of list) sort(node.children)
  }
  sort(roots)
  return roots
}

async function assertParent(db: Db, caller: ContentCaller, parentId: string | null | undefined): Promise<void> {
  if (!parentId) return
  if (!(await findFolder(db, caller, parentId))) throw badRequest('Parent folder not found')
}

export async function createFolder(ctx: AppContext, userId: number, ref: string, body: CreateFolderBody) {
  const caller = await contentCaller(ctx, userId, ref)
  assertMay(caller, 'create')
  await assertParent(ctx.db, caller, body.parentId)
  const row = await withNameCheck(() =>
    ctx.db
      .insertInto('content_folders')
      .values({
        id: randomUUID(),
        project_id: caller.projectId,
        owner_id: userId,
        parent_id: body.parentId ?? null,
        name: body.name,
        name_key: folderNameKey(body.name),
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  )
  return toFolder(row)
}

/** Renames and/or moves a folder; it cannot move into itself or one of its subfolders. */
export async function updateFolder(
  ctx: AppContext,
  userId: number,
  ref: string,
  id: string,
  body: UpdateFolderBody,
): Promise<Folder> {
  const caller = await contentCaller(ctx, userId, ref)
  const current = await findFolder(ctx.db, caller, id)
  if (!current) throw notFound('Folder not found')
  assertMay(caller, 'update')
  if (body.parentId) {
    await assertParent(ctx.db, caller, body.parentId)
    const parents = new Map((await ownFolders(ctx.db, caller).execute()).map((row) => [row.id, row.parent_id]))
    for (let at: string | null | undefined = body.parentId; at; at = parents.get(at)) {
      if (at === id) throw badRequest('A folder cannot be moved into itself or one of its subfolders')
    }
  }
  const name = body.name ?? current.name
  const row = await withNameCheck(() =>
    ctx.db
      .updateTable('content_folders')
      .set({
        name,
        name_key: folderNameKey(name),
        parent_id: body.parentId !== undefined ? body.parentId : current.parent_id,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  )
  return toFolder(row)
}

/**
 * Deletes a folder without losing any SQL: its snippets and subfolders move up to the folder's parent
 * (the top level when it had none).
 */
export async function deleteFolder(ctx: AppContext, userId: number, ref: string, id: string): Promise<void> {
  const caller = await contentCaller(ctx, userId, ref)
  const current = await findFolder(ctx.db, caller, id)
  if (!current) throw notFound('Folder not found')
  assertMay(caller, 'delete')
  await ctx.db.transaction().execute(async (trx) => {
    // bump the version so other tabs holding the old folder id get a conflict they can resolve, not a stale save
    await trx
      .updateTable('content')
      .set((eb) => ({ folder_id: current.parent_id, version: eb('version', '+', 1), updated_at: new Date() }))
      .where('folder_id', '=', id)
      .execute()
    await trx.updateTable('content_folders').set({ parent_id: current.parent_id }).where('parent_id', '=', id).execute()
    await trx.deleteFrom('content_folders').where('id', '=', id).execute()
  })
}
