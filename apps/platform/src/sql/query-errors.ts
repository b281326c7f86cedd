import type { QueryErrorResponse } from '@pgfleet/contracts'
import { extractDirectives } from '@pgfleet/sql'

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

const IDENTIFIER_CHAR = /[\p{L}\p{N}_$]/u

function codePointToIndex(text: string, codePoint: number): number {
  let index = 0
  for (let seen = 0; seen < codePoint && index < text.length; seen++) {
    index += (text.codePointAt(index) ?? 0) > 0xffff ? 2 : 1
  }
  return index
}

const indexToCodePoint = (text: string, index: number): number => [...text.slice(0, index)].length

const isDirectiveLine = (text: string, start: number): boolean => {
  const end = text.indexOf('\n', start)
  return extractDirectives(text.slice(start, end === -1 ? undefined : end).replace(/\r$/, '')).directives.size > 0
}

/**
 * Maps an index of the SQL that was sent back to the SQL as written. The server only removes
 * `@set` lines, turns `:name` into `$n` (with a space after an identifier character) and
 * appends a limit, so walking both texts side by side finds the matching place.
 */
export function originalIndex(original: string, sent: string, sentIndex: number): number {
  let i = 0
  let j = 0
  while (j < sentIndex && j < sent.length) {
    if (i >= original.length) return original.length
    if ((i === 0 || original[i - 1] === '\n') && isDirectiveLine(original, i)) {
      const end = original.indexOf('\n', i)
      i = end === -1 ? original.length : end + 1
      continue
    }
    if (original[i] === sent[j]) {
      i++
      j++
      continue
    }
    if (original[i] === ':' && (sent[j] === '$' || sent[j] === ' ')) {
      let nameEnd = i + 1
      while (nameEnd < original.length && IDENTIFIER_CHAR.test(original[nameEnd] ?? '')) nameEnd++
      let k = sent[j] === ' ' ? j + 1 : j
      if (sent[k] === '$') k++
      while (k < sent.length && /\d/.test(sent[k] ?? '')) k++
      if (sentIndex < k) return i
      i = nameEnd
      j = k
      continue
    }
    return Math.min(i + (sentIndex - j), original.length)
  }
  return i
}

/** Postgres' 1-based character position in the sent text → 1-based character position in the original. */
export function originalPosition(position: number, sql: SentSql): number {
  const sentIndex = Math.max(0, codePointToIndex(sql.sent, position - 1) - (sql.prefixLength ?? 0))
  const withoutPrefix = sql.sent.slice(sql.prefixLength ?? 0)
  return indexToCodePoint(sql.original, originalIndex(sql.original, withoutPrefix, sentIndex)) + 1
}

const MAX_SHOWN_LINE = 100

/** psql's `LINE n: ...` and caret, for a 1-based character position in `sql`. */
export function caretLines(sql: string, position: number): string[] {
  const index = codePointToIndex(sql, position - 1)
  const lineStart = sql.lastIndexOf('\n', index - 1) + 1
  const lineEndAt = sql.indexOf('\n', index)
  const line = sql.slice(lineStart, lineEndAt === -1 ? undefined : lineEndAt).replace(/\r$/, '')
  const lineNumber = sql.slice(0, lineStart).split('\n').length
  let column = [...sql.slice(lineStart, index)].length
  let shown = line.replace(/\t/g, ' ')
  if (shown.length > MAX_SHOWN_LINE) {
    // like psql, show a window around the error with ellipses
    const from = Math.max(0, column - 60)
    const to = Math.min(shown.length, from + MAX_SHOWN_LINE - 10)
    shown = `${from > 0 ? '...' : ''}${shown.slice(from, to)}${to < shown.length ? '...' : ''}`
    column = column - from + (from > 0 ? 3 : 0)
  }
  const label = `LINE ${lineNumber}: `
  return [`${label}${shown}`, `${' '.repeat(label.length + column)}^`]
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
