import { type NodeBody, someNode, stringList, type TypedNode } from './ast'
import { BUILTIN_TYPE_NAMES } from './builtin-types'
import type { ParsedSql } from './parser'
import { READ_ONLY_BUILTINS } from './read-only-functions'

/**
 * Why a query is not safe to run without confirmation:
 * - 'write': a statement is not a plain SELECT (or it is a SELECT that writes: SELECT INTO,
 *   FOR UPDATE/SHARE locking, a data-modifying CTE);
 * - 'function': it calls a function not known to be read-only, or casts to a type that is not built in
 *   (a domain's CHECK constraints and a `CREATE CAST`'s function are a project's code);
 * - 'invalid': Postgres 17's grammar rejects it: it cannot run, and the parse error says why;
 * - 'empty': there is no statement to run.
 */
export type SafetyReason = 'write' | 'function' | 'invalid' | 'empty'

export interface Safety {
  safe: boolean
  reason?: SafetyReason
}

export interface SafetyOptions {
  /**
   * More function names known to be read-only, from the project's catalog: pg_catalog functions
   * whose overloads (in every schema) are all IMMUTABLE or STABLE.
   */
  readOnlyFunctions?: ReadonlySet<string>
}

export const WRITE_OPERATION_WARNING = 'This query contains write operations.'
export const FUNCTION_CALL_WARNING = 'This query involves running a function.'
export const CONFIRM_EXECUTION_QUESTION = 'Are you sure you want to execute it?'
export const CONFIRM_EXECUTION_HINT = 'Make sure you are not accidentally removing something important.'

/**
 * The warning to show before running an unsafe query. SQL that does not parse gets none: it is not
 * run, and its parse error is shown instead.
 */
export function safetyWarning(reason: SafetyReason | undefined): string | undefined {
  if (reason === 'function') return FUNCTION_CALL_WARNING
  if (reason === 'write') return WRITE_OPERATION_WARNING
  return undefined
}

/**
 * The product's list of functions a safe query may call, by the name written in the SQL. `in` is
 * there because its check was textual; in the parse tree `x IN (...)` is an operator, never a call.
 * `READ_ONLY_BUILTINS` extends it.
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

const SAFE_FUNCTION_SET = new Set([...SAFE_FUNCTIONS, ...READ_ONLY_BUILTINS])

const WRITING_NODES = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt', 'LockingClause'])

/**
 * A call is allowed when it names a known read-only function, unqualified or in pg_catalog (a
 * function of another schema may do anything, whatever its name). Calls written with SQL's own
 * syntax (`trim(x)`, `position(a in b)`, `x AT TIME ZONE z`, SYSTEM_USER...) only ever reach
 * built-ins that compute a value: the grammar produces them, a user cannot point them elsewhere.
 */
function isAllowedCall(node: TypedNode, catalog: ReadonlySet<string> | undefined): boolean {
  if (node.body.funcformat === 'COERCE_SQL_SYNTAX') return true
  const names = stringList(node.body.funcname)
  const name = names[names.length - 1]
  const schema = names.length > 1 ? names[names.length - 2] : undefined
  if (!name || names.length > 2 || (schema !== undefined && schema !== 'pg_catalog')) return false
  return SAFE_FUNCTION_SET.has(name) || Boolean(catalog?.has(name))
}

const writes = (node: TypedNode): boolean =>
  WRITING_NODES.has(node.type) || (node.type === 'SelectStmt' && Boolean(node.body.intoClause))

/**
 * Calls by name. Expressions with their own syntax (CURRENT_USER, GREATEST, XMLELEMENT, JSON_OBJECT...)
 * are built-ins that only compute a value, so they never count.
 */
const callsUnlistedFunction =
  (catalog: ReadonlySet<string> | undefined) =>
  (node: TypedNode): boolean =>
    node.type === 'FuncCall' && !isAllowedCall(node, catalog)

/** A cast (`x::t`, `CAST(x AS t)`, `t 'literal'`) to a type that is not one of pg_catalog's own. */
function castsToProjectType(node: TypedNode): boolean {
  if (node.type !== 'TypeCast') return false
  const typeName = node.body.typeName
  const names = stringList(typeof typeName === 'object' && typeName !== null ? (typeName as NodeBody).names : undefined)
  const name = names[names.length - 1]
  if (!name || names.length > 2) return true
  if (names.length === 2) return names[0] !== 'pg_catalog'
  return !BUILTIN_TYPE_NAMES.has(name)
}

/** What makes one SELECT unsafe, looking at its whole tree (subqueries, CTEs, set operations). */
function selectHazard(select: unknown, catalog: ReadonlySet<string> | undefined): 'write' | 'function' | undefined {
  if (someNode(select, writes)) return 'write'
  const callsFunction = callsUnlistedFunction(catalog)
  return someNode(select, (node) => callsFunction(node) || castsToProjectType(node)) ? 'function' : undefined
}

/**
 * Whether the SQL may run without confirmation: every statement is a read-only SELECT
 * (VALUES, TABLE t and set operations included) calling only functions known to be read-only.
 * Decided on the parse tree: keywords in strings, comments and identifiers never matter.
 * A write anywhere wins over a function call when both occur.
 */
export function analyzeSafety(parsed: ParsedSql, options: SafetyOptions = {}): Safety {
  if (parsed.error) return { safe: false, reason: 'invalid' }
  if (parsed.statements.length === 0) return { safe: false, reason: 'empty' }
  let functionCall = false
  for (const statement of parsed.statements) {
    if (statement.type !== 'SelectStmt') return { safe: false, reason: 'write' }
    const hazard = selectHazard(statement.node, options.readOnlyFunctions)
    if (hazard === 'write') return { safe: false, reason: 'write' }
    if (hazard === 'function') functionCall = true
  }
  return functionCall ? { safe: false, reason: 'function' } : { safe: true }
}

export function isSafeQuery(parsed: ParsedSql, options: SafetyOptions = {}): boolean {
  return analyzeSafety(parsed, options).safe
}
