// The plain values of pg-meta.ts, apart from its zod schemas, so the dashboard's first paint can import
// them without loading zod.

/**
 * Left out of every list unless `include_system_schemas=true` (temporary schemas are always left out): Postgres's
 * own schemas and `_pgfleet`, the platform's bookkeeping inside each project.
 */
export const PG_META_SYSTEM_SCHEMAS = ['information_schema', 'pg_catalog', 'pg_toast', '_pgfleet'] as const

/** The dashboard's request header naming how the connection string is sent; the platform connects itself. */
export const PG_META_CONNECTION_HEADER = 'x-connection-encrypted'

/** A metadata query longer than this is cancelled and answered with PG_META_TIMEOUT_MESSAGE (504). */
export const PG_META_STATEMENT_TIMEOUT_MS = 15_000

export const PG_META_TIMEOUT_MESSAGE = (seconds: number) =>
  `Reading the database metadata took longer than ${seconds} s and was cancelled. Narrow it with included_schemas, or retry when the database is less busy.`

/** The kinds of relation GET /platform/pg-meta/{ref}/table-names answers. */
export const PG_RELATION_KINDS = ['table', 'view', 'materialized_view', 'foreign_table'] as const

/** The toast shown when generating types fails. */
export const GENERATE_TYPES_ERROR = (message: string) => `Failed to generate types: ${message}`

/** The schema list's error panel, with a 'Reload schemas' action. */
export const LOAD_SCHEMAS_ERROR = 'Failed to load schemas'

export const RELOAD_SCHEMAS_LABEL = 'Reload schemas'
