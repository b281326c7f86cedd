import { LOAD_SCHEMAS_ERROR, RELOAD_SCHEMAS_LABEL } from '@pgfleet/contracts'

export const DATABASE_TITLE = 'Database'
export const TABLES_TITLE = 'Tables'
export const SCHEMA_LABEL = 'Schema'
export const DEFAULT_SCHEMA = 'public'
export const SEARCH_TABLES_LABEL = 'Search tables'
export const SEARCH_TABLES_PLACEHOLDER = 'Search for a table'
export const LOAD_SCHEMAS_ERROR_TITLE = LOAD_SCHEMAS_ERROR
export const RELOAD_SCHEMAS = RELOAD_SCHEMAS_LABEL
export const LOAD_TABLES_ERROR_TITLE = 'Failed to load tables'
export const NO_TABLES_MESSAGE = (schema: string) => `No tables in schema ${schema}`
export const NO_MATCHING_TABLES_MESSAGE = (search: string) => `No tables match "${search}"`
export const COLUMN_HEADERS = ['Name', 'Format', 'Type', 'Default', 'Nullable', 'Primary key', 'Description'] as const
export const NO_COLUMNS_MESSAGE = 'This table has no columns'
/** Tables listed per page: big catalogs (thousands of tables) are paged, never rendered at once. */
export const TABLES_PAGE_SIZE = 50
export const PREVIOUS_PAGE_LABEL = 'Previous'
export const NEXT_PAGE_LABEL = 'Next'
export const PAGE_SUMMARY = (from: number, to: number, total: number) => `${from}–${to} of ${total} tables`
