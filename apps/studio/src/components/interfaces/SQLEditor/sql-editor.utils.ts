import type { Folder, QueryColumn, QueryResultSet, RunQueryResponse, Snippet } from '@pgfleet/contracts'
import type { DestructiveOperation, QueryParameter, SafetyReason } from '@pgfleet/sql'
import type { SnippetDraft } from '../../../state/sql-editor-save-queue'
import {
  CONFIRM_EXECUTION_HINT,
  CONFIRM_EXECUTION_QUESTION,
  FOLDER_NAME_EXISTS_MESSAGE,
  FUNCTION_CALL_WARNING,
  NEW_FOLDER_PLACEHOLDER_ID_PREFIX,
  NO_LIMIT_LABEL,
  NULL_LABEL,
  type SnippetSort,
  UNTITLED_QUERY_LABEL,
  WRITE_OPERATION_WARNING,
} from './sql-editor.constants'

// ---- results grid ----

export const COLUMN_MIN_WIDTH_PX = 100
export const COLUMN_MAX_WIDTH_PX = 500
/** Each character's budget; the grid's cells use a 13 px monospace font, under 8 px per character. */
export const COLUMN_PX_PER_CHARACTER = 8.25
/** A cell's padding (8 px each side) and its border: room the text never gets. */
export const COLUMN_CELL_CHROME_PX = 17
/** Widths are measured on this many rows, spread over the result, never on all of them. */
export const COLUMN_WIDTH_SAMPLE_ROWS = 100
/** A cell never renders more than this many characters inline; the cell dialog shows the rest. */
export const CELL_DISPLAY_MAX_CHARS = 500

