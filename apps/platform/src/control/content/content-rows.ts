import type { Content, ContentType, ReportCard, Snippet, SnippetVisibility } from '@pgfleet/contracts'
import type { Db } from '../../db/kysely'
import type { ContentRow } from '../../db/types'
import type { ContentCaller } from './caller'

export type ContentItemRow = ContentRow & { owner_username: string }

/** The API shape of a row: a snippet carries its SQL, a report its layout of cards. */
export function toContent(row: ContentItemRow): Content {
  const common = {
    id: row.id,
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
  }
  if (row.type === 'report') {
    const layout = Array.isArray(row.layout) ? (row.layout as ReportCard[]) : []
    return {
      ...common,
      type: 'report',
      content: { schema_version: row.schema_version, content_id: row.id, layout },
    }
  }
  const snippet: Snippet = {
    ...common,
    type: 'sql',
    content: { schema_version: row.schema_version, content_id: row.id, sql: row.sql, favorite: row.favorite },
  }
  return snippet
}

/** Content the caller may see: their own, and what is shared with the project. */
export function visibleContent(db: Db, caller: ContentCaller) {
  return db
    .selectFrom('content')
    .innerJoin('users', 'users.id', 'content.owner_id')
    .selectAll('content')
    .select('users.username as owner_username')
    .where('content.project_id', '=', caller.projectId)
    .where((eb) => eb.or([eb('content.owner_id', '=', caller.userId), eb('content.visibility', '=', 'project')]))
}

export async function findContent(db: Db, caller: ContentCaller, id: string): Promise<ContentItemRow | undefined> {
  return visibleContent(db, caller).where('content.id', '=', id).executeTakeFirst()
}

/** How messages name an item of this type. */
export const contentNoun = (type: ContentType | string) => (type === 'report' ? 'report' : 'query')
