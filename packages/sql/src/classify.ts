import { asNode, type TypedNode, walkExecuted } from './ast'
import type { ParsedSql } from './parser'

export type SqlCategory = 'functions' | 'rls-policies'

const FUNCTION_OBJECTS = new Set(['OBJECT_FUNCTION', 'OBJECT_PROCEDURE', 'OBJECT_ROUTINE', 'OBJECT_AGGREGATE'])
const ROW_SECURITY_COMMANDS = new Set([
  'AT_EnableRowSecurity',
  'AT_DisableRowSecurity',
  'AT_ForceRowSecurity',
  'AT_NoForceRowSecurity',
])

function categoryOf(node: TypedNode): SqlCategory | undefined {
  switch (node.type) {
    case 'CreateFunctionStmt':
    case 'AlterFunctionStmt':
      return 'functions'
    case 'CreatePolicyStmt':
    case 'AlterPolicyStmt':
      return 'rls-policies'
    case 'DropStmt':
      if (FUNCTION_OBJECTS.has(String(node.body.removeType))) return 'functions'
      return node.body.removeType === 'OBJECT_POLICY' ? 'rls-policies' : undefined
    case 'AlterTableStmt': {
      const commands = Array.isArray(node.body.cmds) ? node.body.cmds : []
      const rls = commands.some((command) => ROW_SECURITY_COMMANDS.has(String(asNode(command)?.body.subtype)))
      return rls ? 'rls-policies' : undefined
    }
    default:
      return undefined
  }
}

/**
 * Every category the script touches, in order of first appearance:
 * 'functions' for CREATE [OR REPLACE] / ALTER / DROP of functions, procedures and aggregates;
 * 'rls-policies' for CREATE / ALTER / DROP POLICY and ALTER TABLE ... ROW LEVEL SECURITY.
 */
export function sqlCategories(parsed: ParsedSql): SqlCategory[] {
  const found: SqlCategory[] = []
  for (const statement of parsed.statements) {
    walkExecuted(statement.node, (node) => {
      const category = categoryOf(node)
      if (category && !found.includes(category)) found.push(category)
    })
  }
  return found
}

/**
 * The category of a script: the first one it touches, or null for any other SQL
 * (including SQL with a syntax error). A script that enables row level security and then
 * creates a function that a policy uses is 'rls-policies'.
 */
export function classifySql(parsed: ParsedSql): SqlCategory | null {
  return sqlCategories(parsed)[0] ?? null
}