/** A value as the grid shows it: NULL for null, JSON as written, everything else as text. */
export function displayValue(value: unknown): string {
  if (value === null || value === undefined) return NULL_LABEL
  if (typeof value === 'string') return value
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** 8.25 px per character plus the cell's padding, between 100 and 500 px. */
export function columnWidthForCharacters(characters: number): number {
  const width = Math.ceil(characters * COLUMN_PX_PER_CHARACTER + COLUMN_CELL_CHROME_PX)
  return Math.min(COLUMN_MAX_WIDTH_PX, Math.max(COLUMN_MIN_WIDTH_PX, width))
}

/** Up to `size` row indexes spread evenly from the first row to the last (the first rows always count). */
export function sampleRowIndexes(total: number, size = COLUMN_WIDTH_SAMPLE_ROWS): number[] {
  if (total <= size) return Array.from({ length: total }, (_, i) => i)
  const step = (total - 1) / (size - 1)
  const indexes = new Set<number>()
  for (let i = 0; i < size; i++) indexes.add(Math.round(i * step))
  return [...indexes]
}

/** The longest line a header shows: the column's name and its type, one under the other. */
function headerCharacters(column: Pick<QueryColumn, 'name' | 'type'>): number {
  return Math.max(column.name.length, column.type.length)
}

/** Column widths from the header and a sample of the rows (rows are arrays aligned with the columns). */
export function columnWidths(
  columns: readonly Pick<QueryColumn, 'name' | 'type'>[],
  rows: readonly (readonly unknown[])[],
  sampleSize = COLUMN_WIDTH_SAMPLE_ROWS,
): number[] {
  const sample = sampleRowIndexes(rows.length, sampleSize)
  return columns.map((column, index) => {
    let longest = headerCharacters(column)
    for (const rowIndex of sample) {
      const text = displayValue(rows[rowIndex]?.[index])
      // only the first line shows in a cell
      const newline = text.indexOf('\n')
      const length = Math.min(newline === -1 ? text.length : newline, CELL_DISPLAY_MAX_CHARS)
      if (length > longest) longest = length
    }
    return columnWidthForCharacters(longest)
  })
}

/** The text a cell renders: the first line, cut to a length the grid can paint quickly. */
export function cellText(value: unknown): string {
  const text = displayValue(value)
  const newline = text.indexOf('\n')
  const line = newline === -1 ? text : `${text.slice(0, newline)}…`
  return line.length > CELL_DISPLAY_MAX_CHARS ? `${line.slice(0, CELL_DISPLAY_MAX_CHARS)}…` : line
}

// ---- results ----

/** The result sets worth a tab: those that return rows (a SELECT, a RETURNING), in order. */
export function rowResultSets(response: Pick<RunQueryResponse, 'results'>): QueryResultSet[] {
  return response.results.filter((set) => set.columns.length > 0)
}

/** A run's tabs: its result sets with rows; for a failed run, those of the statements before the failing one. */
export function entryRowSets(entry: {
  response?: Pick<RunQueryResponse, 'results'>
  error?: { details?: { results?: QueryResultSet[] } }
}): QueryResultSet[] {
  if (entry.error) return rowResultSets({ results: entry.error.details?.results ?? [] })
  return entry.response ? rowResultSets(entry.response) : []
}

export function resultTabLabel(set: QueryResultSet, index: number): string {
  return `Result ${index + 1}${set.command ? ` (${set.command})` : ''}`
}

export type TruncationNotices = {
  /** 'Limited to only N rows': the run's row limit cut rows off some result set */
  rowLimit: number | undefined
  /** the server's cap on one answer cut rows off some result set */
  serverCap: boolean
}

/**
 * Which notices a run earns, from what the server says cut each result set (whether or not it could
 * append a LIMIT: a leading comment or several statements still get the row limit applied).
 */
export function truncationNotices(response: RunQueryResponse, rowLimit: number): TruncationNotices {
  const causes = new Set(response.results.map((set) => set.truncatedBy))
  return {
    rowLimit: rowLimit > 0 && causes.has('row_limit') ? rowLimit : undefined,
    serverCap: causes.has('server_cap'),
  }
}

export function rowLimitLabel(limit: number): string {
  return limit <= 0 ? NO_LIMIT_LABEL : String(limit)
}

// ---- run confirmation ----

/** A destructive statement is listed on one line, cut to this many characters. */
export const DESTRUCTIVE_STATEMENT_MAX_CHARS = 120

/** What the confirmation before an unsafe run says. */
export type RunConfirmation = {
  /** 'This query contains write operations.' or 'This query involves running a function.' */
  warning: string
  /** the hint about removing something when the SQL destroys something, else the plain question */
  question: string
  /** the statements that drop, delete, truncate or update every row, as written (one line each) */
  destructiveStatements: string[]
}

function statementLine(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim().replace(/;$/, '')
  return line.length > DESTRUCTIVE_STATEMENT_MAX_CHARS ? `${line.slice(0, DESTRUCTIVE_STATEMENT_MAX_CHARS)}…` : line
}

/**
 * The warning says whether the SQL writes or runs a function; SQL that would remove something
 * (@pgfleet/sql's destructive detection, from the parse tree) gets 'Make sure you are not accidentally
 * removing something important.' and its destructive statements, anything else 'Are you sure you want to
 * execute it?'.
 */
export function runConfirmation(
  reason: SafetyReason | undefined,
  destructive: readonly Pick<DestructiveOperation, 'statement' | 'text'>[],
): RunConfirmation {
  const statements = new Map<number, string>()
  for (const operation of destructive) {
    if (!statements.has(operation.statement)) statements.set(operation.statement, statementLine(operation.text))
  }
  return {
    warning: reason === 'function' ? FUNCTION_CALL_WARNING : WRITE_OPERATION_WARNING,
    question: statements.size > 0 ? CONFIRM_EXECUTION_HINT : CONFIRM_EXECUTION_QUESTION,
    destructiveStatements: [...statements.values()],
  }
}

// ---- parameters bar ----

export type ParameterField = {
  name: string
  value: string
  type: string | undefined
  possibleValues: string[]
  defaultValue: string | undefined
  occurrences: number
}

/**
 * The bar's fields after the SQL changed: values the user typed survive for names still used, new
 * parameters start from their `@set` default, and an enum keeps only a value it allows.
 */
export function mergeParameterFields(
  typed: Readonly<Record<string, string>>,
  parameters: readonly QueryParameter[],
): ParameterField[] {
  return parameters.map((parameter) => {
    const fallback = parameter.defaultValue ?? (parameter.type === 'enum' ? (parameter.possibleValues[0] ?? '') : '')
    let value = typed[parameter.name] ?? fallback
    if (parameter.type === 'enum' && !parameter.possibleValues.includes(value)) value = fallback
    return {
      name: parameter.name,
      value,
      type: parameter.type,
      possibleValues: parameter.possibleValues,
      defaultValue: parameter.defaultValue,
      occurrences: parameter.occurrences,
    }
  })
}

/** The values sent with a run: bound by the server, never pasted into the SQL. */
export function parameterValues(fields: readonly ParameterField[]): Record<string, string> {
  return Object.fromEntries(fields.filter((field) => field.occurrences > 0).map((field) => [field.name, field.value]))
}

// ---- snippets sidebar ----

export type SnippetListItem = Pick<
  Snippet,
  'id' | 'name' | 'visibility' | 'folder_id' | 'favorite' | 'inserted_at' | 'updated_at' | 'owner_id'
>

/** The sidebar's view of a snippet: the server's, with local unsaved changes on top. */
export function listItemOf(snippet: Snippet | undefined, draft: SnippetDraft | undefined): SnippetListItem | undefined {
  if (draft) {
    const now = new Date(0).toISOString()
    return {
      id: draft.id,
      name: draft.name,
      visibility: draft.visibility,
      folder_id: draft.folder_id,
      favorite: draft.favorite,
      inserted_at: draft.inserted_at ?? snippet?.inserted_at ?? now,
      updated_at: draft.updated_at ?? snippet?.updated_at ?? now,
      owner_id: draft.owner_id ?? snippet?.owner_id ?? 0,
    }
  }
  return snippet
}

export function snippetLabel(name: string | undefined): string {
  return name?.trim() ? name : UNTITLED_QUERY_LABEL
}

/** Names A→Z (case-insensitive); dates newest first. Drafts never saved count as newest. */
export function sortSnippets<T extends SnippetListItem>(items: readonly T[], sort: SnippetSort): T[] {
  const sorted = [...items]
  if (sort === 'name') {
    const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })
    sorted.sort((a, b) => collator.compare(snippetLabel(a.name), snippetLabel(b.name)) || a.id.localeCompare(b.id))
  } else {
    sorted.sort((a, b) => (b[sort] ?? '').localeCompare(a[sort] ?? '') || a.id.localeCompare(b.id))
  }
  return sorted
}

