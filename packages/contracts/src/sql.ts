import { z } from 'zod'

/** Editor queries stop after this long unless the project sets another value. */
export const DEFAULT_SQL_STATEMENT_TIMEOUT_MS = 60_000
export const MIN_SQL_STATEMENT_TIMEOUT_MS = 100
export const MAX_SQL_STATEMENT_TIMEOUT_MS = 60 * 60_000

/**
 * The most rows one answer of POST /platform/pg-meta/{ref}/query carries, over all its result sets;
 * the rest is counted but not kept (`truncated`). The export route has no such cap.
 */
export const MAX_QUERY_RESULT_ROWS = 100_000
/** The most characters of cell text one answer keeps, so wide rows cannot exhaust the server either. */
export const MAX_QUERY_RESULT_CHARS = 64 * 1024 * 1024

/** Why a result set lacks rows: the editor's row limit, or the server's caps on one answer. */
export const QUERY_TRUNCATION_CAUSES = ['row_limit', 'server_cap'] as const
export type QueryTruncationCause = (typeof QUERY_TRUNCATION_CAUSES)[number]

const ParameterValue = z.union([z.string(), z.number(), z.boolean(), z.null()])

export const RunQueryBody = z.object({
  query: z.string({ error: 'query is required' }).max(1024 * 1024, 'The query must be at most 1 MB'),
  /**
   * Values for `:name` placeholders (with `@set name = value` as defaults) when an object,
   * or for `$1..$n` when an array. Values are bound, never pasted into the SQL.
   */
  parameters: z.union([z.array(z.unknown()), z.record(z.string(), ParameterValue)]).optional(),
  /** Rows to show: a single row-returning query gets `limit rowLimit + 1` appended; -1 or absent means no limit. */
  rowLimit: z.number().int().min(-1).optional(),
  /** Run in a read-only transaction even when the caller may write. */
  readOnly: z.boolean().optional(),
  /** Chosen by the client; POST .../query/cancel with the same id cancels the query while it runs. */
  queryId: z.string().min(1).max(128).optional(),
})
export type RunQueryBody = z.infer<typeof RunQueryBody>

export const QueryColumn = z.object({
  name: z.string(),
  /** pg_type.typname, e.g. int4, text, jsonb, _int4 (an array), or a user-defined type's name */
  type: z.string(),
  typeId: z.number(),
})
export type QueryColumn = z.infer<typeof QueryColumn>

/**
 * One statement's outcome. `rows` are arrays aligned with `columns` (so duplicate column names survive).
 * Values: booleans, int2/int4/float4/float8/oid as numbers (NaN and Infinity as text), json and jsonb
 * parsed, arrays of those and of text-like types as arrays; everything else, int8 and numeric included,
 * as Postgres prints it.
 */
export const QueryResultSet = z.object({
  /** SELECT, INSERT, CREATE TABLE, ...; null for a statement Postgres did not name */
  command: z.string().nullable(),
  columns: z.array(QueryColumn),
  rows: z.array(z.array(z.unknown())),
  /** rows returned or affected, as Postgres reports it; null when it reports none */
  rowCount: z.number().nullable(),
  /** some rows of this result set are not in `rows` (row limit or server cap) */
  truncated: z.boolean(),
  /**
   * What cut the rows off: the request's `rowLimit` ('Limited to only N rows'), or the server's caps
   * (MAX_QUERY_RESULT_ROWS, MAX_QUERY_RESULT_CHARS; export the result to get every row); null when nothing did.
   */
  truncatedBy: z.enum(QUERY_TRUNCATION_CAUSES).nullable(),
})
export type QueryResultSet = z.infer<typeof QueryResultSet>

export const RunQueryResponse = z.object({
  /** every statement, in order; those without a row description have `columns: []` */
  results: z.array(QueryResultSet),
  /** any result set is truncated: with a row limit, 'Limited to only N rows' applies */
  truncated: z.boolean(),
  /** the limit appended to the SQL, or null when the SQL ran unchanged */
  autoLimit: z.number().nullable(),
  /** NOTICE/WARNING messages raised while it ran */
  notices: z.array(z.string()),
  durationMs: z.number(),
})
export type RunQueryResponse = z.infer<typeof RunQueryResponse>

