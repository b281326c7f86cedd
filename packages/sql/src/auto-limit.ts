import { someNode } from './ast'
import type { ParsedSql } from './parser'

/** Row limits offered in the editor; -1 is "No limit". */
export const ROW_LIMIT_OPTIONS: readonly number[] = [-1, 100, 500, 1000]
export const DEFAULT_ROW_LIMIT = 100

/** Why no limit was appended. */
export type AutoLimitSkip =
  | 'no-limit' // the limit is not a positive integer
  | 'invalid' // syntax error: the server reports it better
  | 'comment' // the SQL has a comment marker (-- or /* */ outside strings)
  | 'not-one-statement'
  | 'not-a-query' // not a SELECT returning rows (DML, DDL, SELECT INTO, locking, CREATE TABLE AS...)
  | 'has-limit' // LIMIT, OFFSET or FETCH FIRST already at the top level
  | 'writes' // a data-modifying CTE

export interface AutoLimit {
  sql: string
  applied: boolean
  skipped?: AutoLimitSkip
}

const WRITES = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt'])

function skipReason(parsed: ParsedSql, limit: number): AutoLimitSkip | undefined {
  if (!Number.isInteger(limit) || limit <= 0) return 'no-limit'
  if (parsed.error) return 'invalid'
  if (parsed.tokens.some((token) => token.kind === 'SQL_COMMENT' || token.kind === 'C_COMMENT')) return 'comment'
  const [statement, ...others] = parsed.statements
  if (!statement || others.length > 0) return 'not-one-statement'
  if (statement.type !== 'SelectStmt') return 'not-a-query'
  const select = (statement.node as { SelectStmt: Record<string, unknown> }).SelectStmt
  if (
    select.limitCount ||
    select.limitOffset ||
    (select.limitOption && select.limitOption !== 'LIMIT_OPTION_DEFAULT')
  ) {
    return 'has-limit'
  }
  const intoOrLock = someNode(
    statement.node,
    (node) => node.type === 'LockingClause' || (node.type === 'SelectStmt' && Boolean(node.body.intoClause)),
  )
  if (intoOrLock) return 'not-a-query'
  return someNode(statement.node, (node) => WRITES.has(node.type)) ? 'writes' : undefined
}

/**
 * Appends ` limit N` to a single row-returning query: a SELECT, a CTE ending in a SELECT,
 * VALUES, TABLE t, a parenthesised query or a UNION/INTERSECT/EXCEPT, each of which accepts a
 * trailing LIMIT that applies to the whole result. Any trailing semicolon and whitespace is
 * dropped first. Nothing changes when the limit is not above 0, the SQL has a comment or a
 * syntax error, holds several statements, already has LIMIT/OFFSET/FETCH FIRST, uses
 * SELECT INTO or FOR UPDATE/SHARE (limiting would change what is written or locked), or has
 * a data-modifying CTE.
 */
export function applyAutoLimit(parsed: ParsedSql, limit: number): AutoLimit {
  const skipped = skipReason(parsed, limit)
  if (skipped) return { sql: parsed.sql, applied: false, skipped }
  // only semicolons may follow the statement: comments were ruled out above
  const lastToken = parsed.tokens.findLast((token) => token.kind !== 'ASCII_59')
  const end = lastToken ? lastToken.end : parsed.sql.length
  return { sql: `${parsed.sql.slice(0, end)} limit ${limit}`, applied: true }
}

/**
 * The limit to send so the UI can tell whether rows were cut off: one more than it shows.
 * Limits of 0 or below (no limit) stay as they are.
 */
export function limitForFetch(limit: number): number {
  return limit > 0 ? limit + 1 : limit
}

/** Whether a result fetched with `limitForFetch(limit)` had more rows than `limit`. */
export function wasCutOff(rowCount: number, limit: number): boolean {
  return limit > 0 && rowCount > limit
}

/** 'Limited to only 100 rows', shown only when `wasCutOff`. */
export function limitedRowsMessage(limit: number): string {
  return `Limited to only ${limit} rows`
}
