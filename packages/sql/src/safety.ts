import { someNode, stringList, type TypedNode } from './ast'
import type { ParsedSql } from './parser'

/**
 * Why a query is not safe to run without confirmation:
 * - 'write': a statement is not a plain SELECT (or it is a SELECT that writes: SELECT INTO,
 *   FOR UPDATE/SHARE locking, a data-modifying CTE);
 * - 'function': it calls a function outside the allow-list;
 * - 'invalid': Postgres 17's grammar rejects it, so what it would do is unknown;
 * - 'empty': there is no statement to run.
 */
export type SafetyReason = 'write' | 'function' | 'invalid' | 'empty'

export interface Safety {
  safe: boolean
  reason?: SafetyReason
}

export const WRITE_OPERATION_WARNING = 'This query contains write operations.'
export const FUNCTION_CALL_WARNING = 'This query involves running a function.'
export const CONFIRM_EXECUTION_QUESTION = 'Are you sure you want to execute it?'
export const CONFIRM_EXECUTION_HINT = 'Make sure you are not accidentally removing something important.'

/**
 * The warning to show before running an unsafe query. An unparsable query gets the write
 * warning: nothing is known about what it does.
 */
export function safetyWarning(reason: SafetyReason | undefined): string | undefined {
  if (reason === 'function') return FUNCTION_CALL_WARNING
  if (reason === 'write' || reason === 'invalid') return WRITE_OPERATION_WARNING
  return undefined
}

/**
 * Functions a safe query may call, by the name written in the SQL. `in` is in the product's
 * list because its check was textual; in the parse tree `x IN (...)` is an operator, never a call.
 */
export const SAFE_FUNCTIONS: readonly string[] = [
  'count',
  'sum',
  'avg',
  'min',
  'max',
  'coalesce',
  'nullif',
  'current_timestamp',
  'current_date',
  'length',
  'lower',
  'upper',
  'trim',
  'substring',
  'to_char',
  'to_date',
  'extract',
  'date',
  'date_trunc',
  'string_agg',
  'in',
]

const SAFE_FUNCTION_SET = new Set(SAFE_FUNCTIONS)

/**
 * Calls written with SQL's special syntax are stored under their internal name:
 * `trim(x)` is `pg_catalog.btrim`, `x AT TIME ZONE z` is `pg_catalog.timezone`.
 * Maps the internal name back to what the user wrote; absent names keep their own.
 */
const SQL_SYNTAX_NAMES: Readonly<Record<string, string>> = {
  btrim: 'trim',
  ltrim: 'trim',
  rtrim: 'trim',
  // AT TIME ZONE is an operator for the user, not a call
  timezone: 'at time zone',
}

const OPERATOR_LIKE = new Set(['at time zone'])

const SAFE_SQL_VALUE_FUNCTIONS = new Set(['SVFOP_CURRENT_DATE', 'SVFOP_CURRENT_TIMESTAMP', 'SVFOP_CURRENT_TIMESTAMP_N'])

/** Expression nodes that call a function the allow-list does not name (GREATEST, XMLELEMENT, JSON_OBJECT...). */
const FUNCTION_LIKE_NODES = new Set([
  'MinMaxExpr',
  'XmlExpr',
  'XmlSerialize',
  'RangeTableFunc',
  'JsonObjectConstructor',
  'JsonArrayConstructor',
  'JsonArrayQueryConstructor',
  'JsonObjectAgg',
  'JsonArrayAgg',
  'JsonParseExpr',
  'JsonScalarExpr',
  'JsonSerializeExpr',
  'JsonFuncExpr',
  'JsonTable',
])

const WRITING_NODES = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt', 'LockingClause'])

function isAllowedCall(node: TypedNode): boolean {
  const names = stringList(node.body.funcname)
  const name = names[names.length - 1]
  const schema = names.length > 1 ? names[names.length - 2] : undefined
  if (!name || names.length > 2 || (schema !== undefined && schema !== 'pg_catalog')) return false
  const written = node.body.funcformat === 'COERCE_SQL_SYNTAX' ? (SQL_SYNTAX_NAMES[name] ?? name) : name
  return SAFE_FUNCTION_SET.has(written) || OPERATOR_LIKE.has(written)
}

const writes = (node: TypedNode): boolean =>
  WRITING_NODES.has(node.type) || (node.type === 'SelectStmt' && Boolean(node.body.intoClause))

function callsUnlistedFunction(node: TypedNode): boolean {
  if (node.type === 'FuncCall') return !isAllowedCall(node)
  if (node.type === 'SQLValueFunction') return !SAFE_SQL_VALUE_FUNCTIONS.has(String(node.body.op))
  return FUNCTION_LIKE_NODES.has(node.type)
}

/** What makes one SELECT unsafe, looking at its whole tree (subqueries, CTEs, set operations). */
function selectHazard(select: unknown): 'write' | 'function' | undefined {
  if (someNode(select, writes)) return 'write'
  return someNode(select, callsUnlistedFunction) ? 'function' : undefined
}

/**
 * Whether the SQL may run without confirmation: every statement is a read-only SELECT
 * (VALUES, TABLE t and set operations included) calling only allow-listed functions.
 * Decided on the parse tree: keywords in strings, comments and identifiers never matter.
 * A write anywhere wins over a function call when both occur.
 */
export function analyzeSafety(parsed: ParsedSql): Safety {
  if (parsed.error) return { safe: false, reason: 'invalid' }
  if (parsed.statements.length === 0) return { safe: false, reason: 'empty' }
  let functionCall = false
  for (const statement of parsed.statements) {
    if (statement.type !== 'SelectStmt') return { safe: false, reason: 'write' }
    const hazard = selectHazard(statement.node)
    if (hazard === 'write') return { safe: false, reason: 'write' }
    if (hazard === 'function') functionCall = true
  }
  return functionCall ? { safe: false, reason: 'function' } : { safe: true }
}

export function isSafeQuery(parsed: ParsedSql): boolean {
  return analyzeSafety(parsed).safe
}
