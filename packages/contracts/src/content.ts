import { z } from 'zod'

/** Spec texts (section 5 and 8) and defaults of the SQL snippet entity. */
export const SNIPPET_DEFAULT_NAME = 'Untitled'
export const SNIPPET_SCHEMA_VERSION = '1.0'
export const FOLDER_NAME_EXISTS_MESSAGE = 'This folder name already exists'
export const SHARED_SNIPPET_IN_FOLDER_MESSAGE = 'Shared snippet cannot be within a folder'
/** The editor's notice for members without create on user_content; the server answers 403 with SNIPPET_CREATE_FORBIDDEN_MESSAGE. */
export const SNIPPET_SAVE_FORBIDDEN_NOTICE = 'Your queries will not be saved as you do not have sufficient permissions'
export const SNIPPET_CREATE_FORBIDDEN_MESSAGE =
  'You do not have the required permissions to save queries in this project'
export const SNIPPET_CONFLICT_MESSAGE =
  'This query was changed elsewhere (another tab or another user) since you loaded it'
/** The content API expects this `Version` header value, like the hosted product's. */
export const CONTENT_API_VERSION = '2'

export const SNIPPET_NAME_MAX_LENGTH = 256
export const SNIPPET_DESCRIPTION_MAX_LENGTH = 4096
export const SNIPPET_SQL_MAX_LENGTH = 1024 * 1024
export const FOLDER_NAME_MAX_LENGTH = 100

export const SNIPPET_VISIBILITIES = ['user', 'project'] as const
export const SnippetVisibility = z.enum(SNIPPET_VISIBILITIES, {
  error: `visibility must be one of ${SNIPPET_VISIBILITIES.join(', ')}`,
})
export type SnippetVisibility = z.infer<typeof SnippetVisibility>

const Uuid = z.uuid({ error: 'Must be a UUID' })

export const SnippetContent = z.object({
  schema_version: z.string(),
  /** always the snippet's id */
  content_id: z.string(),
  sql: z.string(),
  favorite: z.boolean(),
})
export type SnippetContent = z.infer<typeof SnippetContent>

export const Snippet = z.object({
  id: z.string(),
  type: z.literal('sql'),
  name: z.string(),
  description: z.string(),
  visibility: SnippetVisibility,
  project_id: z.number(),
  owner_id: z.number(),
  owner: z.object({ id: z.number(), username: z.string() }),
  folder_id: z.string().nullable(),
  favorite: z.boolean(),
  inserted_at: z.string(),
  updated_at: z.string(),
  /** starts at 1, +1 on every change: send it back with an update to detect conflicting edits */
  version: z.number(),
  content: SnippetContent,
})
export type Snippet = z.infer<typeof Snippet>

const SnippetName = z
  .string()
  .trim()
  .max(SNIPPET_NAME_MAX_LENGTH, `The query name must be at most ${SNIPPET_NAME_MAX_LENGTH} characters`)
const SnippetSql = z.string().max(SNIPPET_SQL_MAX_LENGTH, 'The query is too large to save (1 MB at most)')

const SnippetContentInput = z.object({
  sql: SnippetSql.optional(),
  favorite: z.boolean().optional(),
  schema_version: z.string().max(16).optional(),
  // content_id, like project_id and owner_id below, is accepted and ignored: the server sets it
  content_id: z.string().optional(),
})

const snippetFields = {
  name: SnippetName.optional(),
  description: z
    .string()
    .max(SNIPPET_DESCRIPTION_MAX_LENGTH, `The description must be at most ${SNIPPET_DESCRIPTION_MAX_LENGTH} characters`)
    .optional(),
  visibility: SnippetVisibility.optional(),
  type: z.literal('sql', { error: "type must be 'sql'" }).optional(),
  folder_id: Uuid.nullable().optional(),
  favorite: z.boolean().optional(),
  content: SnippetContentInput.optional(),
  project_id: z.number().optional(),
  owner_id: z.number().optional(),
}

/** POST /platform/projects/{ref}/content: the snippet to insert; every field has a default. */
export const CreateSnippetBody = z.object({ id: Uuid.optional(), ...snippetFields })
export type CreateSnippetBody = z.infer<typeof CreateSnippetBody>

/** PATCH (and PUT) /platform/projects/{ref}/content/{id}: fields to change, plus what the edit was based on. */
export const UpdateSnippetBody = z.object({
  ...snippetFields,
  id: z.string().optional(),
  /** the version this edit started from; a different current version answers 409 */
  version: z.number().int().positive().optional(),
  /** alternative to `version`: the updated_at this edit started from */
  updated_at: z.string().optional(),
})
export type UpdateSnippetBody = z.infer<typeof UpdateSnippetBody>

/** The 409 answer of a conflicting update: the snippet as it is now. */
export const SnippetConflictResponse = z.object({ message: z.string(), current: Snippet })
export type SnippetConflictResponse = z.infer<typeof SnippetConflictResponse>

export const SNIPPET_SORTS = ['name', 'inserted_at', 'updated_at'] as const
const QueryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true')

export const ListSnippetsQuery = z.object({
  type: z.literal('sql', { error: "type must be 'sql'" }).optional(),
  /** case-insensitive substring of the name */
  name: z.string().max(SNIPPET_NAME_MAX_LENGTH).optional(),
  visibility: SnippetVisibility.optional(),
  /** a folder's id, or `root` for snippets outside any folder */
  folder_id: z.union([z.literal('root'), Uuid]).optional(),
  favorite: QueryBoolean.optional(),
  sort: z.enum(SNIPPET_SORTS, { error: `sort must be one of ${SNIPPET_SORTS.join(', ')}` }).default('updated_at'),
  /** default: asc for name, desc for dates */
  order: z.enum(['asc', 'desc']).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  offset: z.coerce.number().int().min(0).default(0),
})
export type ListSnippetsQuery = z.infer<typeof ListSnippetsQuery>

export const SnippetList = z.object({ data: z.array(Snippet), total: z.number() })
export type SnippetList = z.infer<typeof SnippetList>

export const Folder = z.object({
  id: z.string(),
  name: z.string(),
  owner_id: z.number(),
  project_id: z.number(),
  parent_id: z.string().nullable(),
})
export type Folder = z.infer<typeof Folder>

export type FolderNode = Folder & { children: FolderNode[] }
export const FolderNode: z.ZodType<FolderNode> = Folder.extend({ children: z.lazy(() => z.array(FolderNode)) })
export const FolderTree = z.object({ data: z.array(FolderNode) })
export type FolderTree = z.infer<typeof FolderTree>

/** Trimmed; whitespace-only names are refused. Uniqueness is checked case-insensitively by the server. */
export const FolderName = z
  .string({ error: 'Folder name is required' })
  .trim()
  .min(1, 'Folder name cannot be empty')
  .max(FOLDER_NAME_MAX_LENGTH, `Folder name must be at most ${FOLDER_NAME_MAX_LENGTH} characters`)

export const CreateFolderBody = z.object({ name: FolderName, parentId: Uuid.nullable().optional() })
export type CreateFolderBody = z.infer<typeof CreateFolderBody>
export const UpdateFolderBody = z.object({ name: FolderName.optional(), parentId: Uuid.nullable().optional() })
export type UpdateFolderBody = z.infer<typeof UpdateFolderBody>