export function filterSnippets<T extends SnippetListItem>(items: readonly T[], search: string): T[] {
  const needle = search.trim().toLowerCase()
  if (!needle) return [...items]
  return items.filter((item) => snippetLabel(item.name).toLowerCase().includes(needle))
}

export type SnippetSections<T> = {
  favorites: T[]
  shared: T[]
  /** private snippets outside any folder */
  root: T[]
  byFolder: Map<string, T[]>
}

/** Favorites are listed on their own too; shared snippets are never in a folder. */
export function groupSnippets<T extends SnippetListItem>(items: readonly T[]): SnippetSections<T> {
  const sections: SnippetSections<T> = { favorites: [], shared: [], root: [], byFolder: new Map() }
  for (const item of items) {
    if (item.favorite) sections.favorites.push(item)
    if (item.visibility === 'project') sections.shared.push(item)
    else if (item.folder_id) {
      const list = sections.byFolder.get(item.folder_id)
      if (list) list.push(item)
      else sections.byFolder.set(item.folder_id, [item])
    } else sections.root.push(item)
  }
  return sections
}

// ---- folders ----

export const isPlaceholderFolderId = (id: string) => id.startsWith(NEW_FOLDER_PLACEHOLDER_ID_PREFIX)

export type FolderNameCheck =
  | { ok: true; name: string }
  | { ok: false; reason: 'empty' | 'duplicate'; message?: string }

/** Names are trimmed; an empty one is refused; names are unique (case-insensitive) among the project's folders. */
export function checkFolderName(
  name: string,
  folders: readonly Pick<Folder, 'id' | 'name'>[],
  exceptId?: string,
): FolderNameCheck {
  const trimmed = name.trim()
  if (!trimmed) return { ok: false, reason: 'empty' }
  const lower = trimmed.toLowerCase()
  const taken = folders.some(
    (folder) =>
      folder.id !== exceptId && !isPlaceholderFolderId(folder.id) && folder.name.trim().toLowerCase() === lower,
  )
  return taken ? { ok: false, reason: 'duplicate', message: FOLDER_NAME_EXISTS_MESSAGE } : { ok: true, name: trimmed }
}

/** Folders sorted by name, flattened from the tree with their depth. */
export function flattenFolders<T extends Folder & { children: T[] }>(
  tree: readonly T[],
  depth = 0,
): { folder: Folder; depth: number }[] {
  const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })
  return [...tree]
    .sort((a, b) => collator.compare(a.name, b.name))
    .flatMap((node) => [{ folder: node, depth }, ...flattenFolders(node.children, depth + 1)])
}
