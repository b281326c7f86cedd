export {
  FOLDER_NAME_EXISTS_MESSAGE,
  SHARED_SNIPPET_IN_FOLDER_MESSAGE,
  SNIPPET_CONFLICT_MESSAGE,
  SNIPPET_SAVE_FORBIDDEN_NOTICE,
} from '@pgfleet/contracts'

/*
 * The texts and limits below are also exported by @pgfleet/sql, which decides when they apply. They are
 * repeated here (a test keeps both equal) because importing that package statically would put the SQL
 * analyser into the editor's first chunk: the dashboard loads it with `import()` on first use.
 */
export const WRITE_OPERATION_WARNING = 'This query contains write operations.'
export const FUNCTION_CALL_WARNING = 'This query involves running a function.'
export const CONFIRM_EXECUTION_QUESTION = 'Are you sure you want to execute it?'
export const CONFIRM_EXECUTION_HINT = 'Make sure you are not accidentally removing something important.'
export const DEFAULT_QUERY_ERROR_TITLE = 'Error running SQL query'
/** Row limit options: No limit (-1), 100, 500, 1000. */
export const ROW_LIMIT_OPTIONS: readonly number[] = [-1, 100, 500, 1000]
/** Editor runs are limited to 100 rows by default. */
export const DEFAULT_ROW_LIMIT = 100
export const LIMITED_ROWS_MESSAGE = (limit: number) => `Limited to only ${limit} rows`

/** Texts and limits of the SQL editor panel. */
export const EDITOR_TAB_SIZE = 2
export const EDITOR_FONT_SIZE_PX = 13
export const EDITOR_CHANGE_DEBOUNCE_MS = 300
export const SNIPPET_SAVE_DEBOUNCE_MS = 1000
/** Failed saves are retried after 1 s, 2 s, 4 s... up to this. */
export const SAVE_RETRY_BASE_DELAY_MS = 1000
export const SAVE_RETRY_MAX_DELAY_MS = 30_000
/** Lists (templates, AI schemas) scroll after this many entries. */
export const LIST_VISIBLE_ENTRIES = 7
/** Results panel max height: 72 spacing units (0.25 rem each). */
export const RESULTS_PANEL_MAX_HEIGHT_REM = 18
/** Results kept per snippet, newest first. */
export const RESULT_HISTORY_MAX_ENTRIES = 10
/** Keepalive requests carry at most 64 KB; bigger pending saves stay in localStorage for the next visit. */
export const KEEPALIVE_MAX_BODY_BYTES = 60 * 1024

export const UNTITLED_QUERY_LABEL = 'Untitled query'
export const NEW_QUERY_NAME = 'New Query'
/** the snippet entity's own default name */
export const SNIPPET_DEFAULT_NAME = 'Untitled'
export const TITLE_FAILED = (message: string) => `Failed to generate title: ${message}`
export const NEW_QUERY_LABEL = 'New query'
export const RUN_LABEL = 'Run'
export const RUN_SELECTED_LABEL = 'Run selected'
export const CANCEL_QUERY_LABEL = 'Cancel'
export const RUN_CONFIRM_LABEL = 'Run'
export const RUN_CANCEL_LABEL = 'Cancel'
export const ROW_LIMIT_LABEL = 'Row limit'
export const NO_LIMIT_LABEL = 'No limit'
export const HIDE_RESULTS_LABEL = 'Hide results'
export const SHOW_RESULTS_LABEL = 'Show results'
export const NO_ROWS_MESSAGE = 'Success. No rows returned.'
export const NO_RESULTS_YET_MESSAGE = 'Click Run to execute your query.'
export const RUNNING_QUERY_MESSAGE = 'Running...'
export const EXPORT_CSV_LABEL = 'Export CSV'
export const EXPORT_FAILED = (message: string) => `Failed to export the result: ${message}`
/** More rows than one answer carries (the platform's cap): the grid shows the first ones. */
export const SERVER_CAP_NOTICE = 'Only part of the result is shown; export it to get every row.'
export const EXPORT_JSON_LABEL = 'Export JSON'
export const RESULT_HISTORY_LABEL = 'Result history'
/** The tab of a failed statement, after the tabs of the statements that ran before it. */
export const ERROR_TAB_LABEL = 'Error'
export const EARLIER_STATEMENTS_NOTE = (rolledBack: boolean) =>
  rolledBack
    ? 'The statements before this one ran, and their results are in the tabs before this one; their changes were rolled back with this failure.'
    : 'The statements before this one ran, and their results are in the tabs before this one.'
export const NULL_LABEL = 'NULL'
export const COPY_CELL_LABEL = 'Copy cell'
export const VIEW_CELL_LABEL = 'View cell'
export const CELL_VIEW_TOGGLE = { view: 'View', markdown: 'Markdown' } as const
export const QUERY_CANCELLED_MESSAGE = 'The query was cancelled'
/** SQLSTATE of a write refused in a read-only transaction. */
export const READ_ONLY_SQL_TRANSACTION = '25006'
export const SAVE_AS_SNIPPET_LABEL = 'Save as snippet'
export const SHARED_BY_OTHER_NOTICE = (owner: string) =>
  `This query is shared by ${owner || 'another member'}. You can run and change it here, but only its owner can save it.`
