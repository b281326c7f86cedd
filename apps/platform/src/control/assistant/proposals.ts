import { type EdgeFunctionProposal, EdgeFunctionSlug, type SqlProposal } from '@pgfleet/contracts'
import { analyzeSql } from '@pgfleet/sql'

export interface SqlProposalInput {
  sql: string
  title?: string | undefined
  isChart?: boolean | undefined
  xAxis?: string | undefined
  yAxis?: string | undefined
  runQuery?: boolean | undefined
}

/**
 * A statement the model proposes, judged by the SQL parser: whether it needs the editor's confirmation is decided
 * here and never taken from the model. Anything that is not a plain read (a write, DDL, a function not known to
 * be read-only) counts as writing; SQL that does not parse carries the parser's message and also counts as
 * writing, since what it would do is unknown.
 */
export async function judgeSqlProposal(input: SqlProposalInput): Promise<SqlProposal> {
  const sql = input.sql.trim()
  const analysis = await analyzeSql(sql)
  const parseError = analysis.error ? `${analysis.error.message} (at character ${analysis.error.position + 1})` : null
  const writes = parseError !== null || (!analysis.safety.safe && analysis.safety.reason !== 'empty')
  // a chart or an automatic run only makes sense for a read
  const isChart = !writes && Boolean(input.isChart && input.xAxis && input.yAxis)
  return {
    sql,
    title: input.title?.trim() || 'SQL query',
    writes,
    parseError,
    isChart,
    xAxis: isChart ? (input.xAxis ?? null) : null,
    yAxis: isChart ? (input.yAxis ?? null) : null,
    runQuery: !writes && Boolean(input.runQuery),
  }
}

export function judgeFunctionProposal(input: { name: string; title?: string; code: string }): EdgeFunctionProposal {
  const slug = EdgeFunctionSlug.safeParse(input.name)
  return {
    name: input.name,
    title: input.title?.trim() || input.name,
    code: input.code,
    valid: slug.success,
    error: slug.success ? null : (slug.error.issues[0]?.message ?? 'Invalid function name'),
  }
}
