import { type AutoLimit, applyAutoLimit } from './auto-limit'
import { classifySql, type SqlCategory } from './classify'
import { type DestructiveOperation, destructiveStatements } from './destructive'
import { type CachedList, invalidatedLists } from './invalidation'
import { type ParsedSql, parseSql, type SqlSyntaxError } from './parser'
import { analyzeSafety, type Safety } from './safety'
import { type StatementSlice, splitStatements } from './statements'

/** Everything the editor needs to decide how to run a query, from one parse. */
export interface SqlAnalysis {
  statements: StatementSlice[]
  safety: Safety
  destructive: DestructiveOperation[]
  category: SqlCategory | null
  invalidates: CachedList[]
  /** The SQL to send: `autoLimit.sql`, limited when `autoLimit.applied`. */
  autoLimit: AutoLimit
  error?: SqlSyntaxError
}

export function analyzeParsed(parsed: ParsedSql, options: { limit?: number } = {}): SqlAnalysis {
  const analysis: SqlAnalysis = {
    statements: splitStatements(parsed),
    safety: analyzeSafety(parsed),
    destructive: destructiveStatements(parsed),
    category: classifySql(parsed),
    invalidates: invalidatedLists(parsed),
    autoLimit: applyAutoLimit(parsed, options.limit ?? -1),
  }
  return parsed.error ? { ...analysis, error: parsed.error } : analysis
}

/** Parses `sql` once and runs every analysis. `limit` is the auto row limit (-1 for none). */
export async function analyzeSql(sql: string, options: { limit?: number } = {}): Promise<SqlAnalysis> {
  return analyzeParsed(await parseSql(sql), options)
}