/** The 400 answer of a query Postgres refused. */
export const QueryErrorResponse = z.object({
  message: z.string(),
  /** psql-like text: ERROR, LINE with a caret, DETAIL, HINT, CONTEXT */
  formattedError: z.string(),
  /** 1-based character position in the `query` that was sent, when Postgres gives one */
  position: z.number().nullable(),
  hint: z.string().nullable(),
  detail: z.string().nullable(),
  /** SQLSTATE, e.g. 42P01; 57014 for a cancelled or timed-out query */
  code: z.string().nullable(),
  /**
   * POST .../query with several statements where a later one failed: the result sets of the statements
   * that completed before it, in order (absent when none did).
   */
  results: z.array(QueryResultSet).optional(),
  /** with `results`: those statements ran in the failed one's transaction, so their changes were undone */
  rolledBack: z.boolean().optional(),
})
export type QueryErrorResponse = z.infer<typeof QueryErrorResponse>

export const CancelQueryBody = z.object({ queryId: z.string({ error: 'queryId is required' }).min(1).max(128) })
export type CancelQueryBody = z.infer<typeof CancelQueryBody>
/** `cancelled` is false when no query with that id was running (it may have just finished). */
export const CancelQueryResponse = z.object({ cancelled: z.boolean() })
export type CancelQueryResponse = z.infer<typeof CancelQueryResponse>

export const EXPORT_FORMATS = ['csv', 'json'] as const
/**
 * What a CSV export does with a cell that a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`,
 * a tab or a carriage return, and is not a plain number): `escape` (the default) writes it after a `'`, which
 * spreadsheets show and do not run; `keep` writes every cell as it is, for files read back by programs.
 */
export const CSV_FORMULA_MODES = ['escape', 'keep'] as const
export type CsvFormulaMode = (typeof CSV_FORMULA_MODES)[number]
export const CSV_RAW_EXPORT_LABEL = 'Export CSV (raw)'
export const CSV_RAW_EXPORT_HINT =
  "Cells starting with = + - or @ are written as they are, without the ' that stops a spreadsheet from running them as formulas"
export const CsvFormulaModeSchema = z.enum(CSV_FORMULA_MODES, {
  error: `formulas must be one of ${CSV_FORMULA_MODES.join(', ')}`,
})
export const ExportQueryParams = z.object({
  format: z.enum(EXPORT_FORMATS, { error: `format must be one of ${EXPORT_FORMATS.join(', ')}` }).default('csv'),
  formulas: CsvFormulaModeSchema.default('escape'),
})
export type ExportQueryParams = z.input<typeof ExportQueryParams>
export const ExportQueryBody = RunQueryBody.omit({ rowLimit: true, readOnly: true })
export type ExportQueryBody = z.infer<typeof ExportQueryBody>

/**
 * POST /platform/pg-meta/{ref}/query/export-url answers a download address: GET it (as the same user) once,
 * within this long, and the platform streams the file as an attachment.
 */
export const EXPORT_LINK_TTL_MS = 60_000
/** The single-use token of a download address (GET /platform/pg-meta/{ref}/query/export/{token}). */
export const ExportLinkToken = z.string().regex(/^[\w-]{43}$/, 'Invalid download link')
export const EXPORT_LINK_INVALID_MESSAGE = 'This download link has expired or was already used; export the result again'
export const ExportLinkResponse = z.object({ fileUrl: z.string(), expires_at: z.string() })
export type ExportLinkResponse = z.infer<typeof ExportLinkResponse>

/** Management API: POST /v1/projects/{ref}/database/query answers the rows of the last statement. */
export const ManagementQueryBody = z.object({
  query: RunQueryBody.shape.query,
  parameters: RunQueryBody.shape.parameters,
  read_only: z.boolean().optional(),
})
export type ManagementQueryBody = z.infer<typeof ManagementQueryBody>

export const SqlSettings = z.object({ statement_timeout_ms: z.number() })
export type SqlSettings = z.infer<typeof SqlSettings>
export const UpdateSqlSettingsBody = z.object({
  statement_timeout_ms: z
    .number({ error: 'statement_timeout_ms is required' })
    .int()
    .min(MIN_SQL_STATEMENT_TIMEOUT_MS, `The statement timeout must be at least ${MIN_SQL_STATEMENT_TIMEOUT_MS} ms`)
    .max(MAX_SQL_STATEMENT_TIMEOUT_MS, `The statement timeout must be at most ${MAX_SQL_STATEMENT_TIMEOUT_MS} ms`),
})
export type UpdateSqlSettingsBody = z.infer<typeof UpdateSqlSettingsBody>

/** The management API's answer: the last statement's rows, as objects keyed by column name. */
export const ManagementQueryResponse = z.array(z.record(z.string(), z.unknown()))
export type ManagementQueryResponse = z.infer<typeof ManagementQueryResponse>
