import type { PgParser } from '@supabase/pg-parser'
import type { Node, RawStmt } from '@supabase/pg-parser/17/types'
import { type OffsetMap, offsetMap } from './offsets'
import { buildStatements, type SqlStatement } from './statements'

/** The Postgres major whose grammar the analyzer uses. */
export const PARSER_POSTGRES_VERSION = 17

export type KeywordKind = 'none' | 'unreserved' | 'col_name' | 'type_func_name' | 'reserved'

/** One token of Postgres' own scanner. Offsets are JavaScript string indexes. */
export interface SqlToken {
  /** Postgres token name: 'SELECT', 'IDENT', 'SCONST', 'SQL_COMMENT', 'C_COMMENT', 'ASCII_58' (':')... */
  kind: string
  text: string
  start: number
  end: number
  keywordKind: KeywordKind
}

export interface SqlSyntaxError {
  message: string
  /** JavaScript string index where Postgres detected the error. */
  position: number
}

export interface ScannedSql {
  sql: string
  /** Empty when the scanner failed (for example an unterminated string). */
  tokens: readonly SqlToken[]
  error?: SqlSyntaxError
}

/**
 * SQL parsed once, ready for the synchronous analyses of this package.
 * When `error` is set the SQL is not valid Postgres 17 syntax and `statements` is empty.
 */
export interface ParsedSql extends ScannedSql {
  statements: readonly SqlStatement[]
}

export interface SqlAnalyzer {
  parse(sql: string): Promise<ParsedSql>
  scan(sql: string): Promise<ScannedSql>
}

let loading: Promise<SqlAnalyzer> | undefined

/**
 * Loads the WebAssembly build of the Postgres 17 parser once and returns the analyzer.
 * Later calls return the same promise; a failed load is retried on the next call.
 * The parser module is imported dynamically, so bundles only fetch it when this first runs.
 */
export function loadSqlAnalyzer(): Promise<SqlAnalyzer> {
  loading ??= createAnalyzer().catch((error: unknown) => {
    loading = undefined
    throw error
  })
  return loading
}

/** Parses and scans `sql` with the shared analyzer. */
export async function parseSql(sql: string): Promise<ParsedSql> {
  return (await loadSqlAnalyzer()).parse(sql)
}

/** Runs only Postgres' scanner over `sql` (works on text that is not valid SQL, like `:name` placeholders). */
export async function scanSql(sql: string): Promise<ScannedSql> {
  return (await loadSqlAnalyzer()).scan(sql)
}

async function createAnalyzer(): Promise<SqlAnalyzer> {
  const { PgParser } = await import('@supabase/pg-parser')
  const parser = new PgParser({ version: PARSER_POSTGRES_VERSION })
  await parser.ready
  return {
    scan: (sql) => scanWith(parser, sql, offsetMap(sql)),
    parse: (sql) => parseWith(parser, sql),
  }
}

type Parser = PgParser<typeof PARSER_POSTGRES_VERSION>

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error))

async function scanWith(parser: Parser, sql: string, offsets: OffsetMap): Promise<ScannedSql> {
  try {
    const result = await parser.scan(sql)
    if (result.error) {
      const position = offsets.fromCodePoint(result.error.position)
      return { sql, tokens: [], error: { message: result.error.message, position } }
    }
    const tokens = result.tokens.map((token) => ({
      kind: token.kind,
      text: token.text,
      start: offsets.fromByte(token.start),
      end: offsets.fromByte(token.end),
      keywordKind: token.keywordKind,
    }))
    return { sql, tokens }
  } catch (error) {
    return { sql, tokens: [], error: { message: errorMessage(error), position: 0 } }
  }
}

async function parseWith(parser: Parser, sql: string): Promise<ParsedSql> {
  const offsets = offsetMap(sql)
  const scanned = await scanWith(parser, sql, offsets)
  let stmts: RawStmt[]
  try {
    const result = await parser.parse(sql)
    if (result.error) {
      const position = offsets.fromCodePoint(result.error.position)
      return { ...scanned, statements: [], error: { message: result.error.message, position } }
    }
    stmts = result.tree.stmts ?? []
  } catch (error) {
    return { ...scanned, statements: [], error: { message: errorMessage(error), position: 0 } }
  }
  const located = stmts.flatMap((raw) => {
    if (!raw.stmt) return []
    const start = offsets.fromByte(raw.stmt_location ?? 0)
    // a length of 0 means "up to the end of the input"
    const end = raw.stmt_len ? offsets.fromByte((raw.stmt_location ?? 0) + raw.stmt_len) : sql.length
    return [{ node: raw.stmt as Node, start, end }]
  })
  return { ...scanned, statements: buildStatements(sql, located, scanned.tokens) }
}
