// The plain values of table-editor.ts, apart from its zod schemas, so the dashboard's first paint can import
// them without loading zod.

/** The data API's filter operators. */
export const FILTER_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in'] as const

/** What `is` compares with: a keyword, never a value. */
export const IS_VALUES = ['null', 'not null', 'true', 'false', 'unknown'] as const

export type IsValue = (typeof IS_VALUES)[number]

export const TABLE_ROWS_PAGE_SIZE = 100

export const TABLE_ROWS_MAX_PAGE_SIZE = 1000

export const MAX_ROW_FILTERS = 20

/** Below this many rows (by the planner's estimate) the count is exact; from it on it is the estimate. */
export const EXACT_COUNT_MAX_ROWS = 50_000

export const MAX_DELETE_ROWS = 1000

export const NO_PRIMARY_KEY_MESSAGE =
  'This table has no primary key, so its rows cannot be told apart safely: it is read-only in the table editor. Add a primary key to edit it.'

export const TABLE_EDIT_DENIED_MESSAGE = 'You need additional permissions to change the rows of this table'
