import type { QueryErrorResponse } from '@pgfleet/contracts'
import { caretLines, codePointToIndex, indexToCodePoint, originalIndex } from '@pgfleet/sql'

export { caretLines, originalIndex }

/** A query Postgres refused: answered as a 400 with `body`, never with a stack. */
export class SqlQueryError extends Error {
  constructor(readonly body: QueryErrorResponse) {
    super(body.message)
    this.name = 'SqlQueryError'
  }
}

/** What Postgres puts in an ErrorResponse (pg's DatabaseError). */
export interface PostgresErrorFields {
  message: string
  severity?: string
  code?: string
  detail?: string
  hint?: string
  position?: string
  internalPosition?: string
  internalQuery?: string
  where?: string
}

export const isPostgresError = (error: unknown): error is PostgresErrorFields & Error =>
  error instanceof Error && typeof (error as { code?: unknown }).code === 'string' && 'severity' in error

/** How the SQL that ran differs from the SQL the user wrote, to point error positions at the latter. */
export interface SentSql {
  original: string
  sent: string
  /** characters the server put before the user's SQL (e.g. `DECLARE c CURSOR FOR `) */
  prefixLength?: number
}

/** Postgres' 1-based character position in the sent text → 1-based character position in the original. */
export function originalPosition(position: number, sql: SentSql): number {
  const sentIndex = Math.max(0, codePointToIndex(sql.sent, position - 1) - (sql.prefixLength ?? 0))
  const withoutPrefix = sql.sent.slice(sql.prefixLength ?? 0)
  return indexToCodePoint(sql.original, originalIndex(sql.original, withoutPrefix, sentIndex)) + 1
}

/** The psql-like text the editor shows under a failed query. */
export function formatPostgresError(error: PostgresErrorFields, sql: string, position: number | null): string {
  const lines = [`${error.severity ?? 'ERROR'}:  ${error.code ? `${error.code}: ` : ''}${error.message}`]
  if (position !== null) lines.push(...caretLines(sql, position))
  if (error.detail) lines.push(`DETAIL:  ${error.detail}`)
  if (error.hint) lines.push(`HINT:  ${error.hint}`)
  if (error.internalQuery) {
    lines.push(`QUERY:  ${error.internalQuery}`)
    if (error.internalPosition) lines.push(...caretLines(error.internalQuery, Number(error.internalPosition)))
  }
  if (error.where) lines.push(`CONTEXT:  ${error.where}`)
  return lines.join('\n')
}

/** Turns a Postgres error into the 400 answer, with its position pointing into the SQL as written. */
export function toSqlQueryError(error: PostgresErrorFields, sql: SentSql): SqlQueryError {
  const sentPosition = error.position ? Number(error.position) : Number.NaN
  const position = Number.isFinite(sentPosition) ? originalPosition(sentPosition, sql) : null
  return new SqlQueryError({
    message: error.message,
    formattedError: formatPostgresError(error, sql.original, position),
    position,
    hint: error.hint ?? null,
    detail: error.detail ?? null,
    code: error.code ?? null,
  })
}

/** A refusal of ours that the editor shows like a Postgres error (e.g. a missing parameter value). */
export function clientSqlError(message: string, code: string | null = null): SqlQueryError {
  return new SqlQueryError({
    message,
    formattedError: `ERROR:  ${message}`,
    position: null,
    hint: null,
    detail: null,
    code,
  })
}
