import { caretLines, indexToCodePoint, originalIndex } from './error-position'

export const DEFAULT_QUERY_ERROR_TITLE = 'Error running SQL query'

/**
 * The title of a failed query: the first non-blank line of its error message, or
 * 'Error running SQL query' when the message is empty or missing.
 */
export function firstErrorLine(message: string | null | undefined): string {
  const line = (message ?? '').split(/\r?\n/).find((text) => text.trim() !== '')
  return line?.trim() ?? DEFAULT_QUERY_ERROR_TITLE
}

/** SQLSTATE of a syntax error. */
export const SYNTAX_ERROR_CODE = '42601'

/** A syntax error told the way Postgres tells it (the query route's error answer has the same fields). */
export interface SyntaxErrorReport {
  message: string
  /** psql-like: `ERROR:  42601: …`, then the line with a caret under the error */
  formattedError: string
  /** 1-based character position in the SQL as written */
  position: number
  hint: null
  detail: null
  code: string
}

/**
 * Reports a parse error found before running: `error.position` is an index of `sent` (the SQL after
 * binding parameters), mapped back to `original` so the caret points at what the user wrote.
 */
export function syntaxErrorReport(
  original: string,
  sent: string,
  error: { message: string; position: number },
): SyntaxErrorReport {
  const index = sent === original ? error.position : originalIndex(original, sent, error.position)
  const position = indexToCodePoint(original, Math.min(index, original.length)) + 1
  return {
    message: error.message,
    formattedError: [`ERROR:  ${SYNTAX_ERROR_CODE}: ${error.message}`, ...caretLines(original, position)].join('\n'),
    position,
    hint: null,
    detail: null,
    code: SYNTAX_ERROR_CODE,
  }
}
