import { z } from 'zod'

/** Texts and defaults of the SQL snippet entity. */
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
export const REPORT_CREATE_FORBIDDEN_MESSAGE =
  'You do not have the required permissions to save reports in this project'
export const REPORT_CONFLICT_MESSAGE =
  'This report was changed elsewhere (another tab or another user) since you loaded it'
export const REPORT_IN_FOLDER_MESSAGE = 'Reports cannot be within a folder'
export const CONTENT_TYPE_CHANGE_MESSAGE = 'The type of saved content cannot change'
export const REPORT_DEFAULT_NAME = 'Untitled report'
/** The content API expects this `Version` header value, like the hosted product's. */
export const CONTENT_API_VERSION = '2'

export const SNIPPET_NAME_MAX_LENGTH = 256
export const SNIPPET_DESCRIPTION_MAX_LENGTH = 4096
export const SNIPPET_SQL_MAX_LENGTH = 1024 * 1024
export const FOLDER_NAME_MAX_LENGTH = 100
export const REPORT_MAX_CARDS = 100

/**
 * What the content API stores: SQL snippets (`sql`, the dashboard's entity) and reports (`report`, a layout of
 * query cards). Listing answers one type at a time (`?type=`, default `sql`).
 */
export const CONTENT_TYPES = ['sql', 'report'] as const
export const ContentType = z.enum(CONTENT_TYPES, { error: `type must be one of ${CONTENT_TYPES.join(', ')}` })
export type ContentType = z.infer<typeof ContentType>

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

/** The fields every saved content item has, whatever its type. */
const contentBase = {
  id: z.string(),
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
}

export const Snippet = z.object({ ...contentBase, type: z.literal('sql'), content: SnippetContent })
export type Snippet = z.infer<typeof Snippet>

/** Chart config, as a report keeps it for each of its cards. */
export const CHART_TYPES = ['bar', 'line'] as const
export const ChartConfig = z.object({
  type: z.enum(CHART_TYPES, { error: `chart type must be one of ${CHART_TYPES.join(', ')}` }),
  cumulative: z.boolean(),
  xKey: z.string().max(256),
  yKey: z.string().max(256),
  showLabels: z.boolean(),
  showGrid: z.boolean(),
  view: z.enum(['table', 'chart']),
})
export type ChartConfig = z.infer<typeof ChartConfig>
/** A card's chart config until someone changes it: a table, with a bar chart ready. */
export const DEFAULT_CHART_CONFIG: ChartConfig = {
  type: 'bar',
  cumulative: false,
  xKey: '',
  yKey: '',
  showLabels: false,
  showGrid: true,
  view: 'table',
}

/**
 * One query card placed in a report. `snippet_id` names the saved query it came from (its current SQL is
 * shown while the viewer can see it); `sql` is the text as dropped, used when the snippet is gone or private.
 */
export const ReportCard = z.object({
  id: Uuid,
  title: z
    .string()
    .trim()
    .max(SNIPPET_NAME_MAX_LENGTH, `A card title must be at most ${SNIPPET_NAME_MAX_LENGTH} characters`),
  snippet_id: Uuid.nullable(),
  sql: z.string().max(SNIPPET_SQL_MAX_LENGTH, 'The query is too large to save (1 MB at most)'),
  chart: ChartConfig,
  /** order in the report, from 0 */
  position: z.number().int().min(0),
})
export type ReportCard = z.infer<typeof ReportCard>

export const ReportLayout = z
  .array(ReportCard)
  .max(REPORT_MAX_CARDS, `A report holds at most ${REPORT_MAX_CARDS} cards`)
  .refine((cards) => new Set(cards.map((card) => card.id)).size === cards.length, 'Card ids must be unique')

export const ReportContent = z.object({
  schema_version: z.string(),
  /** always the report's id */
  content_id: z.string(),
  layout: z.array(ReportCard),
})
export type ReportContent = z.infer<typeof ReportContent>

export const Report = z.object({ ...contentBase, type: z.literal('report'), content: ReportContent })
export type Report = z.infer<typeof Report>

export const Content = z.discriminatedUnion('type', [Snippet, Report])
export type Content = z.infer<typeof Content>

const SnippetName = z
  .string()
  .trim()
  .max(SNIPPET_NAME_MAX_LENGTH, `The query name must be at most ${SNIPPET_NAME_MAX_LENGTH} characters`)
const SnippetSql = z.string().max(SNIPPET_SQL_MAX_LENGTH, 'The query is too large to save (1 MB at most)')

const SnippetContentInput = z.object({
  sql: SnippetSql.optional(),
  /** reports only: the whole layout, replacing the stored one */
  layout: ReportLayout.optional(),
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
  /** default `sql`; an existing item keeps its type */
  type: ContentType.optional(),
  folder_id: Uuid.nullable().optional(),
  favorite: z.boolean().optional(),
  content: SnippetContentInput.optional(),
  project_id: z.number().optional(),
  owner_id: z.number().optional(),
}

/** POST /platform/projects/{ref}/content: the snippet (or, with type `report`, the report) to insert; every field has a default. */
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

/** PUT /platform/projects/{ref}/content (the hosted product's save call): the same upsert, with the id in the body. */
export const SaveSnippetBody = z.object({
  id: z.uuid({ error: 'id must be a UUID' }),
  ...UpdateSnippetBody.omit({ id: true }).shape,
})
export type SaveSnippetBody = z.infer<typeof SaveSnippetBody>

/** The `{id}` of a snippet, report or folder in a path. */
export const ContentIdParam = z.uuid({ error: 'The id must be a UUID' })

/** The 409 answer of a conflicting update: the snippet (or report) as it is now. */
export const SnippetConflictResponse = z.object({ message: z.string(), current: Content })
export type SnippetConflictResponse = z.infer<typeof SnippetConflictResponse>

export const SNIPPET_SORTS = ['name', 'inserted_at', 'updated_at'] as const
const QueryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true')

export const ListSnippetsQuery = z.object({
  /** one type per list: snippets never come with reports */
  type: ContentType.default('sql'),
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
export const ReportList = z.object({ data: z.array(Report), total: z.number() })
export type ReportList = z.infer<typeof ReportList>

/** A list of one type (`?type=`): snippets or reports, never both. */
export const ContentList = z.object({ data: z.array(Content), total: z.number() })
export type ContentList = z.infer<typeof ContentList>

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