export const QUERY_OPEN_IN_PAGE = 'This query is open in the editor.'
export const SAVED_SNIPPET_MESSAGE = 'Saved snippet!'
export const SAVED_SNIPPET_LINK_LABEL = 'View it here'
export const FAILED_TO_CREATE_QUERY = (message: string) => `Failed to create new query: ${message}`
export const FAILED_TO_EXECUTE_QUERY = (message: string) => `Failed to execute query: ${message}`
export const FAILED_TO_EXECUTE_SQL = (message: string) => `Failed to execute SQL: ${message}`
/** the first save of a new snippet (an insert) failed; later saves show their state in the editor */
export const FAILED_TO_INSERT_CONTENT = (message: string) => `Failed to insert content: ${message}`
export const TEMPLATES_TITLE = 'Templates'
export const TEMPLATES_SEARCH_PLACEHOLDER = 'Search templates'
export const TEMPLATES_EMPTY = 'No templates match your search'
export const QUICKSTARTS_TITLE = 'Quickstarts'
export const PARAMETERS_TITLE = 'Parameters'
export const SNIPPET_NOT_FOUND_TITLE = 'Query not found'
export const LOADING_QUERY_LABEL = 'Loading query'
export const PARAMETER_PLACEHOLDER = 'Value'

/** Save states of a snippet. */
export const SAVE_STATUS_LABELS = {
  unsaved: 'Unsaved',
  saving: 'Saving...',
  saved: 'Saved',
  failed: 'Failed to save: retrying',
  failedNoRetry: 'Failed to save',
  forbidden: 'Not saved',
} as const
export const SAVE_RETRY_NOW_LABEL = 'Retry now'

export const CONFLICT_TITLE = 'This query changed elsewhere'
export const CONFLICT_KEEP_MINE_LABEL = 'Keep my version'
export const CONFLICT_TAKE_THEIRS_LABEL = 'Use their version'

/** Snippet sidebar. */
export const SNIPPETS_SEARCH_PLACEHOLDER = 'Search queries...'
export const SNIPPETS_SORT_LABEL = 'Sort by'
export const SNIPPET_SORT_OPTIONS = [
  { value: 'name', label: 'Name' },
  { value: 'inserted_at', label: 'Created' },
  { value: 'updated_at', label: 'Last updated' },
] as const
export type SnippetSort = (typeof SNIPPET_SORT_OPTIONS)[number]['value']
export const FAVORITES_SECTION_TITLE = 'Favorites'
export const SHARED_SECTION_TITLE = 'Shared'
export const PRIVATE_SECTION_TITLE = 'Private'
export const NEW_FOLDER_LABEL = 'New folder'
export const FOLDER_NAME_PLACEHOLDER = 'Folder name'
export const NO_SNIPPETS_TITLE = 'No queries created yet'
export const NO_SNIPPETS_DESCRIPTION = 'Queries you write and save will be listed here.'
export const NO_SEARCH_RESULTS = (search: string) => `No queries match "${search}"`
export const FOLDER_CREATED_MESSAGE = 'Successfully created folder'
export const FOLDER_UPDATED_MESSAGE = 'Successfully updated folder'
export const FOLDER_CREATE_FAILED = (message: string) => `Failed to create folder: ${message}`
export const FOLDER_SAVE_FAILED = (message: string) => `Failed to save folder: ${message}`
export const FOLDER_DELETE_FAILED = (message: string) => `Failed to delete folder: ${message}`
export const SNIPPET_DELETE_FAILED = (message: string) => `Failed to delete query: ${message}`
/** A new folder's id until the server gives it one. */
export const NEW_FOLDER_PLACEHOLDER_ID_PREFIX = 'new-folder-'
export const SNIPPET_ACTIONS_LABEL = 'Query actions'
export const FOLDER_ACTIONS_LABEL = 'Folder actions'
export const SNIPPET_ACTION_LABELS = {
  favorite: 'Add to favorites',
  unfavorite: 'Remove from favorites',
  share: 'Share with the project',
  unshare: 'Make private',
  moveToRoot: 'Move out of folder',
  moveTo: (folder: string) => `Move to ${folder}`,
  delete: 'Delete',
} as const
export const FOLDER_ACTION_LABELS = { rename: 'Rename', delete: 'Delete' } as const
export const DELETE_SNIPPET_TITLE = (name: string) => `Delete "${name}"?`
export const DELETE_SNIPPET_DESCRIPTION = 'This query and its results are removed for good.'
export const DELETE_FOLDER_TITLE = (name: string) => `Delete folder "${name}"?`
export const DELETE_FOLDER_DESCRIPTION = 'The queries in it are kept and move out of the folder.'
