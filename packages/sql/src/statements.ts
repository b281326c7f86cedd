import type { Node } from '@supabase/pg-parser/17/types'
import { asNode } from './ast'
import type { ParsedSql, SqlToken } from './parser'

/** One statement of a script, with its position in the SQL it was parsed from. */
export interface SqlStatement {
  index: number
  /** Parse node type: 'SelectStmt', 'DeleteStmt', 'CreateFunctionStmt'... */
  type: string
  /** The statement's parse tree. */
  node: Node
  /** JavaScript string index of the first token of the statement. */
  start: number
  /** Index just after its last token; the terminating semicolon is not part of it. */
  end: number
  /** `sql.slice(start, end)`: the statement without surrounding whitespace, comments or semicolon. */
  text: string
}

export type StatementSlice = Omit<SqlStatement, 'node'>

const isTrivia = (token: SqlToken): boolean =>
  token.kind === 'SQL_COMMENT' || token.kind === 'C_COMMENT' || token.kind === 'ASCII_59'

/**
 * Narrows the parser's statement ranges (which run from just after the previous semicolon)
 * to the statement's own tokens.
 */
export function buildStatements(
  sql: string,
  located: readonly { node: Node; start: number; end: number }[],
  tokens: readonly SqlToken[],
): SqlStatement[] {
  return located.map(({ node, start, end }, index) => {
    const own = tokens.filter((token) => token.start >= start && token.end <= end && !isTrivia(token))
    const first = own[0]
    const last = own[own.length - 1]
    let from = first ? first.start : start
    let to = last ? last.end : end
    if (!first || !last) {
      while (from < to && /\s/.test(sql[from] ?? '')) from++
      while (to > from && /[\s;]/.test(sql[to - 1] ?? '')) to--
    }
    return { index, type: asNode(node)?.type ?? 'Unknown', node, start: from, end: to, text: sql.slice(from, to) }
  })
}

/**
 * The statements of a script, split by Postgres' own grammar: semicolons inside strings,
 * dollar-quoted bodies, comments or `BEGIN ATOMIC ... END` do not split. Empty when the SQL
 * has a syntax error (see `parsed.error`) or holds no statement.
 */
export function splitStatements(parsed: ParsedSql): StatementSlice[] {
  return parsed.statements.map(({ index, type, start, end, text }) => ({ index, type, start, end, text }))
}
